import './zod-config';
import * as z from 'zod';
import { ID_DOCUMENT_TYPES, SUBSCRIPTION_TIERS, SUSPENSION_LENGTHS, USER_STATUSES } from './enums';

const page = {
  /** Out of range is clamped: below 1 is the first page, past the end the last (the server knows the end). */
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').default(1).transform((n) => Math.min(Math.max(n, 1), 100_000)),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
};

/**
 * The reasons reviewers give most often, offered as one click in the console (the text stays editable). Each says
 * what to do next, since the member reads it as written.
 */
export const VERIFICATION_REJECTION_REASONS = [
  'The ID photo is blurred or cut off. Please upload a sharp photo of the whole document.',
  'The selfie does not clearly show your face. Please take one in good light, facing the camera.',
  'The name on the ID does not match your profile. Please check your profile name or use another ID.',
  'The date of birth on the ID does not match your profile. Please correct your profile or use another ID.',
  'The document is expired or not an accepted ID. Please use a valid passport, national ID or driving licence.',
  'The selfie and the ID photo do not appear to show the same person. Please submit new photos.',
] as const;

export const verificationDecisionSchema = z.object({
  reason: z.string().trim().min(5, 'Give the member a reason of at least 5 characters').max(500),
});

export const verificationSubmitFields = z.object({
  documentType: z.enum(ID_DOCUMENT_TYPES, { error: 'Choose the type of ID document' }),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2025-02-14');

const storyFields = {
  user1Id: z.coerce.number().int().positive('Choose the first member'),
  user2Id: z.coerce.number().int().positive('Choose the second member'),
  matchDate: isoDate,
  marriageDate: isoDate.nullish(),
  location: z.string().trim().max(200).nullish(),
  testimonial: z.string().trim().min(20, 'The testimonial needs at least 20 characters').max(2000),
  sortOrder: z.coerce.number().int().min(0).max(10_000),
};

/** A new story; its place in the list defaults to the top. */
export const storySchema = z.object({ ...storyFields, sortOrder: storyFields.sortOrder.default(0) });

/** An edit: any subset, and only what it carries changes (no defaults: zod applies them even to absent keys). */
export const storyUpdateSchema = z.object(storyFields).partial();

export const shareListSchema = z.object({
  ...page,
  state: z.enum(['active', 'expired', 'deactivated']).optional(),
  owner: z.string().trim().max(100).optional(),
  /** A share id, the start of a code, a whole /shared/… link, or part of the owner's name or username. */
  q: z.string().trim().max(500).optional(),
  sort: z.enum(['views', 'created', 'expires', 'owner']).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});

export const memberListSchema = z.object({
  ...page,
  /** Part of a name, username or email; a user or profile id; or a whole /shared/… link. */
  q: z.string().trim().max(500).optional(),
  tier: z.enum(SUBSCRIPTION_TIERS).optional(),
  verified: z.enum(['true', 'false']).optional(),
  status: z.enum(USER_STATUSES).optional(),
  sort: z.enum(['created', 'name', 'username', 'email', 'verified', 'status']).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});

/** `length` applies to a suspension (default: until restored). */
export const reportActionSchema = z.object({ note: z.string().trim().max(500).optional(), length: z.enum(SUSPENSION_LENGTHS).optional() });
export const suspendSchema = z.object({
  reason: z.string().trim().min(3, 'Say why the member is suspended').max(500),
  length: z.enum(SUSPENSION_LENGTHS).default('until_restored'),
});
/** Restoring access always says why: the member is emailed the reason. */
/** A reviewer turning off a share link: the reason is told to the link's owner and kept in the audit log. */
export const shareDeactivateSchema = z.object({ reason: z.string().trim().min(3, 'Write the reason the owner will read').max(500) });

export const restoreSchema = z.object({ note: z.string().trim().min(3, 'Say why the account is restored').max(500) });
/** Uphold or overturn an appeal: the reason is emailed to the member and kept in the audit log. */
export const appealDecisionSchema = z.object({ reason: z.string().trim().min(3, 'Write the reason the member will read').max(500) });
export const APPEAL_DECISIONS = ['uphold', 'overturn'] as const;
export const appealListSchema = z.object({ ...page, status: z.enum(['open', 'upheld', 'overturned']).optional() });

/** `sign_ins` lists console sign-in attempts and sign-outs; `actions` everything else. */
export const AUDIT_KINDS = ['actions', 'sign_ins'] as const;

export const auditListSchema = z.object({
  ...page,
  action: z.string().trim().max(64).optional(),
  actor: z.coerce.number().int().positive().optional(),
  targetType: z.string().trim().max(64).optional(),
  targetId: z.coerce.number().int().positive().optional(),
  /** The member an entry concerns. */
  member: z.coerce.number().int().positive().optional(),
  kind: z.enum(AUDIT_KINDS).optional(),
});

export const listPageSchema = z.object({ ...page, status: z.string().trim().max(20).optional() });

/** A new staff account: no password — the invitee chooses their own through the emailed link (a `password` key is refused). */
export const createReviewerSchema = z.object({
  username: z.string().trim().regex(/^[A-Za-z0-9._-]{3,40}$/, 'Username must be 3–40 letters, numbers, dots, dashes or underscores'),
  fullName: z.string().trim().min(2, 'Full name is required').max(100),
  email: z.string().trim().email('Please enter a valid email address').max(254),
  role: z.enum(['reviewer', 'admin']).default('reviewer'),
  password: z.undefined({ error: 'New staff choose their own password from the invitation email: leave the password out' }).optional(),
});

export const staffRoleSchema = z.object({ role: z.enum(['reviewer', 'admin'], { error: 'Choose reviewer or admin' }) });
export const deactivateStaffSchema = z.object({ note: z.string().trim().max(500).optional() });
