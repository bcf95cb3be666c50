// Two Saathi processes on one PostgreSQL database, as behind a load balancer: a session made on one is valid on
// the other, rate-limit counters are shared, and a message sent through one reaches the chat stream (SSE) held
// open by the other through LISTEN/NOTIFY. Runs in the PostgreSQL API suite (TEST_DATABASE_URL).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, dropTestDatabase, postgresDatabaseUrl } from './test/harness';
import { type Proc, asServer, eventReader, register, startProcess, stopProcess } from './test/processes';

const adminUrl = process.env.TEST_DATABASE_URL;

describe('two Saathi processes on one PostgreSQL database', { skip: adminUrl ? false : 'needs PostgreSQL (TEST_DATABASE_URL)' }, () => {
  let databaseUrl: string;
  let one: Proc;
  let two: Proc;

  before(async () => {
    databaseUrl = await postgresDatabaseUrl(adminUrl as string);
    [one, two] = await Promise.all([startProcess(databaseUrl), startProcess(databaseUrl)]);
  });

  after(async () => {
    await Promise.all([one && stopProcess(one), two && stopProcess(two)]);
    await dropTestDatabase(adminUrl as string, databaseUrl);
  });

  it('a message sent through one process reaches the chat stream open on the other', async () => {
    const asha = await register(one, 'Asha');
    const ravi = await register(two, 'Ravi');

    // Ravi has his chat open on process two: its live-event stream.
    const stream = await fetch(`${two.url}/api/events`, { headers: { Cookie: ravi.client.cookieHeader(), Accept: 'text/event-stream' } });
    assert.equal(stream.status, 200);
    const events = eventReader(stream.body as ReadableStream<Uint8Array>);
    assert.deepEqual(await events.next('ready'), { userId: ravi.id });

    // Asha writes through process one; a long message (several NOTIFY parts) as well as a short one.
    const short = 'Namaste Ravi! Sent through the other server.';
    const long = `${'नमस्ते 🙏 '.repeat(200)}end`.slice(0, 2000);
    for (const content of [short, long]) {
      const sent = await asha.client.post('/api/messages', { receiverId: ravi.id, content });
      assert.equal(sent.status, 201, await sent.clone().text());
      const event = (await events.next('message')) as { content: string; senderId: number; receiverId: number; senderName: string };
      assert.equal(event.content, content.trim());
      assert.equal(event.senderId, asha.id);
      assert.equal(event.receiverId, ravi.id);
      assert.equal(event.senderName, 'Asha');
    }
    // …and the bell: the message notification arrives on the same stream.
    const note = (await events.next('notification')) as { type: string; title: string };
    assert.equal(note.type, 'message');
    assert.equal(note.title, 'New message from Asha');

    // Reading the thread on process two sends the read receipt back to Asha's stream on process one.
    const ashaStream = await fetch(`${one.url}/api/events`, { headers: { Cookie: asha.client.cookieHeader(), Accept: 'text/event-stream' } });
    const ashaEvents = eventReader(ashaStream.body as ReadableStream<Uint8Array>);
    await ashaEvents.next('ready');
    const thread = await ravi.client.get(`/api/messages/${ravi.id}/${asha.id}`);
    assert.equal(thread.status, 200);
    const receipt = (await ashaEvents.next('read')) as { readerId: number; messageIds: number[] };
    assert.equal(receipt.readerId, ravi.id);
    assert.equal(receipt.messageIds.length, 2);
    await events.cancel();
    await ashaEvents.cancel();
  });

  it('a password change through one process closes, at once, the stream its other sessions hold open on the other', async () => {
    const sita = await register(one, 'Sita');
    const gopal = await register(one, 'Gopal');
    // Sita's phone holds its stream on process two; her laptop signs in through process one.
    const phone = await fetch(`${two.url}/api/events`, { headers: { Cookie: sita.client.cookieHeader(), Accept: 'text/event-stream' } });
    const phoneEvents = eventReader(phone.body as ReadableStream<Uint8Array>);
    await phoneEvents.next('ready');
    const laptop = new Client(asServer(one));
    assert.equal((await laptop.postForm('/api/auth/login', { username: sita.username, password: 'correct horse battery' })).status, 200);
    const laptopStream = await fetch(`${one.url}/api/events`, { headers: { Cookie: laptop.cookieHeader(), Accept: 'text/event-stream' } });
    const laptopEvents = eventReader(laptopStream.body as ReadableStream<Uint8Array>);
    await laptopEvents.next('ready');

    const changed = await laptop.post(`/api/users/${sita.id}/change-password`, { currentPassword: 'correct horse battery', newPassword: 'another long passphrase' });
    assert.equal(changed.status, 200);
    // Well inside the 25-second heartbeat that used to be the only check.
    assert.deepEqual(await phoneEvents.next('session-ended', 2000), { reason: 'signed-out' });
    await assert.rejects(phoneEvents.next('message', 2000), /event stream ended/);
    // A message after it reaches the laptop, which stays signed in, and not the phone.
    assert.equal((await gopal.client.post('/api/messages', { receiverId: sita.id, content: 'Only for the laptop' })).status, 201);
    assert.equal(((await laptopEvents.next('message')) as { content: string }).content, 'Only for the laptop');
    await laptopEvents.cancel();
  });

  it('a session made on one process is valid on the other, and sign-out ends it on both', async () => {
    const meera = await register(one, 'Meera');
    const onTwo = new Client(asServer(two));
    onTwo.cookies = new Map(meera.client.cookies);
    assert.equal((await onTwo.get('/api/auth/user')).status, 200);
    assert.equal((await onTwo.post('/api/auth/logout')).status, 200);
    assert.equal((await meera.client.get('/api/auth/user')).status, 401);
  });

  it('login rate-limit counters are shared between the processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const target = i % 2 === 0 ? one : two;
      const res = await new Client(asServer(target)).postForm('/api/auth/login', { username: 'nobody_here', password: 'wrong password' });
      statuses.push(res.status);
    }
    // RATE_LIMIT_LOGIN=4 per window: four refusals for bad credentials, then 429 whichever process answers.
    assert.deepEqual(statuses.slice(0, 4), [401, 401, 401, 401]);
    assert.equal(statuses[4], 429);
  });

  it("the match engine of each process follows the other's writes: edit, hide, block, unhide", async () => {
    const lata = await register(one, 'Lata', { gender: 'female', lookingFor: 'male', city: 'Toronto' });
    const arun = await register(two, 'Arun', { gender: 'male', lookingFor: 'female', city: 'Kingston' });
    const idsFor = async (query: string) => ((await (await lata.client.get(`/api/search?query=${query}`)).json()) as Array<{ userId: number }>).map((c) => c.userId);
    // Each step is written through process two and searched for through process one, at once and then until it
    // shows (no timing assertion here: npm run bench measures the write-to-visible latency).
    const eventually = async (query: string, present: boolean) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        if ((await idsFor(query)).includes(arun.id) === present) return;
        if (Date.now() > deadline) throw new Error(`search "${query}" on process one still ${present ? 'misses' : 'shows'} Arun`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    await eventually('kingston', true);
    assert.equal((await arun.client.patch(`/api/profiles/${arun.profileId}`, { city: 'Guelph' })).status, 200);
    await eventually('guelph', true);
    await eventually('kingston', false);
    assert.equal((await arun.client.patch(`/api/users/${arun.id}/privacy-settings`, { profileVisibility: 'none' })).status, 200);
    await eventually('guelph', false);
    assert.equal((await arun.client.patch(`/api/users/${arun.id}/privacy-settings`, { profileVisibility: 'all' })).status, 200);
    await eventually('guelph', true);
    assert.equal((await arun.client.post('/api/blocks', { userId: lata.id })).status, 201);
    await eventually('guelph', false);
  });

  it('SIGTERM ends open streams and stops the process cleanly', async () => {
    const kiran = await register(two, 'Kiran');
    const stream = await fetch(`${two.url}/api/events`, { headers: { Cookie: kiran.client.cookieHeader(), Accept: 'text/event-stream' } });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const code = await stopProcess(two);
    assert.equal(code, 0, two.output());
    for (;;) {
      const { done } = await reader.read().catch(() => ({ done: true }));
      if (done) break;
    }
    // "stopped" is logged only once the HTTP server has closed (every stream ended) and the database is closed,
    // not by the 10-second fallback exit.
    assert.match(two.output(), /"msg":"stopped"/);
  });
});
