import './zod-config';
import * as z from 'zod';
import { LIMITS } from './enums';
import { validationText } from './i18n/validation';

export const MESSAGE_TEXTS = {
  empty: 'Message cannot be empty',
  tooLong: `Messages can be at most ${LIMITS.messageMax} characters`,
  notText: 'Message content must be text',
  limitReached: 'Message Limit Reached. Upgrade to Premium for unlimited messages.',
  blocked: "You can't message this member",
  notAccepting: 'This member is not accepting messages',
  matchesOnly: 'This member accepts messages from matches only',
  receiverGone: 'This member is no longer available',
} as const;

export const sendMessageSchema = z.object({
  senderId: z.coerce.number().int().positive().optional(),
  receiverId: z.coerce.number({ error: 'receiverId is required' }).int().positive('receiverId is required'),
  content: z
    .string({ error: MESSAGE_TEXTS.notText })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, MESSAGE_TEXTS.empty).max(LIMITS.messageMax, MESSAGE_TEXTS.tooLong)),
});

export const DELETE_PHRASE = 'delete my account';

export const DELETE_TEXTS = {
  passwordRequired: 'Please enter your password to confirm account deletion.',
  wrongPassword: 'Incorrect password or an error occurred. Please try again.',
  done: 'Your account has been successfully deleted. All personal data has been anonymized. Thank you for using our service.',
} as const;

export const deleteAccountSchema = z.object({
  password: z.string({ error: DELETE_TEXTS.passwordRequired }).min(1, DELETE_TEXTS.passwordRequired).max(200),
});

export const totpCodeSchema = z.object({
  code: z.string({ error: validationText('v.common.sixDigitCode') }).trim().regex(/^\d{6}$/, validationText('v.common.sixDigitCode')),
});

/** Regenerating the two-factor recovery codes asks for the password again. */
export const recoveryCodesSchema = z.object({ password: z.string({ error: validationText('v.common.passwordRequired') }).min(1, validationText('v.common.passwordRequired')) });
