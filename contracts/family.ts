import * as z from 'zod';
import { AUTH_MESSAGES, passwordSchema } from './auth';
import { FAMILY_RELATION_VALUES, LIMITS } from './enums';
import { validationText } from './i18n/validation';

export { FAMILY_RELATION_VALUES } from './enums';
export const FAMILY_RELATION_LABELS: Record<(typeof FAMILY_RELATION_VALUES)[number], string> = {
  mother: 'mother',
  father: 'father',
  sibling: 'sibling',
  guardian: 'guardian',
  relative: 'relative',
  friend: 'friend',
};

/** A person's name as it may appear in an email to someone outside Saathi: letters, spaces, hyphens, apostrophes. */
export const PERSON_NAME = /^\p{L}[\p{L}\p{M} '’.-]*$/u;

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .pipe(z.string().max(LIMITS.emailMax, AUTH_MESSAGES.emailInvalid).email(AUTH_MESSAGES.emailInvalid))
  .transform((v) => v.toLowerCase());

/** Invite the candidate (the person the profile is for) or a family member, by email. */
export const familyInviteSchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('candidate'),
    email,
    firstName: z
      .string({ error: validationText('v.family.firstNameRequired') })
      .trim()
      .min(1, validationText('v.family.firstNameRequired'))
      .max(60, validationText('v.family.firstNameMax', { max: 60 }))
      // It goes into an email to an outside address: a name, never a link or a message.
      .regex(PERSON_NAME, validationText('v.family.firstNameLetters')),
  }),
  z.object({
    role: z.literal('family'),
    email,
    relation: z.enum(FAMILY_RELATION_VALUES, { error: validationText('v.family.relationRequired') }),
  }),
], { error: 'Invite as candidate or family' });
export type FamilyInviteInput = z.infer<typeof familyInviteSchema>;

/** The account the invited person signs in with from now on (their own password). */
export const familyAccountSchema = z
  .object({
    fullName: z.string({ error: AUTH_MESSAGES.fullNameRequired }).trim().min(1, AUTH_MESSAGES.fullNameRequired).max(LIMITS.fullNameMax),
    username: z
      .string({ error: AUTH_MESSAGES.usernameRequired })
      .trim()
      .min(LIMITS.usernameMin, AUTH_MESSAGES.usernameMin)
      .max(LIMITS.usernameMax, AUTH_MESSAGES.usernameMax)
      .regex(/^[A-Za-z0-9._-]+$/, AUTH_MESSAGES.usernameChars),
    password: passwordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmRequired }).min(1, AUTH_MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });
export type FamilyAccountInput = z.infer<typeof familyAccountSchema>;

export const FAMILY_ANSWERS = ['accept', 'decline', 'take_over'] as const;
/**
 * The candidate's answer. Declining may also report that the profile was made without their consent (`report`,
 * with what happened in `details`): a decline alone is not an accusation, so the report is their choice.
 */
export const familyAnswerSchema = z.object({
  answer: z.enum(FAMILY_ANSWERS, { error: 'Answer accept, decline or take_over' }),
  /** on accepting: what family may do for the candidate (each one left out keeps its default) */
  permissions: z.lazy(() => familyPermissionsSchema).optional(),
  report: z.boolean({ error: 'report must be true or false' }).optional(),
  details: z.string().trim().max(2000, validationText('v.common.detailsMax', { max: 2000 })).optional(),
}).refine((v) => !v.report || v.answer === 'decline', { message: 'A report of a profile made without consent goes with declining it', path: ['report'] });
export type FamilyAnswerInput = z.infer<typeof familyAnswerSchema>;

/**
 * self: the candidate made the profile and holds it; unconfirmed: family made it and the candidate has not
 * accepted; confirmed: the candidate accepted; declined: the candidate refused it.
 */
export type FamilyConsent = 'self' | 'unconfirmed' | 'confirmed' | 'declined';

/** What the candidate lets family members do for them. */
export interface FamilyPermissions {
  mayEdit: boolean;
  maySearch: boolean;
  mayLike: boolean;
  mayShortlist: boolean;
  mayMessage: boolean;
  /** share the profile outside Saathi: share links (and the biodata) */
  mayShare: boolean;
  /** join the candidate's video calls when the candidate adds them (a family introduction) */
  mayCall: boolean;
}

/** One person of a profile: its candidate or one of its family members. */
export interface FamilyPerson {
  userId: number;
  memberId: number | null;
  fullName: string;
  role: 'candidate' | 'family';
  relation: string | null;
  addedAt: string;
}

/** "p****@example.com": an address shown to someone who may not be its owner (the invitation link may be forwarded). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '****';
  return `${email[0]}****${email.slice(at)}`;
}

/** Whether a profile made by family waits, behind the consent gate, for the candidate; switched by its maker. */
export const consentGateSchema = z.object({ hiddenUntilConfirmed: z.boolean({ error: 'hiddenUntilConfirmed must be true or false' }) }).strict();

/** Profile types whose family-made profiles are hidden from search until the candidate confirms, unless chosen otherwise. */
export const HIDDEN_UNTIL_CONFIRMED_BY_DEFAULT: readonly string[] = ['sibling', 'relative', 'friend'];

export const familyPermissionsSchema = z
  .object({
    mayEdit: z.boolean(),
    maySearch: z.boolean(),
    mayLike: z.boolean(),
    mayShortlist: z.boolean(),
    mayMessage: z.boolean(),
    mayShare: z.boolean(),
    mayCall: z.boolean(),
  })
  .partial()
  .strict();

export const suggestionSchema = z.object({
  suggestedProfileId: z.coerce.number({ error: 'suggestedProfileId is required' }).int().positive('suggestedProfileId is required'),
  note: z.string().trim().max(500, validationText('v.common.noteMax', { max: 500 })).optional(),
});

export const SUGGESTION_DECISIONS = ['like', 'dismiss', 'discuss'] as const;
export const suggestionDecisionSchema = z.object({ decision: z.enum(SUGGESTION_DECISIONS, { error: 'Decide like, dismiss or discuss' }) });

export const threadMessageSchema = z.object({
  content: z.string({ error: validationText('v.common.writeMessage') }).trim().min(1, validationText('v.common.writeMessage')).max(2000, validationText('v.common.messagesMax', { max: 2000 })),
  suggestionId: z.coerce.number().int().positive().optional(),
});

export const shareConversationSchema = z.object({ shared: z.boolean({ error: 'shared must be true or false' }) });

/** What the activity list records: a profile edit, a like given or withdrawn, a message written for the candidate by
 * family, a shortlist entry saved or removed, a suggestion and the candidate's answer, a permission turned on or off. */
export const PROFILE_ACTIVITY_ACTIONS = ['edit', 'like', 'unlike', 'message', 'shortlist', 'unshortlist', 'suggest', 'decide', 'permissions'] as const;
export type ProfileActivityAction = (typeof PROFILE_ACTIVITY_ACTIONS)[number];

/** One entry of the candidate's activity list (GET /api/family/{profileId}/activity). */
export interface ProfileActivityView {
  id: number;
  action: ProfileActivityAction;
  /** an edit's fields (`photoIds`: the photos), a decision ("liked", "dismissed", "discussing"), or permissions ("mayMessage:on") */
  fields: string[];
  /** who did it: name and relation (null relation: the candidate), `you` when it is the asker */
  by: { userId: number | null; name: string | null; relation: string | null; you: boolean; candidate: boolean };
  /** whom the act was about, while the candidate may still see their profile (null: an edit, or no longer seen) */
  subject: { userId: number; profileId: number; firstName: string } | null;
  createdAt: string;
}
