import './zod-config';
import * as z from 'zod';
import { LIMITS } from './enums';
import type { Language } from './i18n/languages';
import { validationText, validationTexts } from './i18n/validation';
import { CANDIDATE_NAME_REQUIRED, PROFILE_FOR_VALUES } from './profile-for';

// The member-facing texts of sign-in, registration and password changes, word for word; passwords are at least 8
// characters everywhere (registration, reset and change alike).
export const AUTH_MESSAGES = validationTexts('auth', { usernameMin: { min: LIMITS.usernameMin }, usernameMax: { max: LIMITS.usernameMax }, passwordMin: { min: LIMITS.passwordMin }, passwordMax: { max: LIMITS.passwordMax } });

export const emailConfirmSchema = z.object({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'token is too long'),
});

const trimmed = (required: string) => z.string({ error: required }).trim().min(1, required);

export const loginSchema = z.object({
  username: trimmed(AUTH_MESSAGES.usernameRequired),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired),
  totpCode: z.string().trim().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordMin)
  .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordMax);

export const registerSchema = z
  .object({
    fullName: trimmed(AUTH_MESSAGES.fullNameRequired).pipe(z.string().max(LIMITS.fullNameMax)),
    email: trimmed(AUTH_MESSAGES.emailRequired)
      .pipe(z.string().max(LIMITS.emailMax, AUTH_MESSAGES.emailInvalid).email(AUTH_MESSAGES.emailInvalid))
      .transform((v) => v.toLowerCase()),
    username: trimmed(AUTH_MESSAGES.usernameRequired)
      .pipe(
        z
          .string()
          .min(LIMITS.usernameMin, AUTH_MESSAGES.usernameMin)
          .max(LIMITS.usernameMax, AUTH_MESSAGES.usernameMax)
          .regex(/^[A-Za-z0-9._-]+$/, AUTH_MESSAGES.usernameChars),
      ),
    password: passwordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmRequired }).min(1, AUTH_MESSAGES.confirmRequired),
    // The client always sends "tryme"; the server decides the tier (first-500 rule).
    subscriptionTier: z.string().optional(),
    /** "This profile is for": myself (the default), or someone the account holder makes the profile for. */
    profileFor: z.preprocess((v) => (v === '' || v == null ? 'self' : v), z.enum(PROFILE_FOR_VALUES, { error: AUTH_MESSAGES.profileForInvalid })),
    /** The candidate's full name when the profile is for someone else; `fullName` is then the account holder's own. */
    candidateName: z.string().trim().max(LIMITS.fullNameMax, validationText('v.common.maxLength', { max: LIMITS.fullNameMax })).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  })
  .refine((v) => v.profileFor === 'self' || !!v.candidateName, { message: CANDIDATE_NAME_REQUIRED, path: ['candidateName'] });
export type RegisterInput = z.infer<typeof registerSchema>;

export const passwordResetRequestSchema = z.object({
  email: trimmed(AUTH_MESSAGES.emailRequired).pipe(
    z.string().max(LIMITS.emailMax, AUTH_MESSAGES.emailInvalid).email(AUTH_MESSAGES.emailInvalid),
  ),
});

export const passwordResetConfirmSchema = z
  .object({
    token: z.string({ error: AUTH_MESSAGES.resetInvalidToken }).min(1, AUTH_MESSAGES.resetInvalidToken).max(200),
    password: passwordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmRequired }).min(1, AUTH_MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: AUTH_MESSAGES.currentPasswordRequired })
    .min(1, AUTH_MESSAGES.currentPasswordRequired),
  newPassword: passwordSchema,
});

/** Only same-origin relative paths starting with a single "/" are honoured. */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters and backslashes can turn a path into a host in some browsers.
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  return value;
}

/** The signed-in member as the API presents it (GET /api/auth/user). */
export interface SessionUser {
  id: number;
  fullName: string;
  username: string;
  email: string;
  role: 'member' | 'reviewer' | 'admin';
  subscriptionTier: 'tryme' | 'premium' | 'elite';
  subscriptionEnds: string | null;
  isFirst500: boolean;
  isVerified: boolean;
  messageCount: number;
  /** messages sent this calendar month (UTC): what the tryme allowance counts */
  messagesThisMonth: number;
  profilePicture: string | null;
  profileId: number | null;
  createdAt: string;
  demoMode: boolean;
  /** the language of the member's app, emails and pushes */
  language: Language;
}
