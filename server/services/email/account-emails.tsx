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
export function registrationAttemptEmail(p: { loginUrl: string; forgotUrl: string }) {
  return render(
    'Someone tried to register with your email address',
    <AccountEmail preview="This address already has a Saathi account." name={null} action={{ label: 'Sign in', href: p.loginUrl }}>
      <Text style={paragraph}>Someone (perhaps you) tried to create a new Saathi account with this email address, which already has an account.</Text>
      <Text style={paragraph}>
        If it was you, sign in, or <Link href={p.forgotUrl}>choose a new password</Link>. If it was not you, you can ignore this email: nothing has changed.
      </Text>
    </AccountEmail>,
  );
}

export function recoveryCodeUsedEmail(p: { name: string; left: number; settingsUrl: string }) {
  const left = `${p.left} of your recovery codes ${p.left === 1 ? 'is' : 'are'} left`;
  return render(
    'A recovery code was used to sign in to Saathi',
    <AccountEmail preview={`A recovery code was used. ${left}.`} name={p.name} action={{ label: 'Open my security settings', href: p.settingsUrl }}>
      <Text style={paragraph}>A recovery code was used to sign in to your Saathi account. {left}.</Text>
      <Text style={paragraph}>If this was you, you can make a new set of codes in Settings → Privacy &amp; Security. If it was not you, change your password there now: that signs out every other device.</Text>
    </AccountEmail>,
  );
}

export function newDeviceSignInEmail(p: { name: string; device: string; when: string; settingsUrl: string }) {
  return render(
    'New sign-in to your Saathi account',
    <AccountEmail preview={`Signed in with ${p.device}.`} name={p.name} action={{ label: 'Review my devices', href: p.settingsUrl }}>
      <Text style={paragraph}>
        Your Saathi account was just signed in to from a browser it has not been used in before: <strong>{p.device}</strong>, {p.when}.
      </Text>
      <Text style={paragraph}>If this was you, there is nothing to do. If it was not, change your password in Settings → Privacy &amp; Security: that signs out every other device.</Text>
    </AccountEmail>,
  );
}

export function verificationOutcomeEmail(p: { name: string; approved: true; profileUrl: string } | { name: string; approved: false; reason: string; profileUrl: string }) {
  return p.approved
    ? render(
        'You are verified on Saathi',
        <AccountEmail preview="The Verified badge now shows on your profile." name={p.name} action={{ label: 'See my profile', href: p.profileUrl }}>
          <Text style={paragraph}>Your identity has been verified. The Verified badge now shows on your profile, so families know you are who you say you are.</Text>
          <Text style={paragraph}>Your selfie and ID photos have been deleted, as promised.</Text>
        </AccountEmail>,
      )
    : render(
        'Your Saathi verification was not approved',
        <AccountEmail preview="We could not verify your identity this time." name={p.name} action={{ label: 'Send new photos', href: p.profileUrl }}>
          <Text style={paragraph}>We could not verify your identity this time.</Text>
          <Text style={paragraph}>Reason: {p.reason}</Text>
          <Text style={paragraph}>You can send new photos from your profile whenever you are ready. Your selfie and ID photos from this request have been deleted.</Text>
        </AccountEmail>,
      );
}

export function warningEmail(p: { name: string; message: string; termsUrl: string }) {
  return render(
    'A warning from the Saathi team',
    <AccountEmail preview="Our review team looked into a report about you." name={p.name} action={{ label: 'Read the community guidelines', href: p.termsUrl }}>
      <Text style={paragraph}>Another member reported your behaviour on Saathi, and our review team has looked into it.</Text>
      <Text style={{ ...paragraph, padding: '10px 12px', background: '#fbf6f2', borderRadius: 8 }}>{p.message}</Text>
      <Text style={paragraph}>Please follow our community guidelines. Repeated reports lead to suspension.</Text>
    </AccountEmail>,
  );
}

/** A reviewer turned off one of the member's share links: which profile link, and why. */
export function shareRevokedEmail(p: { name: string; reason: string; profileUrl: string }) {
  return render(
    'A share link of your Saathi profile was turned off',
    <AccountEmail preview="The link no longer opens your profile." name={p.name} action={{ label: 'Open your profile', href: p.profileUrl }}>
      <Text style={paragraph}>Our review team turned off a link you made to share your Saathi profile. Anyone who opens it now sees that it is no longer available.</Text>
      <Text style={{ ...paragraph, padding: '10px 12px', background: '#fbf6f2', borderRadius: 8 }}>{p.reason}</Text>
      <Text style={paragraph}>Your profile itself is unchanged. You can make a new share link from your profile whenever you like.</Text>
    </AccountEmail>,
  );
}

/** A suspension's end as the emails write it: "14 December 2026, 10:00 UTC". */
export function formatUntil(until: number): string {
  const d = new Date(until);
  const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(d);
  return `${date}, ${time} UTC`;
}

/** What the member's account is now: suspended until a date, suspended until restored, or banned. */
export type Restriction = { kind: 'suspension'; until: number | null } | { kind: 'ban' };

function restrictionText(r: Restriction): string {
  if (r.kind === 'ban') return 'Your Saathi account is closed permanently (banned). You cannot sign in to it again.';
  if (r.until !== null) return `Your Saathi account is suspended until ${formatUntil(r.until)}. You can sign in again after that.`;
  return 'Your Saathi account is suspended until our team restores it. You cannot sign in while it is suspended.';
}

export function suspensionEmail(p: { name: string; appealUrl: string; restriction: Restriction }) {
  const banned = p.restriction.kind === 'ban';
  return render(
    banned ? 'Your Saathi account is banned' : 'Your Saathi account is suspended',
    <AccountEmail preview="You can appeal within 30 days." name={p.name} action={{ label: banned ? 'Appeal the ban' : 'Appeal the suspension', href: p.appealUrl }}>
      <Text style={paragraph}>After reviewing reports from other members, our team has {banned ? 'banned' : 'suspended'} your Saathi account, and you are signed out.</Text>
      <Text style={paragraph}>{restrictionText(p.restriction)}</Text>
      <Text style={paragraph}>If you think this is a mistake, tell us why within 30 days. A reviewer reads every appeal — whenever we can, one other than the reviewer who decided — and we will write to you at this address.</Text>
    </AccountEmail>,
  );
}

export function accountRestoredEmail(p: { name: string; reason: string; loginUrl: string }) {
  return render(
    'Your Saathi account is active again',
    <AccountEmail preview="You can sign in again." name={p.name} action={{ label: 'Sign in', href: p.loginUrl }}>
      <Text style={paragraph}>Your Saathi account is active again: you can sign in and use Saathi as before.</Text>
      <Text style={{ ...paragraph, padding: '10px 12px', background: '#fbf6f2', borderRadius: 8 }}>Reason: {p.reason}</Text>
    </AccountEmail>,
  );
}

export function appealUpheldEmail(p: { name: string; reason: string; restriction: Restriction; termsUrl: string }) {
  const banned = p.restriction.kind === 'ban';
  return render(
    banned ? 'Your appeal was reviewed: the ban stays' : 'Your appeal was reviewed: the suspension stays',
    <AccountEmail preview="A reviewer read your appeal." name={p.name} action={{ label: 'Read the community guidelines', href: p.termsUrl }}>
      <Text style={paragraph}>A reviewer read your appeal and decided that the {banned ? 'ban' : 'suspension'} of your Saathi account stays.</Text>
      <Text style={{ ...paragraph, padding: '10px 12px', background: '#fbf6f2', borderRadius: 8 }}>Reason: {p.reason}</Text>
      <Text style={paragraph}>{restrictionText(p.restriction)}</Text>
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

const STORY_CONSENT_SUBJECTS = {
  team: 'May we share your Saathi success story?',
  submitted: 'Please confirm your Saathi success story',
  changed: 'Your Saathi success story changed: please confirm it again',
} as const;

/** Asking a member to agree to their success story: the team's request, their partner's submission, or a change. */
export function storyConsentEmail(p: { name: string; partnerName: string; url: string; reason?: keyof typeof STORY_CONSENT_SUBJECTS }) {
  const reason = p.reason ?? 'team';
  const lead = {
    team: `The Saathi team would like to publish the story of how you and ${p.partnerName} met, with both your full names, on the Saathi website and in the app.`,
    submitted: `${p.partnerName} wrote the story of how you met and would like Saathi to publish it, with both your full names, on the Saathi website and in the app.`,
    changed: `The story of you and ${p.partnerName} was changed after you agreed to it. Please read it again, with its photos, and answer.`,
  }[reason];
  return render(
    STORY_CONSENT_SUBJECTS[reason],
    <AccountEmail preview="Nothing is published unless you both agree." name={p.name} action={{ label: 'Read the story and answer', href: p.url }} why="You receive this because your Saathi success story needs your answer; nothing is published without it.">
      <Text style={paragraph}>{lead}</Text>
      <Text style={paragraph}>Nothing is published unless you both agree. If you agree now and change your mind later, the same link lets you withdraw: the story is taken down at once.</Text>
    </AccountEmail>,
  );
}
