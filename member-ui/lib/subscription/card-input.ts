import { demoCardSchema } from '../../../contracts/subscriptions';
import { type FieldErrors, fieldErrorsOf } from '../form-errors';
import type { MessageId } from '../../i18n/catalogue';
import { translate } from '../../i18n/translate';

export type CardField = 'cardNumber' | 'expiry' | 'cvc' | 'name';
export type CardValues = Record<CardField, string>;

export const EMPTY_CARD: CardValues = { cardNumber: '', expiry: '', cvc: '', name: '' };

/** Published test cards the demo provider knows (no money ever moves). */
export const DEMO_TEST_CARD = '4242 4242 4242 4242';
export const DEMO_DECLINED_CARD = '4000 0000 0000 0002';

/** Digits in groups of 4, at most 19 digits (the longest card numbers). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as it is typed: the slash appears with the third digit, so deleting back over it never sticks. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function formatCvc(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

// The server's demo card schema (Luhn check, expiry not in the past, 3-4 digit CVC, name), so the messages
// on the form are the ones the server would answer with.
const cardFormSchema = demoCardSchema.omit({ clientSecret: true });

/** Each field's one rule, as the form says it in the app's language (the schema's own texts are English). */
const CARD_ERRORS: Record<CardField, MessageId> = {
  cardNumber: 'subscription.cardNumberInvalid',
  expiry: 'subscription.expiryInvalid',
  cvc: 'subscription.cvcInvalid',
  name: 'subscription.nameInvalid',
};

/** Field errors for the card form, or null when the card would be accepted. */
export function validateCard(values: CardValues): FieldErrors<CardField> | null {
  const result = cardFormSchema.safeParse(values);
  if (result.success) return null;
  const fields = Object.keys(fieldErrorsOf<CardField>(result.error)) as CardField[];
  return Object.fromEntries(fields.map((field) => [field, translate(CARD_ERRORS[field])])) as FieldErrors<CardField>;
}
