import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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

/**
 * A local stand-in for api.stripe.com, enough for the real `stripe` package: customers, payment intents
 * (create, retrieve, cancel). Tests flip an intent to succeeded as Stripe would after the card step.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
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
    requests,
    succeed(id: string) {
      const intent = intents.get(id);
      if (intent) intent.status = 'succeeded';
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
