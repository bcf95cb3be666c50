import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';

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
export function EmailLayout({ preview, name, children, action, afterAction, footer }: { preview: string; name: string | null; children: ReactNode; action: { label: string; href: string }; afterAction?: ReactNode; footer: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, background: colors.cream, fontFamily: 'Helvetica, Arial, sans-serif', color: colors.ink }}>
        <Container style={{ maxWidth: 480, margin: '0 auto', padding: '24px 16px' }}>
          <Text style={{ fontSize: 20, fontWeight: 700, color: colors.maroon, margin: '0 0 16px' }}>Saathi</Text>
          <Section style={{ background: '#ffffff', border: `1px solid ${colors.border}`, borderRadius: 12, padding: '20px 18px' }}>
            <Text style={{ fontSize: 16, margin: '0 0 12px' }}>{name ? `Namaste ${name},` : 'Namaste,'}</Text>
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
function Layout({ unsubscribe, because = 'email notifications are on', ...rest }: { preview: string; name: string; children: ReactNode; action: { label: string; href: string }; unsubscribe: { label: string; href: string }; because?: string }) {
  return (
    <EmailLayout
      {...rest}
      footer={
        <>
          You receive this because {because} in your Saathi settings.{' '}
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

export function matchEmail(p: { name: string; otherName: string; chatUrl: string; unsubscribeUrl: string }): Promise<RenderedEmail> {
  return renderEmail(
    `It's a match: you and ${p.otherName} like each other`,
    <Layout preview={`You and ${p.otherName} like each other. Say hello!`} name={p.name} action={{ label: `Say hello to ${p.otherName}`, href: p.chatUrl }} unsubscribe={{ label: 'Stop emails about new matches', href: p.unsubscribeUrl }}>
      <Text style={{ fontSize: 15, lineHeight: '22px', margin: '0 0 18px' }}>
        You and {p.otherName} like each other. A first message within a day or two makes all the difference.
      </Text>
    </Layout>,
  );
}

export function digestEmail(p: { name: string; likes: number; views: number; period: 'today' | 'this week'; url: string; unsubscribeUrl: string }): Promise<RenderedEmail> {
  const parts = [p.likes ? `${p.likes} ${p.likes === 1 ? 'member' : 'members'} liked your profile` : null, p.views ? `${p.views} ${p.views === 1 ? 'member' : 'members'} viewed it` : null].filter(Boolean);
  const summary = parts.join(' and ');
  return renderEmail(
    `${summary.charAt(0).toUpperCase()}${summary.slice(1)}`,
    <Layout preview={`Your Saathi ${p.period === 'today' ? 'day' : 'week'}: ${summary}.`} name={p.name} action={{ label: 'See who it was', href: p.url }} unsubscribe={{ label: 'Stop this digest', href: p.unsubscribeUrl }}>
      <Text style={{ fontSize: 15, lineHeight: '22px', margin: '0 0 18px' }}>
        Since your last digest, {summary}. A like back is how a match begins.
      </Text>
    </Layout>,
  );
}

export function messageEmail(p: { name: string; senderName: string; count: number; preview: string; chatUrl: string; unsubscribeUrl: string }): Promise<RenderedEmail> {
  const what = p.count === 1 ? 'a message' : `${p.count} messages`;
  return renderEmail(
    `${p.senderName} sent you ${what} on Saathi`,
    <Layout preview={p.preview} name={p.name} action={{ label: `Reply to ${p.senderName}`, href: p.chatUrl }} unsubscribe={{ label: 'Stop emails about new messages', href: p.unsubscribeUrl }}>
      <Text style={{ fontSize: 15, lineHeight: '22px', margin: '0 0 8px' }}>
        {p.senderName} sent you {what} you have not read yet:
      </Text>
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
function Transactional({ why, ...rest }: { preview: string; name: string | null; children: ReactNode; action: { label: string; href: string }; why: string }) {
  return <EmailLayout {...rest} footer={why} />;
}

/** Subjects of the family invitations: fixed catalogue texts, never words a member typed. */
export const FAMILY_INVITE_SUBJECTS = {
  candidate: 'A family member made a Saathi profile for you',
  family: 'A family member invites you to help on Saathi',
} as const;

/**
 * An invitation goes to an address outside Saathi that a member typed, so it carries nothing a member wrote but a
 * first name (checked to be a name: no links), and its subject is fixed: it cannot be used to send anyone a message.
 * It invites the person a profile is for (candidate) or one of their family.
 */
export function familyInviteEmail(p: { name: string | null; inviterFirstName: string | null; inviterRole: string; role: 'candidate' | 'family'; relation: string | null; link: string; expiresDays: number }): Promise<RenderedEmail> {
  const inviter = p.inviterFirstName ? `${p.inviterFirstName} (your ${p.inviterRole})` : `A family member (${p.inviterRole})`;
  return renderEmail(
    FAMILY_INVITE_SUBJECTS[p.role],
    <Transactional
      preview={p.role === 'candidate' ? 'Accept it, take it over, or decline it.' : 'Your own sign-in, with what they allow.'}
      name={p.name}
      action={{ label: p.role === 'candidate' ? 'See the profile and answer' : 'Accept the invitation', href: p.link }}
      why={`You receive this because a Saathi member entered your email address. The link works once and for ${p.expiresDays} days. If you ignore it, nothing changes.`}
    >
      {p.role === 'candidate' ? (
        <Text style={paragraph}>
          {inviter} created a matrimonial profile for you on Saathi. Until you answer, other members see it as "managed by family,
          not yet confirmed by you". You can accept it (and decide what your family may do for you), take it over entirely, or
          decline it: then it is hidden from everyone at once.
        </Text>
      ) : (
        <Text style={paragraph}>
          {inviter} asks you to help with a Saathi profile as their {p.relation}. You will have your own sign-in; they decide what you
          may do (search, like, suggest matches, write) and can remove you at any time.
        </Text>
      )}
    </Transactional>,
  );
}

/** Told to the family when the candidate declines the profile made for them. */
export function familyDeclinedEmail(p: { name: string; candidateName: string; url: string }): Promise<RenderedEmail> {
  return renderEmail(
    `${p.candidateName} declined the Saathi profile made for them`,
    <Transactional preview="The profile is hidden from everyone." name={p.name} action={{ label: 'Open Saathi', href: p.url }} why="You receive this because you manage this profile on Saathi.">
      <Text style={paragraph}>
        {p.candidateName} declined the profile you made for them. It is hidden from every member and nobody can act for it any more. You
        can talk with them and delete it from your account page.
      </Text>
    </Transactional>,
  );
}
