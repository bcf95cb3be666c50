// The ops member page's email delivery: an address a real SMTP server (started in the test) refused permanently
// is shown as undeliverable with the server's answer and the latest failed and retrying mails (never their
// subjects), and a reviewer can lift the mark (audited), after which mail is sent to it again.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sendMail } from '../../../services/mail';
import { Client, type TestServer, startTestServer } from '../../../test/harness';
import { buildUser, signedInClient } from '../../../test/factories';
import { type Mailbox, type SmtpRefusal, startMailbox } from '../../../test/mailbox';

/** What the SMTP server answers RCPT TO for an address: refused with this reply, or accepted. */
const refusals = new Map<string, SmtpRefusal>();
let mailbox: Mailbox;
// Staff two-factor enrolment (required on a real deployment) is tested in reviewers/staff-protection.test.ts; here
// the staff accounts sign in with their password so the test is about mail.
let server: TestServer;

before(async () => {
  mailbox = await startMailbox({ refuseRecipient: (to) => refusals.get(to) ?? null });
  server = await startTestServer({ demoMode: false, staffTwoFactorRequired: false, smtpUrl: mailbox.url });
});
after(async () => {
  await server?.close();
  await mailbox.close();
});

async function staffClient(role: 'reviewer' | 'admin' = 'reviewer') {
  const { user, password } = await buildUser(server, { role, fullName: 'Rita Reviewer' });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return client;
}

async function until<T>(probe: () => Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('the expected state was never reached');
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Delivery {
  bouncedAt: string | null;
  bounceReason: string | null;
  lastSentAt: string | null;
  failures: Array<{ id: number; kind: string; attempts: number; state: 'failed' | 'retrying'; failedAt: string | null; nextAttemptAt: string | null; error: string | null } & Record<string, unknown>>;
}
const mail = (to: string, subject: string) => ({ to, subject, kind: 'notification' as const, text: `${subject}.` });

describe('email delivery on the ops member page', () => {
  test('shows the undeliverable mark and the latest failures without subjects; a reviewer lifts the mark, audited, and mail flows again', async () => {
    const to = 'meena.gone@example.test';
    const member = await signedInClient(server, { fullName: 'Meena Kulkarni', email: to });
    const reviewer = await staffClient();
    const page = async () => ((await (await reviewer.get(`/api/ops/members/${member.user.id}`)).json()) as { emailDelivery: Delivery }).emailDelivery;

    const fresh = await page();
    assert.deepEqual({ ...fresh, failures: fresh.failures.length }, { bouncedAt: null, bounceReason: null, lastSentAt: null, failures: 0 });

    await sendMail(server.config, server.db, mail(to, 'Welcome aboard'));
    await until(async () => (await page()).lastSentAt);

    refusals.set(to, { code: 451, text: '4.2.1 Mailbox busy' });
    await sendMail(server.config, server.db, mail(to, 'Arjun sent you a message'));
    await until(async () => (await page()).failures.find((f) => f.state === 'retrying'));
    refusals.set(to, { code: 550, text: '5.1.1 No such user here' });
    await sendMail(server.config, server.db, mail(to, 'Priya liked your profile'));
    const bounced = await until(async () => {
      const d = await page();
      return d.bouncedAt ? d : null;
    });
    assert.match(String(bounced.bounceReason), /550.*No such user here/);
    assert.deepEqual(
      bounced.failures.map((f) => [f.state, f.attempts, f.kind]),
      [
        ['failed', 1, 'notification'],
        ['retrying', 1, 'notification'],
      ],
    );
    assert.match(String(bounced.failures[0].error), /hard bounce.*550/);
    assert.ok(bounced.failures[0].failedAt);
    assert.match(String(bounced.failures[1].error), /retrying: .*451/);
    assert.ok(bounced.failures[1].nextAttemptAt);
    assert.doesNotMatch(JSON.stringify(bounced), /Arjun|Priya|subject/i, 'what the mails said stays out of the member page');

    // Not the member's to lift here, nor a visitor's; an unknown member is a 404.
    assert.equal((await member.client.delete(`/api/ops/members/${member.user.id}/email-bounce`)).status, 403);
    assert.equal((await new Client(server).delete(`/api/ops/members/${member.user.id}/email-bounce`)).status, 401);
    assert.equal((await reviewer.delete('/api/ops/members/999999/email-bounce')).status, 404);
    assert.ok((await page()).bouncedAt, 'still marked');

    refusals.delete(to);
    const cleared = await reviewer.delete(`/api/ops/members/${member.user.id}/email-bounce`);
    assert.equal(cleared.status, 200);
    assert.equal(((await cleared.json()) as { message: string }).message, 'Emails will be sent to this address again');
    assert.equal((await page()).bouncedAt, null);
    const settings = (await (await member.client.get(`/api/users/${member.user.id}/notification-settings`)).json()) as { emailBounce: unknown };
    assert.equal(settings.emailBounce, null, 'the member sees it lifted too');
    const entry = await server.db('audit_log').where({ action: 'member.email_bounce_cleared', targetId: member.user.id }).first();
    assert.equal(entry.actorRole, 'reviewer');
    assert.match(String(JSON.parse(String(entry.details)).bounceReason), /550/);

    const again = await reviewer.delete(`/api/ops/members/${member.user.id}/email-bounce`);
    assert.equal(again.status, 409);
    assert.equal(((await again.json()) as { message: string }).message, 'This address is not marked undeliverable');

    const accepted = () => mailbox.inbox.filter((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address?.toLowerCase() === to).length;
    const before = accepted();
    await sendMail(server.config, server.db, mail(to, 'After the fix'));
    await until(async () => accepted() > before);
  });
});
