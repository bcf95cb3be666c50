import type { ID_DOCUMENT_TYPES } from '../../contracts/enums';
import { humanize } from './format';

/** How the API's enum values read in the console. */
const DOCUMENT_TYPES: Record<(typeof ID_DOCUMENT_TYPES)[number], string> = {
  passport: 'Passport',
  national_id: 'National ID',
  driving_licence: 'Driving licence',
  residence_permit: 'Residence permit',
};

export function documentTypeLabel(value: string | null | undefined): string {
  if (!value) return '—';
  return (DOCUMENT_TYPES as Record<string, string>)[value] ?? humanize(value);
}

export const REPORT_REASON_LABELS: Record<string, string> = {
  fake_profile: 'Fake profile',
  inappropriate_content: 'Inappropriate content',
  harassment: 'Harassment',
  scam_or_money_request: 'Scam or money request',
  underage: 'Underage',
  made_without_consent: 'Made without consent',
  appeal: 'Appeal of a suspension',
  other: 'Other',
};

export function reasonLabel(reason: string): string {
  return REPORT_REASON_LABELS[reason] ?? humanize(reason);
}

/** Who filed a report, when there is no reporter account: the person a profile was made for, or a deleted account. */
export function reporterFallback(source: string): string {
  if (source === 'auto') return 'Saathi’s scam rules (automatic)';
  return source === 'family_decline' ? 'The person it was made for (no account)' : 'Deleted account';
}

/** Where a report was filed from. */
export function reportSourceLabel(source: string): string {
  if (source === 'auto') return 'Automatic, from chat';
  if (source === 'video_call') return 'From a video call';
  return source === 'family_decline' ? 'On declining the profile' : source === 'chat' ? 'From chat' : 'From profile';
}

/** Audit actions as sentences' verbs: "report.warn" → "Warned (report)". Unknown ones are humanized. */
const ACTION_LABELS: Record<string, string> = {
  'ops.sign_in': 'Signed in',
  'ops.sign_in_failed': 'Sign-in failed',
  'ops.sign_in_refused': 'Sign-in refused',
  'ops.sign_out': 'Signed out',
  'verification.approve': 'Approved verification',
  'verification.reject': 'Rejected verification',
  'verification.view_document': 'Opened an ID image',
  'report.dismiss': 'Dismissed report',
  'report.warn': 'Warned member (report)',
  'report.suspend': 'Suspended member (report)',
  'member.suspend': 'Suspended member',
  'member.restore': 'Restored member',
  'member.ban': 'Banned member',
  'appeal.uphold': 'Upheld appeal',
  'appeal.overturn': 'Overturned appeal (access restored)',
  'member.email_bounce_cleared': 'Lifted undeliverable-email mark',
  'member.email': 'Emailed member',
  'share.deactivate': 'Deactivated share link',
  'shares.export': 'Exported share links',
  'story.create': 'Created story',
  'story.update': 'Edited story',
  'story.publish': 'Published story',
  'story.unpublish': 'Unpublished story',
  'story.photo': 'Added story photo',
  'story.photo_remove': 'Removed story photo',
  'story.delete': 'Deleted story',
  'story.submit': 'Member sent in their story',
  'story.member_edit': 'Member edited their story',
  'story.member_photo': 'Member added a story photo',
  'story.member_photo_remove': 'Member removed a story photo',
  'story.consent_request': 'Asked for consent to a story',
  'story.consent_accepted': 'Agreed to a story',
  'story.consent_declined': 'Declined a story',
  'story.consent_withdrawn': 'Withdrew consent to a story',
  'reviewer.create': 'Invited staff account',
  'reviewer.deactivate': 'Deactivated staff account',
  'reviewer.reactivate': 'Reactivated staff account',
  'reviewer.role': 'Changed role',
  'reviewer.reset': 'Sent password reset',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? humanize(action);
}
