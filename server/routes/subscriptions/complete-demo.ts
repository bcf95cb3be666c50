import type { SubscriptionTier } from '../../../contracts/enums';
import type { AppServices } from '../../context';
import { HttpError, notFound } from '../../errors';
import { Payment } from '../../models/ops';
import { User } from '../../models/user';
import { completeDemoFirstInvoice } from '../../services/billing/demo';
import { type Intent, catalogue } from '../../services/payments';

/**
 * The demo subscription's first invoice, paid by the card form: the same checks as a Stripe payment (this
 * member's, this plan's, at the catalogue's amount, succeeded), then the subscription becomes active.
 */
export async function completeDemo(
  services: Pick<AppServices, 'db' | 'live' | 'config'>,
  intent: Intent,
  expected: { userId: number; tier: SubscriptionTier },
): Promise<{ applied: boolean }> {
  if (intent.userId !== expected.userId) throw new HttpError(403, 'This payment belongs to another account', 'forbidden');
  if (intent.tier !== expected.tier) throw new HttpError(400, 'This payment was made for a different plan', 'bad_request');
  if (intent.status !== 'succeeded') throw new HttpError(402, 'Payment Processing: the payment has not succeeded yet.', 'payment_incomplete', { status: intent.status });
  const plan = (await catalogue(services.db, services.config)).find((p) => p.tier === expected.tier);
  if (!plan || plan.priceCents !== intent.amountCents) throw new HttpError(400, 'The payment amount does not match the plan price', 'bad_request');
  const applied = await completeDemoFirstInvoice(services, intent.id);
  if (applied) await Payment.query(services.db).where({ intentId: intent.id }).whereNull('completedAt').patch({ completedAt: Date.now(), updatedAt: Date.now() });
  return { applied };
}

/** The member's tier as completion reports it. */
export async function tierOf(db: AppServices['db'], userId: number) {
  const fresh = await User.query(db).findById(userId).select('subscriptionTier', 'subscriptionEnds');
  if (!fresh) throw notFound('Account not found');
  return { subscriptionTier: fresh.subscriptionTier as string, subscriptionEnds: fresh.subscriptionEnds ? new Date(fresh.subscriptionEnds).toISOString() : null };
}
