import crypto from 'node:crypto';
import { addMonth, periodEndAfter } from '../services/billing/clock';
import { parseStripeForm } from './fake-stripe-form';

/** One calendar month later in Unix seconds, the way Stripe bills a monthly Price (Jan 31 → Feb 28). */
export const nextMonth = (seconds: number) => Math.floor(addMonth(seconds * 1000) / 1000);
/** The end of the monthly period starting at `start` (Unix seconds), counted from the billing cycle anchor (31 Jan → 28 Feb → 31 Mar). */
export const anchoredPeriodEnd = (anchor: number, start: number) => Math.floor(periodEndAfter(anchor * 1000, start * 1000) / 1000);

export interface FakePrice { id: string; object: 'price'; product: string; unit_amount: number; currency: string; lookup_key: string | null; active: boolean; recurring: { interval: string } }
export interface FakeSubscription {
  id: string; object: 'subscription'; customer: string; status: string; metadata: Record<string, string>; cancel_at_period_end: boolean; canceled_at: number | null; created: number; billing_cycle_anchor: number;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; current_period_start: number; current_period_end: number; price: FakePrice }[] };
  latest_invoice: string; payment_behavior: string | null; schedule: string | null; default_payment_method: string | null;
}
interface Phase { start_date: number; end_date: number; items: { price: string; quantity: number }[]; metadata: Record<string, string>; proration_behavior: string; currency: string }
export interface FakeSchedule {
  id: string; object: 'subscription_schedule'; customer: string; subscription: string | null; status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled';
  end_behavior: string; phases: Phase[]; current_phase: { start_date: number; end_date: number } | null; created: number;
  released_at: number | null; released_subscription: string | null; canceled_at: number | null; completed_at: number | null; metadata: Record<string, string>;
}

type Reply = { status: number; body: unknown };
const invalid = (message: string, param?: string): Reply => ({ status: 400, body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } } });
const now = () => Math.floor(Date.now() / 1000);

/**
 * Subscription Schedules as Stripe documents them: created from a subscription (one phase: the current
 * period at the current price), updated with the whole list of phases (the current phase's start may not move;
 * each phase needs items and an end_date or a duration), released (the subscription goes on as it is, no
 * longer scheduled). A subscription with a schedule refuses a direct change of its cancellation.
 */
export function fakeSchedules(subscriptions: Map<string, FakeSubscription>, prices: FakePrice[]) {
  const schedules = new Map<string, FakeSchedule>();

  function create(form: URLSearchParams): Reply {
    const subId = form.get('from_subscription');
    const sub = subId ? subscriptions.get(subId) : undefined;
    if (!sub) return invalid(`No such subscription: '${subId}'`, 'from_subscription');
    if (sub.schedule) return invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`, 'from_subscription');
    if (sub.status === 'canceled') return invalid('You cannot migrate a canceled subscription.', 'from_subscription');
    const item = sub.items.data[0];
    const phase: Phase = {
      start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, quantity: 1 }], metadata: {},
      proration_behavior: 'create_prorations', currency: item.price.currency,
    };
    const schedule: FakeSchedule = {
      id: `sub_sched_${crypto.randomBytes(6).toString('hex')}`, object: 'subscription_schedule', customer: sub.customer, subscription: sub.id, status: 'active',
      end_behavior: 'release', phases: [phase], current_phase: { start_date: phase.start_date, end_date: phase.end_date }, created: now(),
      released_at: null, released_subscription: null, canceled_at: null, completed_at: null, metadata: {},
    };
    schedules.set(schedule.id, schedule);
    sub.schedule = schedule.id;
    return { status: 200, body: schedule };
  }

  function update(schedule: FakeSchedule, form: URLSearchParams): Reply {
    if (schedule.status !== 'active' && schedule.status !== 'not_started') return invalid(`You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`);
    const params = parseStripeForm(form) as { phases?: Record<string, unknown>[]; end_behavior?: string };
    if (params.end_behavior) schedule.end_behavior = params.end_behavior;
    if (!params.phases) return { status: 200, body: schedule };
    const phases: Phase[] = [];
    for (const [i, p] of params.phases.entries()) {
      const items = (p.items as { price?: string; quantity?: string }[] | undefined) ?? [];
      if (!items.length) return invalid('Each phase must have at least one item.', `phases[${i}][items]`);
      const price = prices.find((x) => x.id === items[0].price);
      if (!price) return invalid(`No such price: '${items[0].price}'`, `phases[${i}][items][0][price]`);
      const start = p.start_date !== undefined ? Number(p.start_date) : phases.at(-1)?.end_date;
      if (start === undefined) return invalid('The first phase needs a start_date.', `phases[${i}][start_date]`);
      if (phases.length && start !== phases.at(-1)?.end_date) return invalid('Phases must be contiguous: each phase starts where the previous one ends.', `phases[${i}][start_date]`);
      const duration = p.duration as { interval?: string; interval_count?: string } | undefined;
      if (p.end_date !== undefined && duration) return invalid('You may only specify one of these parameters: end_date, duration.', `phases[${i}]`);
      let end: number;
      if (p.end_date !== undefined) end = Number(p.end_date);
      else if (duration?.interval === 'month') {
        end = start;
        for (let n = 0; n < Number(duration.interval_count ?? 1); n++) end = nextMonth(end);
      } else return invalid('Each phase needs an end_date or a duration.', `phases[${i}][end_date]`);
      phases.push({
        start_date: start, end_date: end, items: [{ price: price.id, quantity: Number(items[0].quantity ?? 1) }], metadata: (p.metadata as Record<string, string>) ?? {},
        proration_behavior: String(p.proration_behavior ?? 'create_prorations'), currency: price.currency,
      });
    }
    const current = schedule.current_phase;
    if (schedule.status === 'active' && current && phases[0].start_date !== current.start_date) return invalid('You can not modify the start date of the current phase.', 'phases[0][start_date]');
    schedule.phases = phases;
    if (current) schedule.current_phase = { start_date: phases[0].start_date, end_date: phases[0].end_date };
    return { status: 200, body: schedule };
  }

  function release(schedule: FakeSchedule): Reply {
    if (schedule.status !== 'active' && schedule.status !== 'not_started') return invalid(`You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in \`not_started\`, \`active\` status to be released.`);
    const sub = schedule.subscription ? subscriptions.get(schedule.subscription) : undefined;
    if (sub) sub.schedule = null;
    Object.assign(schedule, { status: 'released', released_at: now(), released_subscription: schedule.subscription, subscription: null, current_phase: null });
    return { status: 200, body: schedule };
  }

  return {
    schedules,
    /** The Stripe API's answer to a subscription_schedules request, or null for another path. */
    handle(method: string, pathname: string, form: URLSearchParams): Reply | null {
      if (pathname === '/v1/subscription_schedules' && method === 'POST') return create(form);
      const m = /^\/v1\/subscription_schedules\/([^/]+)(\/release|\/cancel)?$/.exec(pathname);
      if (!m) return null;
      const schedule = schedules.get(m[1]);
      if (!schedule) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription_schedule: '${m[1]}'` } } };
      if (method === 'GET') return { status: 200, body: schedule };
      if (m[2] === '/release') return release(schedule);
      if (m[2] === '/cancel') return invalid('Cancelling a schedule is not used by Saathi.');
      return update(schedule, form);
    },
    /**
     * A subscription with a schedule may not have its cancellation changed directly (Stripe's answer).
     */
    refuseDirectCancelChange(sub: FakeSubscription, form: URLSearchParams): Reply | null {
      if (!sub.schedule || !form.has('cancel_at_period_end')) return null;
      return invalid(`The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`);
    },
    /**
     * The period ended and Stripe renewed the subscription: the schedule's next phase (if one starts now)
     * sets the price and its metadata on the subscription; a schedule past its last phase ends as its
     * end_behavior says (release: the subscription goes on unscheduled).
     */
    advancePhase(sub: FakeSubscription, periodStart: number) {
      const schedule = sub.schedule ? schedules.get(sub.schedule) : undefined;
      if (!schedule) return;
      const next = schedule.phases.find((p) => p.start_date === periodStart);
      if (next) {
        const price = prices.find((p) => p.id === next.items[0].price);
        if (price) sub.items.data[0].price = price;
        Object.assign(sub.metadata, next.metadata);
        schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
        return;
      }
      if (periodStart >= (schedule.phases.at(-1)?.end_date ?? 0) && schedule.end_behavior === 'release') release(schedule);
    },
  };
}
