import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SAFETY_NOTICE } from '../../contracts/enums';
import { Client, type TestServer, startTestServer } from '../test/harness';
import { buildProfile, buildUser, signedInClient } from '../test/factories';

let server: TestServer;
let reviewer: Client;
before(async () => {
  server = await startTestServer();
  const { user, password } = await buildUser(server, { role: 'reviewer' });
  reviewer = new Client(server);
  assert.equal((await reviewer.post('/api/ops/session', { username: user.username, password })).status, 200);
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

async function member(fullName: string) {
  const m = await signedInClient(server, { fullName, tier: 'premium' });
  await buildProfile(server, m.user);
  return m;
}

async function send(from: Awaited<ReturnType<typeof member>>, to: Awaited<ReturnType<typeof member>>, content: string) {
  const res = await from.client.post('/api/messages', { receiverId: to.user.id, content });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()) as Json;
}

const thread = async (viewer: Awaited<ReturnType<typeof member>>, other: Awaited<ReturnType<typeof member>>) =>
  (await (await viewer.client.get(`/api/messages/${viewer.user.id}/${other.user.id}`)).json()) as Json[];

describe('scam signals in chat', () => {
  test('a money request is delivered, the recipient reads the notice under it, the sender does not, and an automatic report reaches the queue', async () => {
    const scammer = await member('Vikram Scam');
    const priya = await member('Priya Target');
    const meera = await member('Meera Other');
    await send(scammer, meera, 'Hello Meera, how are you?');
    await send(scammer, meera, 'Can you send me 20000 rupees for my visa fee?');
    await send(scammer, priya, 'Hi Priya, lovely profile');
    await send(priya, scammer, 'Thank you!');
    const flagged = await send(scammer, priya, 'Jaan, thode paise bhej do na, kal wapas kar dunga');
    assert.equal(flagged.safetyNotice ?? null, null, 'the sender is not told');

    const seenByPriya = await thread(priya, scammer);
    assert.equal(seenByPriya.length, 3, 'nothing is blocked');
    assert.deepEqual(seenByPriya.map((m) => m.safetyNotice ?? null), [null, null, SAFETY_NOTICE]);
    assert.ok((await thread(scammer, priya)).every((m) => !m.safetyNotice));

    const queue = (await (await reviewer.get('/api/ops/reports')).json()) as { items: Array<Json & { reported: Json }> };
    const autos = queue.items.filter((r) => r.reported.id === scammer.user.id);
    assert.equal(autos.length, 1, 'one open automatic report per sender');
    const [auto] = autos;
    assert.deepEqual([auto.reason, auto.source, auto.reporter], ['scam_or_money_request', 'auto', null]);
    const stored = await server.db('reports').where({ id: auto.id }).first('source', 'messageId');
    assert.equal(stored.source, 'auto');

    // The first flagged message (to Meera) is the one highlighted; the summary lists the sender's other conversations.
    const detail = (await (await reviewer.get(`/api/ops/reports/${auto.id}`)).json()) as Json & {
      conversation: { messages: Json[]; with: Json }; senderConversations: Array<Json & { with: Json }>;
    };
    assert.equal(detail.conversation.with.id, meera.user.id);
    const highlighted = detail.conversation.messages.filter((m) => m.highlighted);
    assert.deepEqual(highlighted.map((m) => m.content), ['Can you send me 20000 rupees for my visa fee?']);
    assert.deepEqual(detail.senderConversations.map((c) => [c.with.fullName, c.sent, c.received, c.flagged]), [['Priya Target', 2, 1, 1]]);

    // A false positive is dismissed like any report; nothing happened to the sender's account.
    assert.equal((await reviewer.post(`/api/ops/reports/${auto.id}/dismiss`, { note: 'A joke between friends' })).status, 200);
    assert.equal((await server.db('users').where({ id: scammer.user.id }).first('status')).status, 'active');
  });

  test('moving to another app is flagged only early in a conversation; ordinary messages are not flagged', async () => {
    const a = await member('Early Mover');
    const b = await member('Long Talker');
    await send(a, b, "Let's continue on WhatsApp, I am rarely here");
    for (let i = 0; i < 10; i += 1) await send(i % 2 ? a : b, i % 2 ? b : a, `Message number ${i} about books and travel`);
    await send(b, a, 'Now that we know each other, my WhatsApp is the same as my email name');
    const rows = await server.db('messages').whereIn('senderId', [a.user.id, b.user.id]).orderBy('id').select('safetySignal');
    assert.deepEqual(rows.map((r) => r.safetySignal), ['off_platform', ...Array(10).fill(null), null]);
    assert.equal((await server.db('reports').where({ reportedUserId: b.user.id })).length, 0);
  });
});
