import './zod-config';
import * as z from 'zod';
import { LIMITS } from './enums';
import { CANDIDATE_NAME_REQUIRED, PROFILE_FOR_VALUES } from './profile-for';

// The member-facing texts of sign-in, registration and password changes, word for word; passwords are at least 8
// characters everywhere (registration, reset and change alike).
export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  fullNameRequired: 'Full name is required',
  profileForInvalid: 'Choose whom the profile is for from the list',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  usernameMin: `Username must be at least ${LIMITS.usernameMin} characters`,
  usernameMax: `Username must be at most ${LIMITS.usernameMax} characters`,
  usernameChars: 'Username may contain only letters, numbers, dots, dashes and underscores',
  passwordMin: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordMax: `Password must be at most ${LIMITS.passwordMax} characters`,
  passwordsDontMatch: "Passwords don't match",
  confirmRequired: 'Please confirm your password',
  currentPasswordRequired: 'Current password is required',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already registered',
  loginFailed: 'Login failed. Please try again.',
  loginNetwork: 'An error occurred during login. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  registrationNetwork: 'An error occurred during registration. Please try again.',
  forgotFailed: 'An error occurred. Please try again.',
  forgotNetwork: 'Network error. Please check your connection and try again.',
  resetInvalidToken: 'This reset link is invalid or has expired. Please request a new one.',
  resetRequestSent: 'If an account exists for that email, a reset link has been sent.',
  accountSuspended: 'This account has been suspended. Please contact support.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  notSignedIn: 'Not authenticated',
  totpRequired: 'Enter the 6-digit code from your authenticator app',
  totpInvalid: 'Invalid authentication code',
  confirmationSent: 'Almost there! We sent a link to your email address. Open it to confirm your address and sign in.',
  emailNotConfirmed: 'Please confirm your email address first: open the link we sent you when you registered.',
  confirmInvalidToken: 'This confirmation link is invalid or has expired. Register again to get a new one.',
  emailConfirmed: 'Your email address is confirmed. Welcome to Saathi!',
} as const;

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
    candidateName: z.string().trim().max(LIMITS.fullNameMax, `Must be at most ${LIMITS.fullNameMax} characters`).optional(),
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
}
