import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

async function staff() {
  const { user, password } = await buildUser(server, { role: 'reviewer' });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return client;
}

async function all<T = Json>(client: Client, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const res = await client.get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&pageSize=3`);
    assert.equal(res.status, 200, path);
    const body = (await res.json()) as { items: T[]; total: number };
    items.push(...body.items);
    if (items.length >= body.total || body.items.length === 0) return items;
  }
}

describe('member list sorting', () => {
  test('names sort as people read them — case and accents aside — across pages, both ways, matching a collator over the same members', async () => {
    const names = ['zoë Adams', 'Émile Roy', 'anil Kumar', 'Anil kumar', 'bina Shah', 'Bina Shah', 'ćyrus', 'Item 10', 'Item 2'];
    for (const fullName of names) await buildUser(server, { fullName });
    const client = await staff();
    const members = await server.db('users').where({ role: 'member', isDeleted: false }).select('id', 'fullName');
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    for (const dir of ['asc', 'desc'] as const) {
      const sign = dir === 'asc' ? 1 : -1;
      const expected = [...members].sort((a, b) => sign * collator.compare(a.fullName, b.fullName) || b.id - a.id).map((m) => m.id);
      const got = (await all<{ id: number }>(client, `/api/ops/members?sort=name&dir=${dir}`)).map((m) => m.id);
      assert.deepEqual(got, expected, dir);
    }
    const asc = (await all<{ fullName: string }>(client, '/api/ops/members?sort=name&dir=asc')).map((m) => m.fullName);
    assert.ok(asc.indexOf('Émile Roy') < asc.indexOf('Item 2') && asc.indexOf('Item 2') < asc.indexOf('Item 10'));
    assert.ok(asc.indexOf('zoë Adams') === asc.length - 1);
  });

  test('every other sortable column sorts, with filters applied', async () => {
    const client = await staff();
    for (const sort of ['username', 'email', 'status', 'verified', 'created']) {
      const got = await all<Json>(client, `/api/ops/members?sort=${sort}&dir=asc&status=active`);
      assert.ok(got.every((m) => m.status === 'active'));
      const key = (m: Json) => (sort === 'username' ? String(m.username).toLowerCase() : sort === 'email' ? String(m.email).toLowerCase() : sort === 'verified' ? Number(m.isVerified) : sort === 'created' ? String(m.registeredAt) : String(m.status));
      for (let i = 1; i < got.length; i += 1) assert.ok(key(got[i - 1]) <= key(got[i]), `${sort} at ${i}`);
    }
    assert.equal((await client.get('/api/ops/members?sort=password')).status, 400);
  });
});

describe('share links', () => {
  test('found by pasted link, id, code prefix or owner; rows carry the code prefix and recent views; CSV too', async () => {
    const owner = await signedInClient(server, { fullName: 'Rehana Qureshi' });
    const profile = await buildProfile(server, owner.user);
    const share = (await (await owner.client.post(`/api/profiles/${profile.id}/share`, {})).json()) as { shareCode: string; id: number };
    const other = await signedInClient(server, { fullName: 'Someone Else' });
    const otherShare = (await (await other.client.post(`/api/profiles/${(await buildProfile(server, other.user)).id}/share`, {})).json()) as { shareCode: string; id: number };
    for (let i = 0; i < 7; i += 1) await new Client(server).get(`/api/shares/${share.shareCode}`);
    const client = await staff();
    const find = async (q: string) => ((await (await client.get(`/api/ops/shares?q=${encodeURIComponent(q)}`)).json()) as { items: Array<Json & { recentViews: string[] }> }).items;

    for (const q of [`https://saathi.example/shared/${share.shareCode}`, `#${share.id}`, share.shareCode.slice(0, 8), 'rehana']) {
      const items = await find(q);
      assert.deepEqual(items.map((i) => i.id), [share.id], q);
    }
    assert.deepEqual((await find(`/shared/${otherShare.shareCode}?x=1`)).map((i) => i.id), [otherShare.id]);
    assert.deepEqual(await find('/shared/nonexistentcode123'), []);
    const [row] = await find(`#${share.id}`);
    assert.equal(row.codePrefix, share.shareCode.slice(0, 8));
    assert.equal(row.recordedViews, 7);
    assert.equal(row.recentViews.length, 5, 'the five most recent views');
    assert.deepEqual([...row.recentViews].sort().reverse(), row.recentViews, 'newest first');
    assert.ok(!JSON.stringify(row).includes(share.shareCode), 'never the whole code');

    const csv = await (await client.get(`/api/ops/shares.csv?q=${encodeURIComponent(`#${share.id}`)}`)).text();
    const [header, line] = csv.trim().split('\n');
    assert.equal(header, 'id,code_prefix,profile_id,owner,owner_username,created,expires,views,recorded_views,last_viewed,state');
    const cells = line.split(',');
    // A code may begin with '-' (base64url): the cell then carries the spreadsheet formula guard.
    const prefix = share.shareCode.slice(0, 8);
    assert.deepEqual([cells[0], cells[1], cells[8]], [String(share.id), prefix.startsWith('-') ? `'${prefix}` : prefix, '7']);
    assert.match(cells[9], /^\d{4}-\d{2}-\d{2}T/);
  });

  test('sorting by owner is collated; by views is numeric', async () => {
    const client = await staff();
    const byOwner = (await all<{ owner: { fullName: string } }>(client, '/api/ops/shares?sort=owner&dir=asc')).map((s) => s.owner.fullName);
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    assert.deepEqual(byOwner, [...byOwner].sort(collator.compare));
    const byViews = (await all<{ accessCount: number }>(client, '/api/ops/shares?sort=views&dir=desc')).map((s) => s.accessCount);
    assert.deepEqual(byViews, [...byViews].sort((a, b) => b - a));
  });
});
