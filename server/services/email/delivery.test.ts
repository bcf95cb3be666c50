// Outbox delivery against a real SMTP server started in the test: transient refusals and a server that is down
// are retried with backoff until the mail gets through; a permanent refusal of the address marks it bounced, the
// member sees that in Settings, and nothing more is sent to it until they clear it.
import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { emailDeliveryJob } from '../../jobs/email-delivery';
import { JobScheduler } from '../../jobs/scheduler';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildUser, signedInClient } from '../../test/factories';
import { type Mailbox, type MailboxOptions, type SmtpRefusal, startMailbox } from '../../test/mailbox';
import { sendMail } from '../mail';
import { MAX_ATTEMPTS, deliverDue, retryDelayMs } from './delivery';

/** What the SMTP server does with a recipient: accept, or refuse with this reply (a number of times, or always). */
const refusals = new Map<string, SmtpRefusal & { times: number }>();
const refusalsAtData = new Map<string, SmtpRefusal>();
const answers: MailboxOptions = {
  refuseRecipient(to) {
    const refusal = refusals.get(to);
    if (!refusal || refusal.times <= 0) return null;
    refusal.times--;
    return refusal;
  },
  refuseMessage: (to) => refusalsAtData.get(to) ?? null,
};
let mailbox: Mailbox;

/** every RCPT TO the server was asked for this address (accepted or not) */
const rcptSeen = (to: string) => mailbox.recipients.filter((r) => r === to).length;
const delivered = (to: string, box = mailbox) => box.inbox.filter((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address === to);
const row = (server: TestServer, to: string) => server.db('email_outbox').where({ toEmail: to }).orderBy('id', 'desc').first();

/** Waits until the outbox row for `to` satisfies `done` (the first attempt runs right after sendMail returns). */
async function until(server: TestServer, to: string, done: (r: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const r = await row(server, to);
    if (r && done(r)) return r;
    if (Date.now() > deadline) throw new Error(`outbox row for ${to} never reached the expected state: ${JSON.stringify(r)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const notification = (to: string, subject = 'It is a match') => ({
  to,
  subject,
  kind: 'notification' as const,
  text: `Hello,\n\n${subject}.\n`,
  html: `<p>Hello,</p><p>${subject}.</p>`,
  headers: { 'List-Unsubscribe': '<http://saathi.example/api/email/unsubscribe?token=x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
});

describe('outbox delivery through a real SMTP server', () => {
  let server: TestServer;
  before(async () => {
    mailbox = await startMailbox(answers);
    server = await startTestServer({ demoMode: false, smtpUrl: mailbox.url });
  });
  after(async () => {
    await server.close();
    await mailbox.close();
  });

  test('a transient refusal (451) is retried after 1 then 2 minutes, and the mail arrives once, whole', async () => {
    const to = 'flaky.mailbox@example.test';
    refusals.set(to, { code: 451, text: '4.3.0 Mailbox busy, try later', times: 2 });
    const t0 = Date.now();
    await sendMail(server.config, server.db, notification(to));
    const first = await until(server, to, (r) => Number(r.attempts) === 1 && r.error !== null);
    assert.equal(first.sentAt, null);
    assert.match(String(first.error), /attempt 1 failed, retrying: .*451/);
    assert.ok(Number(first.nextAttemptAt) >= t0 + retryDelayMs(1) && Number(first.nextAttemptAt) <= Date.now() + retryDelayMs(1));
    assert.equal(delivered(to).length, 0);

    // Not due yet: the job leaves it alone.
    assert.equal((await deliverDue(server.config, server.db, Number(first.nextAttemptAt) - 1)).retry, 0);
    assert.equal(Number((await row(server, to)).attempts), 1);

    const second = await deliverDue(server.config, server.db, Number(first.nextAttemptAt));
    assert.equal(second.retry, 1);
    const afterSecond = await row(server, to);
    assert.equal(Number(afterSecond.attempts), 2);
    assert.ok(Number(afterSecond.nextAttemptAt) >= Number(first.nextAttemptAt) + retryDelayMs(2), 'the wait doubles');

    const third = await deliverDue(server.config, server.db, Number(afterSecond.nextAttemptAt));
    assert.equal(third.sent, 1);
    const sent = await row(server, to);
    assert.ok(sent.sentAt);
    assert.equal(sent.payload, null, 'the full copy is not kept once delivered');
    assert.equal(sent.error, null);
    const [mail] = delivered(to);
    assert.equal(delivered(to).length, 1);
    assert.equal(mail.subject, 'It is a match');
    assert.match(mail.text ?? '', /It is a match\./);
    assert.match(String(mail.html), /<p>It is a match\.<\/p>/);
    assert.equal(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line, 'List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    assert.equal(rcptSeen(to), 3);
  });

  test('two deliveries of the same due mail at once send it once', async () => {
    const to = 'twice.asked@example.test';
    refusals.set(to, { code: 421, text: '4.7.0 Try again later', times: 1 });
    await sendMail(server.config, server.db, notification(to));
    const first = await until(server, to, (r) => Number(r.attempts) === 1 && r.error !== null);
    const [a, b] = await Promise.all([deliverDue(server.config, server.db, Number(first.nextAttemptAt)), deliverDue(server.config, server.db, Number(first.nextAttemptAt))]);
    assert.equal(a.sent + b.sent, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(delivered(to).length, 1);
  });

  test('transient failures give up after the last attempt, without marking the address', async () => {
    const to = 'always.busy@example.test';
    const member = await buildUser(server, { email: to });
    refusals.set(to, { code: 452, text: '4.2.2 Mailbox full', times: 1000 });
    await sendMail(server.config, server.db, notification(to));
    let r = await until(server, to, (x) => Number(x.attempts) === 1 && x.error !== null);
    while (Number(r.attempts) < MAX_ATTEMPTS) {
      await deliverDue(server.config, server.db, Number(r.nextAttemptAt));
      r = await row(server, to);
    }
    assert.ok(r.failedAt);
    assert.equal(r.nextAttemptAt, null);
    assert.match(String(r.error), new RegExp(`gave up after ${MAX_ATTEMPTS} attempts`));
    assert.equal((await deliverDue(server.config, server.db, Date.now() + 365 * 86_400_000)).retry, 0, 'nothing more is tried');
    assert.equal(rcptSeen(to), MAX_ATTEMPTS);
    assert.equal((await server.db('users').where({ id: member.user.id }).first()).emailBouncedAt, null);
  });

  test('a permanent refusal of the message (554 at DATA) is given up at once, the address stays usable', async () => {
    const to = 'strict.filter@example.test';
    const member = await buildUser(server, { email: to });
    refusalsAtData.set(to, { code: 554, text: '5.7.1 Message rejected as spam' });
    await sendMail(server.config, server.db, notification(to));
    const r = await until(server, to, (x) => x.failedAt !== null);
    assert.equal(Number(r.attempts), 1);
    assert.match(String(r.error), /^refused: .*554/);
    assert.equal((await server.db('users').where({ id: member.user.id }).first()).emailBouncedAt, null);
  });

  test('a hard bounce (550 to RCPT TO) marks the address: the member sees it, no more mail goes to it until they clear it', async () => {
    const to = 'left.the.company@example.test';
    const member = await signedInClient(server, { email: to });
    const stranger = await signedInClient(server);
    refusals.set(to, { code: 550, text: '5.1.1 No such user here', times: 1 });
    await sendMail(server.config, server.db, notification(to, 'First news'));
    const bounced = await until(server, to, (x) => x.failedAt !== null);
    assert.equal(Number(bounced.attempts), 1, 'a hard bounce is not retried');
    assert.match(String(bounced.error), /hard bounce.*550/);
    assert.equal(bounced.payload, null);
    assert.equal((await deliverDue(server.config, server.db, Date.now() + 86_400_000)).sent, 0);

    // The member sees it beside their email settings, with what the server said.
    const settings = (await (await member.client.get(`/api/users/${member.user.id}/notification-settings`)).json()) as { emailBounce: { address: string; reason: string } | null };
    assert.equal(settings.emailBounce?.address, to);
    assert.match(settings.emailBounce?.reason ?? '', /550.*No such user here/);

    // A later notification is not sent (the server is never asked), but recorded for the ops console.
    const asked = rcptSeen(to);
    await sendMail(server.config, server.db, notification(to, 'Second news'));
    const suppressed = await row(server, to);
    assert.equal(suppressed.subject, 'Second news');
    assert.ok(suppressed.failedAt);
    assert.match(String(suppressed.error), /bounced earlier/);
    await deliverDue(server.config, server.db, Date.now() + 86_400_000);
    assert.equal(rcptSeen(to), asked);

    // A password reset the member asks for is still tried: it may be their only way back in.
    assert.equal((await new Client(server).post('/api/auth/password-reset/request', { email: to })).status, 200);
    await until(server, to, (x) => x.kind === 'password_reset' && x.sentAt !== null);
    assert.equal(rcptSeen(to), asked + 1);

    // Another member cannot clear it; the member can, and mail flows again.
    const denied = await stranger.client.delete(`/api/users/${member.user.id}/email-bounce`);
    assert.ok([403, 404].includes(denied.status), `stranger got ${denied.status}`);
    assert.ok((await server.db('users').where({ id: member.user.id }).first()).emailBouncedAt);
    assert.equal((await member.client.delete(`/api/users/${member.user.id}/email-bounce`)).status, 200);
    const cleared = (await (await member.client.get(`/api/users/${member.user.id}/notification-settings`)).json()) as { emailBounce: unknown };
    assert.equal(cleared.emailBounce, null);
    await sendMail(server.config, server.db, notification(to, 'Third news'));
    await until(server, to, (x) => x.subject === 'Third news' && x.sentAt !== null);
    assert.ok(delivered(to).some((m) => m.subject === 'Third news'));
  });
});

describe('outbox delivery while the mail server is down', () => {
  test('mail written while nothing listens is sent by the email-delivery job once the server is up (as after a restart)', async () => {
    // A port that nothing listens on yet.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const server = await startTestServer({ demoMode: false, smtpUrl: `smtp://127.0.0.1:${port}` });
    let late: Mailbox | null = null;
    try {
      const to = 'patient.member@example.test';
      await sendMail(server.config, server.db, notification(to, 'Written while down'));
      const failed = await until(server, to, (x) => Number(x.attempts) === 1 && x.error !== null);
      assert.match(String(failed.error), /retrying: .*(ECONNREFUSED|connect)/i);
      assert.equal(failed.failedAt, null);

      late = await startMailbox({ ...answers, port });
      // A fresh scheduler, as a restarted process would have: the job finds the due mail and sends it.
      await server.db('email_outbox').where({ id: failed.id }).update({ nextAttemptAt: Date.now() });
      const run = await new JobScheduler(server.db, [emailDeliveryJob(server.config)]).runNow('email-delivery');
      assert.equal(run.result, 'sent 1, retrying 0, bounced 0, failed 0');
      assert.equal(delivered(to, late).length, 1);
      assert.equal(delivered(to, late)[0].subject, 'Written while down');
    } finally {
      await server.close();
      await late?.close();
    }
  });
});
