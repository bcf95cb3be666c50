import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';
import type { CatalogueId } from '../../../contracts/i18n/catalogue-ids';
import { LANGUAGES, type Language, localeOf } from '../../../contracts/i18n/languages';
import { catalogueOf, type Translator, translatorFor } from '../../i18n';
/** Templates without a language are written in English. */
const ENGLISH = translatorFor('en');

/**
 * Notification emails, written as React (React Email) and rendered to email-safe HTML and a plain-text part.
 * One layout: the member's name, one thing to do (a button to the right screen), and at the foot why they got it
 * and a link that turns off just this kind of email without signing in.
 */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const colors = { maroon: '#7a1f3d', ink: '#2b2024', muted: '#6b5a60', cream: '#fbf6f2', border: '#eadfd8' };

/** The one layout of every email: greeting, content, one button, and a footer saying why it was sent. */
export function EmailLayout({ preview, name, children, action, afterAction, footer, t = ENGLISH }: { preview: string; name: string | null; children: ReactNode; action: { label: string; href: string }; afterAction?: ReactNode; footer: ReactNode; t?: Translator }) {
  return (
    <Html lang={t.language}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, background: colors.cream, fontFamily: 'Helvetica, Arial, sans-serif', color: colors.ink }}>
        <Container style={{ maxWidth: 480, margin: '0 auto', padding: '24px 16px' }}>
          <Text style={{ fontSize: 20, fontWeight: 700, color: colors.maroon, margin: '0 0 16px' }}>Saathi</Text>
          <Section style={{ background: '#ffffff', border: `1px solid ${colors.border}`, borderRadius: 12, padding: '20px 18px' }}>
            <Text style={{ fontSize: 16, margin: '0 0 12px' }}>{name ? t('server.email.greetingNamed', { name }) : t('server.email.greeting')}</Text>
            {children}
            <Button href={action.href} style={{ background: colors.maroon, color: '#ffffff', borderRadius: 999, padding: '12px 22px', fontWeight: 700, fontSize: 15 }}>
              {action.label}
            </Button>
            {afterAction}
          </Section>
          <Hr style={{ borderColor: colors.border, margin: '20px 0 12px' }} />
          <Text style={{ fontSize: 12, color: colors.muted, margin: 0 }}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A notification email: the layout with the footer that turns this kind off. */
function Layout({ unsubscribe, because, t = ENGLISH, ...rest }: { preview: string; name: string; children: ReactNode; action: { label: string; href: string }; unsubscribe: { label: string; href: string }; because?: string; t?: Translator }) {
  return (
    <EmailLayout
      {...rest}
      t={t}
      footer={
        <>
          {t('server.email.notificationWhy', { because: because ?? t('server.email.becauseNotifications') })}{' '}
          <Link href={unsubscribe.href} style={{ color: colors.muted, textDecoration: 'underline' }}>
            {unsubscribe.label}
          </Link>
        </>
      }
    />
  );
}

/** Paragraph style of the emails' text. */
export const paragraph = { fontSize: 15, lineHeight: '22px', margin: '0 0 12px' } as const;

/** The HTML and plain-text parts of an email. */
export async function renderEmail(subject: string, element: ReactNode): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}

export function matchEmail(p: { name: string; otherName: string; chatUrl: string; unsubscribeUrl: string; language?: Language }): Promise<RenderedEmail> {
  const t = translatorFor(p.language ?? 'en');
  const other = { other: p.otherName };
  return renderEmail(
    t('server.email.match.subject', other),
    <Layout t={t} preview={t('server.email.match.preview', other)} name={p.name} action={{ label: t('server.email.match.action', other), href: p.chatUrl }} unsubscribe={{ label: t('server.email.match.stop'), href: p.unsubscribeUrl }}>
      <Text style={{ fontSize: 15, lineHeight: '22px', margin: '0 0 18px' }}>{t('server.email.match.text', other)}</Text>
    </Layout>,
  );
}

export function digestEmail(p: { name: string; likes: number; views: number; period: 'today' | 'this week'; url: string; unsubscribeUrl: string; language?: Language }): Promise<RenderedEmail> {
  const t = translatorFor(p.language ?? 'en');
  const likes = p.likes ? t('server.email.digest.likes', { count: p.likes }) : null;
  const summary = likes && p.views
    ? t('server.email.digest.both', { likes, views: t('server.email.digest.views', { count: p.views }) })
    : (likes ?? t('server.email.digest.viewsOnly', { count: p.views }));
  return renderEmail(
    summary,
    <Layout t={t} preview={t(p.period === 'today' ? 'server.email.digest.previewDay' : 'server.email.digest.previewWeek', { summary })} name={p.name} action={{ label: t('server.email.digest.action'), href: p.url }} unsubscribe={{ label: t('server.email.digest.stop'), href: p.unsubscribeUrl }}>
      <Text style={{ fontSize: 15, lineHeight: '22px', margin: '0 0 18px' }}>{t('server.email.digest.text', { summary })}</Text>
    </Layout>,
  );
}

export function messageEmail(p: { name: string; senderName: string; count: number; preview: string; chatUrl: string; unsubscribeUrl: string; language?: Language }): Promise<RenderedEmail> {
  const t = translatorFor(p.language ?? 'en');
  const values = { sender: p.senderName, count: p.count };
  return renderEmail(
    t('server.email.message.subject', values),
    <Layout t={t} preview={p.preview} name={p.name} action={{ label: t('server.email.message.action', values), href: p.chatUrl }} unsubscribe={{ label: t('server.email.message.stop'), href: p.unsubscribeUrl }}>
      <Text style={{ fontSize: 15, lineHeight: '22px', margin: '0 0 8px' }}>{t('server.email.message.text', values)}</Text>
      <Text style={{ fontSize: 15, lineHeight: '22px', margin: '0 0 18px', padding: '10px 12px', background: colors.cream, borderRadius: 8, fontStyle: 'italic' }}>{p.preview}</Text>
    </Layout>,
  );
}

/** News about Saathi (a feature, an offer), written by the team and sent only to members who turned App updates on. */
export function announcementEmail(p: { name: string; subject: string; paragraphs: string[]; action: { label: string; href: string }; unsubscribeUrl: string }): Promise<RenderedEmail> {
  return renderEmail(
    p.subject,
    <Layout preview={p.paragraphs[0] ?? p.subject} name={p.name} action={p.action} because="App updates are on" unsubscribe={{ label: 'Stop news about Saathi', href: p.unsubscribeUrl }}>
      {p.paragraphs.map((text, i) => (
        <Text key={text} style={{ ...paragraph, margin: i === p.paragraphs.length - 1 ? '0 0 18px' : paragraph.margin }}>
          {text}
        </Text>
      ))}
    </Layout>,
  );
}

/** A transactional email: the layout with a footer saying why it came (no unsubscribe: it answers an action). */
function Transactional({ why, ...rest }: { preview: string; name: string | null; children: ReactNode; action: { label: string; href: string }; why: string; t?: Translator }) {
  return <EmailLayout {...rest} footer={why} />;
}

/** Subjects of the family invitations: fixed catalogue texts, never words a member typed. */
export const FAMILY_INVITE_SUBJECTS = {
  candidate: 'server.email.invite.subjectCandidate',
  family: 'server.email.invite.subjectFamily',
} as const;

/**
 * An invitation goes to an address outside Saathi that a member typed, so it carries nothing a member wrote but a
 * first name (checked to be a name: no links), and its subject is fixed: it cannot be used to send anyone a message.
 * It invites the person a profile is for (candidate) or one of their family.
 */
export function familyInviteEmail(p: { name: string | null; inviterFirstName: string | null; inviterRole: string; role: 'candidate' | 'family'; relation: string | null; link: string; expiresDays: number; language?: Language }): Promise<RenderedEmail> {
  const t = translatorFor(p.language ?? 'en');
  const role = yourRelation(t, p.inviterRole);
  const inviter = p.inviterFirstName ? t('server.email.invite.inviterNamed', { name: p.inviterFirstName, role }) : t('server.email.invite.inviter', { role });
  return renderEmail(
    t(FAMILY_INVITE_SUBJECTS[p.role]),
    <Transactional
      t={t}
      preview={p.role === 'candidate' ? t('server.email.invite.previewCandidate') : t('server.email.invite.previewFamily')}
      name={p.name}
      action={{ label: p.role === 'candidate' ? t('server.email.invite.actionCandidate') : t('server.email.invite.actionFamily'), href: p.link }}
      why={t('server.email.invite.why', { days: p.expiresDays })}
    >
      {p.role === 'candidate' ? (
        <Text style={paragraph}>{t('server.email.invite.textCandidate', { inviter })}</Text>
      ) : (
        <Text style={paragraph}>{t('server.email.invite.textFamily', { inviter, relation: p.relation ? theirRelation(t, p.relation) : '' })}</Text>
      )}
      {/* The invitation is in the inviter's language: one line in English too, for a relative who reads it instead. */}
      {t.language === 'en' ? null : <Text style={{ ...paragraph, fontSize: 13, color: colors.muted }}>{translatorFor('en')('server.email.invite.inEnglish')}</Text>}
      {/* The invitation's page in each other language, each named in its own script (`?lang=` picks the page's). */}
      <Text style={{ ...paragraph, fontSize: 13, color: colors.muted }}>
        {t('server.email.invite.readIn')}{' '}
        {LANGUAGES.filter((l) => l.code !== t.language).map((l, i) => (
          <span key={l.code}>
            {i > 0 ? ' · ' : null}
            <Link href={withLanguage(p.link, l.code)} lang={l.code}>
              {l.name}
            </Link>
          </span>
        ))}
      </Text>
    </Transactional>,
  );
}

/** A relation to the inviter ("their mother", "उनकी माँ", agreeing as each language wants) in the mail's language, or as given when the catalogue has no such relation. */
function theirRelation(t: Translator, relation: string): string {
  const id = `family.theirRelation.${relation}`;
  return id in catalogueOf(t.language) ? t(id as CatalogueId) : relation;
}

/**
 * A relation as the reader's ("your mother", "आपकी माँ", "உங்கள் அம்மா", agreeing as each language wants), written
 * mid-sentence; a relation the catalogue does not know as "your {relation}".
 */
function yourRelation(t: Translator, relation: string): string {
  const id = `family.yourRelation.${relation}`;
  if (!(id in catalogueOf(t.language))) return t('server.email.invite.yourOther', { role: relation });
  const phrase = t(id as CatalogueId);
  return phrase.charAt(0).toLocaleLowerCase(localeOf(t.language)) + phrase.slice(1);
}

/** `link` opening its page in `language` (the page takes `?lang=`). */
function withLanguage(link: string, language: Language): string {
  const url = new URL(link);
  url.searchParams.set('lang', language);
  return url.toString();
}

/** Told to the family when the candidate declines the profile made for them. */
export function familyDeclinedEmail(p: { name: string; candidateName: string; url: string; language?: Language }): Promise<RenderedEmail> {
  const t = translatorFor(p.language ?? 'en');
  const candidate = { candidate: p.candidateName };
  return renderEmail(
    t('server.email.familyDeclined.subject', candidate),
    <Transactional t={t} preview={t('server.email.familyDeclined.preview')} name={p.name} action={{ label: t('server.email.familyDeclined.action'), href: p.url }} why={t('server.email.familyDeclined.why')}>
      <Text style={paragraph}>{t('server.email.familyDeclined.text', candidate)}</Text>
    </Transactional>,
  );
}
