import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakePrice, type FakeSubscription, anchoredPeriodEnd, fakeSchedules, nextMonth } from './fake-stripe-schedules';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string | null;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}


const bracketed = (form: URLSearchParams, prefix: string) => {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = new RegExp(`^${prefix}\\[(.+)\\]$`).exec(k);
    if (m) out[m[1]] = v;
  }
  return out;
};

/**
 * A local stand-in for api.stripe.com, enough for the real `stripe` package: customers, payment intents
 * (create, retrieve, cancel), products, prices (by lookup key) and subscriptions (create default_incomplete
 * with the first invoice's confirmation secret, retrieve, update, cancel) and subscription schedules
 * (fake-stripe-schedules.ts). Tests flip an intent or a subscription's first payment to succeeded as Stripe
 * would after the card step, and renew a subscription at its period end (`renew`).
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const prices: FakePrice[] = [];
  const products: string[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const updates: { id: string; proration: string | null; paymentBehavior: string | null }[] = [];
  type FakeInvoice = { id: string; payment_intent: string; client_secret: string; subscription: string; status: string; amount_due: number; currency: string; billing_reason?: string };
  const invoices = new Map<string, FakeInvoice>();
  /** Subscriptions whose card declines every charge from now on (`declineCharges`). */
  const declining = new Set<string>();
  const scheduling = fakeSchedules(subscriptions, prices);
  const renewals = new Map<string, { id: string; status: string; amount_due: number; attempt_count: number } & Record<string, unknown>>();
  const paymentMethods = new Map<string, { id: string; object: 'payment_method'; type: 'card'; card: { brand: string; last4: string; exp_month: number; exp_year: number } }>();
  /** A card the browser confirmed a payment with, saved on the subscription (save_default_payment_method: on_subscription). */
  const saveCard = (sub: FakeSubscription | undefined, card: { brand: string; last4: string }) => {
    const pm = { id: `pm_${crypto.randomBytes(6).toString('hex')}`, object: 'payment_method' as const, type: 'card' as const, card: { ...card, exp_month: 12, exp_year: 2030 } };
    paymentMethods.set(pm.id, pm);
    if (sub) sub.default_payment_method = pm.id;
  };
  const withInvoice = (plain: FakeSubscription, expand: boolean, expandCard = false) => {
    const sub = expandCard && plain.default_payment_method ? { ...plain, default_payment_method: paymentMethods.get(plain.default_payment_method) ?? null } : plain;
    if (!expand) return sub;
    const inv = invoices.get(sub.latest_invoice);
    const item = sub.items.data[0];
    return {
      ...sub,
      latest_invoice: inv && {
        id: inv.id, object: 'invoice', status: inv.status, amount_due: inv.amount_due, amount_paid: inv.status === 'paid' ? inv.amount_due : 0, currency: inv.currency,
        billing_reason: inv.billing_reason ?? 'subscription_create', hosted_invoice_url: `https://invoice.stripe.com/i/${inv.id}`, attempt_count: inv.status === 'paid' ? 1 : 0,
        period_start: item.current_period_start, period_end: item.current_period_start, customer: sub.customer,
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
        lines: { object: 'list', data: [{ id: `il_${inv.id}`, object: 'line_item', amount: inv.amount_due, period: { start: item.current_period_start, end: item.current_period_end } }] },
        confirmation_secret: { client_secret: inv.client_secret, type: 'payment_intent' },
        payments: { object: 'list', data: [{ id: `inpay_${inv.id}`, object: 'invoice_payment', status: inv.status === 'paid' ? 'paid' : 'open', payment: { type: 'payment_intent', payment_intent: inv.payment_intent } }] },
      },
    };
  };
  /** An invoice's PaymentIntent, as Stripe opens one for each invoice it charges. */
  const invoiceIntent = (invoiceId: string, subscription: string, amount: number, currency: string, customer: string | null) => {
    const pi = `pi_${crypto.randomBytes(8).toString('hex')}`;
    const invoice: FakeInvoice = { id: invoiceId, payment_intent: pi, client_secret: `${pi}_secret_${crypto.randomBytes(6).toString('hex')}`, subscription, status: 'open', amount_due: amount, currency };
    invoices.set(invoiceId, invoice);
    intents.set(pi, { id: pi, object: 'payment_intent', amount, currency, customer, status: 'requires_payment_method', client_secret: invoice.client_secret, metadata: {} });
    return invoice;
  };
  const customers: string[] = [];
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}`);
      const form = new URLSearchParams(raw);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${crypto.randomBytes(4).toString('hex')}` });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        const id = `cus_${crypto.randomBytes(6).toString('hex')}`;
        customers.push(id);
        return send(200, { id, object: 'customer', email: form.get('email') });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const id = `pi_${crypto.randomBytes(8).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const intent: FakeIntent = {
          id, object: 'payment_intent', amount: Number(form.get('amount')), currency: form.get('currency') ?? 'usd',
          customer: form.get('customer'), status: 'requires_payment_method', client_secret: `${id}_secret_${crypto.randomBytes(6).toString('hex')}`, metadata,
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      if (req.method === 'POST' && url.pathname === '/v1/products') {
        const id = `prod_${crypto.randomBytes(6).toString('hex')}`;
        products.push(id);
        return send(200, { id, object: 'product', name: form.get('name') });
      }
      if (url.pathname === '/v1/prices' && req.method === 'GET') {
        const keys = [...url.searchParams].filter(([k]) => k.startsWith('lookup_keys')).map(([, v]) => v);
        return send(200, { object: 'list', has_more: false, data: prices.filter((p) => p.active && keys.includes(p.lookup_key ?? '')) });
      }
      if (url.pathname === '/v1/prices' && req.method === 'POST') {
        const key = form.get('lookup_key');
        if (key && form.get('transfer_lookup_key') === 'true') for (const p of prices) if (p.lookup_key === key) p.lookup_key = null;
        if (key && prices.some((p) => p.lookup_key === key)) return send(400, { error: { type: 'invalid_request_error', message: `A price (${key}) already uses that lookup key.` } });
        const price: FakePrice = {
          id: `price_${crypto.randomBytes(6).toString('hex')}`, object: 'price', product: form.get('product') ?? '', unit_amount: Number(form.get('unit_amount')),
          currency: form.get('currency') ?? 'usd', lookup_key: key, active: true, recurring: { interval: form.get('recurring[interval]') ?? 'month' },
        };
        prices.push(price);
        return send(200, price);
      }
      if (url.pathname === '/v1/subscriptions' && req.method === 'POST') {
        const price = prices.find((p) => p.id === form.get('items[0][price]'));
        if (!price) return send(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
        const id = `sub_${crypto.randomBytes(6).toString('hex')}`;
        const now = Math.floor(Date.now() / 1000);
        const invoice = invoiceIntent(`in_${crypto.randomBytes(6).toString('hex')}`, id, price.unit_amount, price.currency, form.get('customer'));
        const sub: FakeSubscription = {
          id, object: 'subscription', customer: form.get('customer') ?? '', status: 'incomplete', metadata: bracketed(form, 'metadata'), cancel_at_period_end: false, canceled_at: null, created: now, billing_cycle_anchor: now,
          items: { object: 'list', data: [{ id: `si_${id}`, object: 'subscription_item', current_period_start: now, current_period_end: nextMonth(now), price }] },
          latest_invoice: invoice.id, payment_behavior: form.get('payment_behavior'), schedule: null, default_payment_method: null,
        };
        subscriptions.set(id, sub);
        return send(200, withInvoice(sub, [...form.keys()].some((k) => k.startsWith('expand'))));
      }
      const scheduled = scheduling.handle(req.method ?? 'GET', url.pathname, form);
      if (scheduled) return send(scheduled.status, scheduled.body);
      const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (subMatch) {
        const sub = subscriptions.get(subMatch[1]);
        if (!sub) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${subMatch[1]}'` } });
        if (req.method === 'DELETE') {
          sub.status = 'canceled';
          sub.canceled_at = Math.floor(Date.now() / 1000);
        }
        const refused = req.method === 'POST' ? scheduling.refuseDirectCancelChange(sub, form) : null;
        if (refused) return send(refused.status, refused.body);
        if (req.method === 'POST' && form.has('items[0][price]')) {
          const price = prices.find((p) => p.id === form.get('items[0][price]'));
          if (!price) return send(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
          const item = sub.items.data[0];
          if (form.get('proration_behavior') === 'always_invoice') {
            // The prorated difference for the rest of the period, invoiced and charged at once. A declined
            // charge is modelled for error_if_incomplete only: a 402, and the update is not applied at all.
            const now = Math.floor(Date.now() / 1000);
            const left = (item.current_period_end - now) / (item.current_period_end - item.current_period_start);
            const amount = Math.max(0, Math.round((price.unit_amount - item.price.unit_amount) * left));
            if (declining.has(sub.id) && amount > 0 && form.get('payment_behavior') === 'error_if_incomplete') {
              return send(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
            }
            const opened = invoiceIntent(`in_${crypto.randomBytes(6).toString('hex')}`, sub.id, amount, price.currency, sub.customer);
            opened.status = 'paid';
            opened.billing_reason = 'subscription_update';
            const intent = intents.get(opened.payment_intent);
            if (intent) intent.status = 'succeeded';
            sub.latest_invoice = opened.id;
          }
          item.price = price;
          Object.assign(sub.metadata, bracketed(form, 'metadata'));
          updates.push({ id: sub.id, proration: form.get('proration_behavior'), paymentBehavior: form.get('payment_behavior') });
        }
        if (req.method === 'POST' && form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        const expands = [...form, ...url.searchParams].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
        return send(200, withInvoice(sub, expands.some((e) => e.startsWith('latest_invoice')), expands.includes('default_payment_method')));
      }
      const pmMatch = /^\/v1\/payment_methods\/([^/]+)$/.exec(url.pathname);
      if (pmMatch) {
        const pm = paymentMethods.get(pmMatch[1]);
        return pm ? send(200, pm) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${pmMatch[1]}'` } });
      }
      const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname);
      if (match) {
        const intent = intents.get(match[1]);
        if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${match[1]}'` } });
        if (match[2] && req.method === 'POST') intent.status = 'canceled';
        return send(200, intent);
      }
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    customers,
    prices,
    products,
    subscriptions,
    updates,
    /** The first invoice's payment succeeded at Stripe: the subscription becomes active. */
    paySubscription(id: string, card = { brand: 'visa', last4: '4242' }) {
      const sub = subscriptions.get(id);
      if (!sub) return;
      sub.status = 'active';
      saveCard(sub, card);
      const invoice = invoices.get(sub.latest_invoice);
      if (invoice) invoice.status = 'paid';
      const intent = intents.get(invoice?.payment_intent ?? '');
      if (intent) intent.status = 'succeeded';
    },
    schedules: scheduling.schedules,
    /** The subscription's card declines every later charge (an upgrade's prorated invoice among them). */
    declineCharges(id: string) {
      declining.add(id);
    },
    /**
     * The period ended: Stripe starts the next period (at the price the schedule's next phase sets, if any)
     * and invoices it; the card pays, or declines and the subscription is past due. Returns the objects as
     * Stripe would send them in the customer.subscription.updated and invoice.paid / payment_failed events.
     */
    renew(id: string, o: { declines?: boolean } = {}) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      const item = sub.items.data[0];
      const start = item.current_period_end;
      item.current_period_start = start;
      item.current_period_end = anchoredPeriodEnd(sub.billing_cycle_anchor, start);
      scheduling.advancePhase(sub, start);
      sub.status = o.declines ? 'past_due' : 'active';
      const invoiceId = `in_${crypto.randomBytes(6).toString('hex')}`;
      const amount = item.price.unit_amount;
      const opened = invoiceIntent(invoiceId, sub.id, amount, item.price.currency, sub.customer);
      if (!o.declines) {
        opened.status = 'paid';
        const intent = intents.get(opened.payment_intent);
        if (intent) intent.status = 'succeeded';
      }
      const invoice = {
        id: invoiceId, object: 'invoice', status: o.declines ? 'open' : 'paid', billing_reason: 'subscription_cycle', currency: item.price.currency,
        amount_due: amount, amount_paid: o.declines ? 0 : amount, attempt_count: 1, hosted_invoice_url: `https://invoice.stripe.com/i/${invoiceId}`,
        period_start: start, period_end: start, customer: sub.customer,
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
        lines: { object: 'list', data: [{ id: `il_${invoiceId}`, object: 'line_item', amount, period: { start, end: item.current_period_end }, pricing: { price_details: { price: item.price.id } } }] },
      };
      sub.latest_invoice = invoiceId;
      renewals.set(invoiceId, invoice);
      return { subscription: structuredClone(sub), invoice };
    },
    /** A renewal invoice as Stripe has it now (paid once its PaymentIntent succeeded, with one more attempt). */
    invoiceNow(id: string) {
      const invoice = renewals.get(id);
      const state = invoices.get(id);
      if (!invoice || !state) throw new Error(`no renewal invoice ${id}`);
      const paid = state.status === 'paid';
      return { ...invoice, status: state.status, amount_paid: paid ? invoice.amount_due : 0, attempt_count: invoice.attempt_count + (paid && invoice.status !== 'paid' ? 1 : 0) };
    },
    requests,
    /** The browser confirmed this PaymentIntent and the card paid: an invoice it belongs to is paid, its subscription active. */
    succeed(id: string, card = { brand: 'visa', last4: '4242' }) {
      const intent = intents.get(id);
      if (intent) intent.status = 'succeeded';
      const invoice = [...invoices.values()].find((i) => i.payment_intent === id);
      if (!invoice) return;
      invoice.status = 'paid';
      const sub = subscriptions.get(invoice.subscription);
      saveCard(sub, card);
      if (sub && sub.latest_invoice === invoice.id) sub.status = 'active';
    },
    /** An intent created directly (as if by another integration), e.g. another member's or a wrong amount. */
    add(intent: Partial<FakeIntent> & { metadata: Record<string, string>; amount: number }) {
      const id = `pi_${crypto.randomBytes(8).toString('hex')}`;
      const full: FakeIntent = { id, object: 'payment_intent', currency: 'usd', customer: null, status: 'succeeded', client_secret: `${id}_secret_x`, ...intent };
      intents.set(id, full);
      return full;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
