import { Link, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { EmailLayout, type RenderedEmail, paragraph, renderEmail } from './templates';
import type { Language } from '../../../contracts/i18n/languages';
import { type Translator, translatorFor } from '../../i18n';

/**
 * Account emails (confirmation, password reset, security notices, decisions of the review team) in the same
 * layout as the notification emails: one button to the right screen, the link also written out for mail clients
 * that hide buttons. They carry no unsubscribe link: they are about the account itself, and a member cannot turn
 * them off. Single-use links are hidden from the stored copy by the outbox (`redactSecretLinks`).
 */
const muted = { fontSize: 13, lineHeight: '19px', color: '#6b5a60', margin: '14px 0 0', wordBreak: 'break-all' } as const;

function AccountEmail({ preview, name, action, children, why, t = translatorFor('en') }: { preview: string; name: string | null; action: { label: string; href: string }; children: ReactNode; why?: string; t?: Translator }) {
  return (
    <EmailLayout
      t={t}
      preview={preview}
      name={name}
      action={action}
      footer={why ?? t('server.email.accountWhy')}
      afterAction={
        <Text style={muted}>
          {t('server.email.buttonFallback')} <Link href={action.href}>{action.href}</Link>
        </Text>
      }
    >
      {children}
    </EmailLayout>
  );
}

const render = (subject: string, element: ReactNode): Promise<RenderedEmail> => renderEmail(subject, element);

export function passwordResetEmail(p: { name: string; url: string; console?: boolean; language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  return p.console
    ? render(
        'Choose a new password for the Saathi console',
        <AccountEmail preview="An administrator asked for your console password to be reset." name={p.name} action={{ label: 'Choose a new password', href: p.url }} why="You receive this because you have a Saathi console account.">
          <Text style={paragraph}>An administrator asked for your Saathi console password to be reset. Open the link within one hour to choose a new one.</Text>
          <Text style={paragraph}>Your current password keeps working until you do. If you did not expect this, tell your administrator.</Text>
        </AccountEmail>,
      )
    : render(
        t('server.email.reset.subject'),
        <AccountEmail t={t} preview={t('server.email.reset.preview')} name={p.name} action={{ label: t('server.email.reset.action'), href: p.url }}>
          <Text style={paragraph}>{t('server.email.reset.text')}</Text>
          <Text style={paragraph}>{t('server.email.reset.ignore')}</Text>
        </AccountEmail>,
      );
}

export function confirmEmailEmail(p: { name: string; url: string; language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  return render(
    t('server.email.confirm.subject'),
    <AccountEmail t={t} preview={t('server.email.confirm.preview')} name={p.name} action={{ label: t('server.email.confirm.action'), href: p.url }}>
      <Text style={paragraph}>{t('server.email.confirm.text')}</Text>
      <Text style={paragraph}>{t('server.email.confirm.ignore')}</Text>
    </AccountEmail>,
  );
}

/** To an address that already has an account, instead of a confirmation (the form does not reveal which). */
export function registrationAttemptEmail(p: { loginUrl: string; forgotUrl: string; language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  return render(
    t('server.email.registrationAttempt.subject'),
    <AccountEmail t={t} preview={t('server.email.registrationAttempt.preview')} name={null} action={{ label: t('server.email.registrationAttempt.action'), href: p.loginUrl }}>
      <Text style={paragraph}>{t('server.email.registrationAttempt.text')}</Text>
      <Text style={paragraph}>{t.rich('server.email.registrationAttempt.what', { link: (chunks) => <Link href={p.forgotUrl}>{chunks}</Link> })}</Text>
    </AccountEmail>,
  );
}

export function recoveryCodeUsedEmail(p: { name: string; left: number; settingsUrl: string; language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  const left = t('server.email.recoveryCode.left', { left: p.left });
  return render(
    t('server.email.recoveryCode.subject'),
    <AccountEmail t={t} preview={t('server.email.recoveryCode.preview', { left })} name={p.name} action={{ label: t('server.email.recoveryCode.action'), href: p.settingsUrl }}>
      <Text style={paragraph}>{t('server.email.recoveryCode.text', { left })}</Text>
      <Text style={paragraph}>{t('server.email.recoveryCode.what')}</Text>
    </AccountEmail>,
  );
}

export function newDeviceSignInEmail(p: { name: string; device: string; when: string; settingsUrl: string; language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  return render(
    t('server.email.newDevice.subject'),
    <AccountEmail t={t} preview={t('server.email.newDevice.preview', { device: p.device })} name={p.name} action={{ label: t('server.email.newDevice.action'), href: p.settingsUrl }}>
      <Text style={paragraph}>{t.rich('server.email.newDevice.text', { device: p.device, when: p.when, strong: (chunks) => <strong>{chunks}</strong> })}</Text>
      <Text style={paragraph}>{t('server.email.newDevice.what')}</Text>
    </AccountEmail>,
  );
}

type VerificationOutcome = { name: string; approved: true; profileUrl: string } | { name: string; approved: false; reason: string; profileUrl: string };

export function verificationOutcomeEmail(p: VerificationOutcome & { language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  return p.approved
    ? render(
        t('server.email.verified.subject'),
        <AccountEmail t={t} preview={t('server.email.verified.preview')} name={p.name} action={{ label: t('server.email.verified.action'), href: p.profileUrl }}>
          <Text style={paragraph}>{t('server.email.verified.text')}</Text>
          <Text style={paragraph}>{t('server.email.verified.deleted')}</Text>
        </AccountEmail>,
      )
    : render(
        t('server.email.notVerified.subject'),
        <AccountEmail t={t} preview={t('server.email.notVerified.preview')} name={p.name} action={{ label: t('server.email.notVerified.action'), href: p.profileUrl }}>
          <Text style={paragraph}>{t('server.email.notVerified.text')}</Text>
          <Text style={paragraph}>{t('server.email.reason', { reason: p.reason })}</Text>
          <Text style={paragraph}>{t('server.email.notVerified.again')}</Text>
        </AccountEmail>,
      );
}

/** A reviewer's own words (a warning, a reason), set apart from the email's text: they stay as the reviewer wrote them. */
const quoted = { ...paragraph, padding: '10px 12px', background: '#fbf6f2', borderRadius: 8 } as const;

export function warningEmail(p: { name: string; message: string; termsUrl: string; language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  return render(
    t('server.email.warning.subject'),
    <AccountEmail t={t} preview={t('server.email.warning.preview')} name={p.name} action={{ label: t('server.email.warning.action'), href: p.termsUrl }}>
      <Text style={paragraph}>{t('server.email.warning.text')}</Text>
      <Text style={quoted}>{p.message}</Text>
      <Text style={paragraph}>{t('server.email.warning.follow')}</Text>
    </AccountEmail>,
  );
}

/** A reviewer turned off one of the member's share links: which profile link, and why. */
export function shareRevokedEmail(p: { name: string; reason: string; profileUrl: string; language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  return render(
    t('server.email.shareRevoked.subject'),
    <AccountEmail t={t} preview={t('server.email.shareRevoked.preview')} name={p.name} action={{ label: t('server.email.shareRevoked.action'), href: p.profileUrl }}>
      <Text style={paragraph}>{t('server.email.shareRevoked.text')}</Text>
      <Text style={quoted}>{p.reason}</Text>
      <Text style={paragraph}>{t('server.email.shareRevoked.unchanged')}</Text>
    </AccountEmail>,
  );
}

/** A suspension's end as the emails write it, in the reader's language: "14 December 2026, 10:00 UTC". */
export function formatUntil(until: number, locale = 'en-GB'): string {
  const d = new Date(until);
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(d);
  return `${date}, ${time} UTC`;
}

/** What the member's account is now: suspended until a date, suspended until restored, or banned. */
export type Restriction = { kind: 'suspension'; until: number | null } | { kind: 'ban' };

function restrictionText(r: Restriction, t: Translator): string {
  if (r.kind === 'ban') return t('server.email.restriction.ban');
  if (r.until !== null) return t('server.email.restriction.until', { until: formatUntil(r.until, t.locale) });
  return t('server.email.restriction.open');
}

export function suspensionEmail(p: { name: string; appealUrl: string; restriction: Restriction; language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  const banned = { banned: p.restriction.kind === 'ban' ? 'yes' : 'no' };
  return render(
    t('server.email.suspension.subject', banned),
    <AccountEmail t={t} preview={t('server.email.suspension.preview')} name={p.name} action={{ label: t('server.email.suspension.action', banned), href: p.appealUrl }}>
      <Text style={paragraph}>{t('server.email.suspension.text', banned)}</Text>
      <Text style={paragraph}>{restrictionText(p.restriction, t)}</Text>
      <Text style={paragraph}>{t('server.email.suspension.appeal')}</Text>
    </AccountEmail>,
  );
}

export function accountRestoredEmail(p: { name: string; reason: string; loginUrl: string; language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  return render(
    t('server.email.restored.subject'),
    <AccountEmail t={t} preview={t('server.email.restored.preview')} name={p.name} action={{ label: t('server.email.restored.action'), href: p.loginUrl }}>
      <Text style={paragraph}>{t('server.email.restored.text')}</Text>
      <Text style={quoted}>{t('server.email.reason', { reason: p.reason })}</Text>
    </AccountEmail>,
  );
}

export function appealUpheldEmail(p: { name: string; reason: string; restriction: Restriction; termsUrl: string; language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  const banned = { banned: p.restriction.kind === 'ban' ? 'yes' : 'no' };
  return render(
    t('server.email.upheld.subject', banned),
    <AccountEmail t={t} preview={t('server.email.upheld.preview')} name={p.name} action={{ label: t('server.email.warning.action'), href: p.termsUrl }}>
      <Text style={paragraph}>{t('server.email.upheld.text', banned)}</Text>
      <Text style={quoted}>{t('server.email.reason', { reason: p.reason })}</Text>
      <Text style={paragraph}>{restrictionText(p.restriction, t)}</Text>
    </AccountEmail>,
  );
}

export function staffDeactivatedEmail(p: { name: string; consoleUrl: string }) {
  return render(
    'Your Saathi console account is deactivated',
    <AccountEmail preview="Ask an administrator if you need access again." name={p.name} action={{ label: 'Open the console', href: p.consoleUrl }} why="You receive this because someone tried to sign in to your Saathi console account.">
      <Text style={paragraph}>Someone tried to sign in to your Saathi console account, which an administrator has deactivated. It cannot sign in until an administrator restores it.</Text>
      <Text style={paragraph}>If this was not you, tell your administrator.</Text>
    </AccountEmail>,
  );
}

/** A new reviewer or admin chooses their own password through this link; no administrator ever knows it. */
export function staffInviteEmail(p: { name: string; role: 'reviewer' | 'admin'; url: string }) {
  return render(
    'You are invited to the Saathi console',
    <AccountEmail preview="Choose your password to start reviewing." name={p.name} action={{ label: 'Choose your password', href: p.url }} why="You receive this because an administrator created a Saathi console account for you.">
      <Text style={paragraph}>An administrator created a Saathi console account for you, as {p.role === 'admin' ? 'an administrator' : 'a reviewer'}. Open the link within three days to choose your password.</Text>
      <Text style={paragraph}>When you first sign in, the console asks you to turn on two-factor authentication with an authenticator app: keep your phone at hand. If you did not expect this, ignore this email.</Text>
    </AccountEmail>,
  );
}

const STORY_CONSENT = {
  team: { subject: 'server.email.story.subjectTeam', lead: 'server.email.story.leadTeam' },
  submitted: { subject: 'server.email.story.subjectSubmitted', lead: 'server.email.story.leadSubmitted' },
  changed: { subject: 'server.email.story.subjectChanged', lead: 'server.email.story.leadChanged' },
} as const;

/** Asking a member to agree to their success story: the team's request, their partner's submission, or a change. */
export function storyConsentEmail(p: { name: string; partnerName: string; url: string; reason?: keyof typeof STORY_CONSENT; language?: Language }) {
  const t = translatorFor(p.language ?? 'en');
  const ids = STORY_CONSENT[p.reason ?? 'team'];
  return render(
    t(ids.subject),
    <AccountEmail t={t} preview={t('server.email.story.preview')} name={p.name} action={{ label: t('server.email.story.action'), href: p.url }} why={t('server.email.story.why')}>
      <Text style={paragraph}>{t(ids.lead, { partner: p.partnerName })}</Text>
      <Text style={paragraph}>{t('server.email.story.withdraw')}</Text>
    </AccountEmail>,
  );
}
