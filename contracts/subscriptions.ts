import './zod-config';
import * as z from 'zod';
import { SUBSCRIPTION_TIERS } from './enums';

export const SUBSCRIPTION_TEXTS = {
  tierRequired: 'Choose a plan: tryme, premium or elite',
  intentRequired: 'paymentIntentId is required',
  cardNumber: 'Enter a valid card number',
  expiry: 'Enter a valid expiry date (MM/YY) that is not in the past',
  cvc: 'Enter the 3 or 4 digit security code',
  name: 'Enter the name on the card',
} as const;

export const subscribeSchema = z.object({ tier: z.enum(SUBSCRIPTION_TIERS, { error: SUBSCRIPTION_TEXTS.tierRequired }) });

export const completeSchema = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS, { error: SUBSCRIPTION_TEXTS.tierRequired }),
  paymentIntentId: z.string({ error: SUBSCRIPTION_TEXTS.intentRequired }).trim().min(1, SUBSCRIPTION_TEXTS.intentRequired).max(255),
});

/** Luhn checksum over the digits of a card number (spaces and dashes ignored). */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY not in the past (a card is valid through the end of its expiry month). */
export function expiryValid(value: string, now = new Date()): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** The demo card form: validated the same way on the client and the server. */
export const demoCardSchema = z.object({
  clientSecret: z.string().min(1).max(300),
  cardNumber: z.string().refine(luhnValid, SUBSCRIPTION_TEXTS.cardNumber),
  expiry: z.string().refine((v) => expiryValid(v), SUBSCRIPTION_TEXTS.expiry),
  cvc: z.string().regex(/^\d{3,4}$/, SUBSCRIPTION_TEXTS.cvc),
  name: z.string().trim().min(2, SUBSCRIPTION_TEXTS.name).max(100),
});

/** A new card for a subscription whose renewal failed (demo provider). */
export const newCardSchema = demoCardSchema.omit({ clientSecret: true });
