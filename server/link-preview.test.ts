// Link previews: the member app's pages carry Open Graph and Twitter card tags in their HTML; a shared profile's
// preview names the member by first name only (no surname, photo, city or other detail) and only while the link
// is usable; rendering it does not count as a view.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from './test/harness';
import { buildProfile, signedInClient } from './test/factories';

const PUBLIC = 'https://saathi.example';
let server: TestServer;
before(async () => {
  server = await startTestServer({ publicUrl: PUBLIC, demoMode: false });
});
after(() => server.close());

/** The page's meta tags, as a crawler reads them (property or name → content, entities decoded). */
async function metaOf(path: string): Promise<Record<string, string>> {
  const res = await new Client(server).get(path);
  const html = await res.text();
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags[m[1]] = m[2].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  }
  return tags;
}

describe('link previews', () => {
  test('the landing page: title, description, an absolute image and its own address', async () => {
    const tags = await metaOf('/');
    assert.equal(tags['og:title'], 'Saathi — matrimonial bonds across seas');
    assert.match(tags['og:description'], /find a life partner/);
    assert.equal(tags['og:url'], `${PUBLIC}/`);
    assert.equal(tags['og:image'], `${PUBLIC}/icons/icon-512.png`);
    assert.equal(tags['twitter:card'], 'summary');
    assert.equal(tags['twitter:image'], tags['og:image']);
    assert.equal((await metaOf('/about'))['og:url'], `${PUBLIC}/about`);
  });

  test("a shared profile: the first name only, while the link is usable, without counting a view", async () => {
    const owner = await signedInClient(server, { fullName: 'Ananya "Annie" <b>Deshpande</b>' });
    const profile = await buildProfile(server, owner.user, { city: 'Leicester', profession: 'Radiologist' });
    const share = (await (await owner.client.post(`/api/profiles/${profile.id}/share`, {})).json()) as { id: number; shareCode: string };
    const path = `/shared/${share.shareCode}`;

    const tags = await metaOf(path);
    assert.equal(tags['og:title'], 'Meet Ananya on Saathi');
    assert.equal(tags['og:url'], `${PUBLIC}${path}`);
    assert.equal(tags['og:image'], `${PUBLIC}/icons/icon-512.png`, 'the logo, never the member’s photo');
    const all = JSON.stringify(tags);
    for (const secret of ['Deshpande', 'Annie', 'Leicester', 'Radiologist', owner.user.email, '/media/']) assert.ok(!all.includes(secret), `preview shows ${secret}`);
    const html = await (await new Client(server).get(path)).text();
    assert.ok(!html.includes('<b>'), 'the name is escaped in the HTML');
    const row = await server.db('profile_shares').where({ id: share.id }).first();
    assert.equal(Number(row.accessCount), 0, 'a preview is not a view');

    // Deactivated: the preview says nothing about the member.
    assert.equal((await owner.client.delete(`/api/shares/${share.id}`)).status, 200);
    const after = await metaOf(path);
    assert.equal(after['og:title'], 'Saathi — matrimonial bonds across seas');
    assert.ok(!JSON.stringify(after).includes('Ananya'));
    assert.equal(after['og:url'], `${PUBLIC}/`);
  });

  test('unknown, malformed and expired share codes preview as Saathi itself', async () => {
    const owner = await signedInClient(server, { fullName: 'Rohit Banerjee' });
    const profile = await buildProfile(server, owner.user);
    const share = (await (await owner.client.post(`/api/profiles/${profile.id}/share`, {})).json()) as { id: number; shareCode: string };
    await server.db('profile_shares').where({ id: share.id }).update({ expiresAt: Date.now() - 1000 });
    for (const code of [share.shareCode, 'x'.repeat(20), 'short']) {
      const tags = await metaOf(`/shared/${code}`);
      assert.equal(tags['og:title'], 'Saathi — matrimonial bonds across seas', code);
      assert.ok(!JSON.stringify(tags).includes('Rohit'));
    }
  });
});

describe('link previews without PUBLIC_URL', () => {
  test('link to the address the request came to', async () => {
    const local = await startTestServer({ publicUrl: null });
    try {
      const html = await (await new Client(local).get('/login')).text();
      assert.match(html, new RegExp(`<meta property="og:url" content="${local.url}/login">`));
      assert.match(html, new RegExp(`<meta property="og:image" content="${local.url}/icons/icon-512.png">`));
    } finally {
      await local.close();
    }
  });
});
