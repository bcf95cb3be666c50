import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { Client, type TestServer, startTestServer } from '../test/harness';
import { buildProfile, buildUser, jpegBytes, signedInClient } from '../test/factories';
import { type TestS3, startTestS3 } from '../test/s3';
import { LocalMediaStore, type MediaStore, S3MediaStore } from './media-store';
import { DESTINATION_GRACE_MS, migrateMedia } from './media-migration';
import { mediaDir } from './photos';
import { buildBlock, buildPhoto } from '../test/table-factories';

type Json = Record<string, unknown>;

let s3: TestS3;
before(async () => {
  s3 = await startTestS3();
});
after(async () => {
  await s3.close();
});

const keyOf = (url: string) => /\/([a-f0-9]{32})(_thumb|_blur)?\.jpg$/.exec(url)?.[1] ?? assert.fail(`not a media URL: ${url}`);
const renditions = (fileKey: string) => [`${fileKey}.jpg`, `${fileKey}_thumb.jpg`, `${fileKey}_blur.jpg`];
const localFiles = (server: TestServer) => (fs.existsSync(mediaDir(server.dataDir)) ? fs.readdirSync(mediaDir(server.dataDir)).sort() : []);

async function uploadPhoto(client: Client): Promise<{ id: number; url: string }> {
  const res = await client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'me.jpg', 'image/jpeg');
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()) as { id: number; url: string };
}

describe('the S3 media store (against s3rver)', () => {
  test('stores objects whole under the prefix, reads, lists and deletes them; a missing object is null', async () => {
    const store = new S3MediaStore({ ...s3.settings, prefix: 'unit/' });
    const name = `${crypto.randomBytes(16).toString('hex')}_thumb.jpg`;
    const data = crypto.randomBytes(5000);
    assert.equal(await store.get(name), null);
    await store.put(name, data);
    assert.ok((await store.get(name))?.equals(data));
    assert.deepEqual(await s3.object(`unit/${name}`), data, 'the object is at prefix + name');
    const listed = [];
    for await (const object of store.list()) listed.push(object);
    assert.deepEqual(listed.map((o) => [o.name, o.bytes]), [[name, 5000]]);
    await store.delete(name);
    assert.equal(await store.get(name), null);
    await store.delete(name); // removing what is not there is not an error
    await assert.rejects(store.put('../../etc/passwd', data), /not a media object name/);
    assert.equal(await store.problem(), null);
    assert.match((await new S3MediaStore({ ...s3.settings, bucket: 'no-such-bucket' }).problem()) ?? '', /the S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ does not exist/);
  });
});

describe('with MEDIA_STORE=s3 every upload goes to the bucket, and is served only through the access check', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ media: { store: 's3', s3: s3.settings } });
  });
  after(async () => {
    await server.close();
  });

  test('a profile photo: three renditions in the bucket, none on disk; strangers get 404, a block ends access; deleting removes them', async () => {
    const owner = await signedInClient(server);
    const profile = await buildProfile(server, owner.user, { gender: 'female' });
    const up = await uploadPhoto(owner.client);
    const fileKey = keyOf(up.url);
    const keys = await s3.keys();
    for (const name of renditions(fileKey)) assert.ok(keys.includes(`media/${name}`), `${name} is in the bucket`);
    assert.deepEqual(localFiles(server), [], 'nothing is written to the data directory');

    const mine = await owner.client.get(up.url);
    assert.equal(mine.status, 200);
    assert.deepEqual(Buffer.from(await mine.arrayBuffer()), await s3.object(`media/${fileKey}.jpg`), 'served bytes are the stored object');
    assert.equal((await new Client(server).get(up.url)).status, 404, 'a visitor is refused before the bucket is read');

    // Attached to a visible profile, another member may see it; a block ends that at once.
    assert.equal((await owner.client.patch(`/api/profiles/${profile.id}`, { photoIds: [up.id] })).status, 200);
    const viewer = await signedInClient(server);
    await buildProfile(server, viewer.user, { gender: 'male', lookingFor: 'female' });
    const seen = await viewer.client.get(up.url.replace('.jpg', '_thumb.jpg'));
    assert.equal(seen.status, 200);
    assert.equal(seen.headers.get('cache-control'), 'private, no-cache');
    await buildBlock(server.db, { blockerId: owner.user.id, blockedId: viewer.user.id });
    assert.equal((await viewer.client.get(up.url)).status, 404);

    // A new photo replaces the old set; removing it from the profile and deleting it removes the objects.
    const second = await uploadPhoto(owner.client);
    assert.equal((await owner.client.delete(`/api/upload/photo/${second.id}`)).status, 200);
    const after = await s3.keys();
    for (const name of renditions(keyOf(second.url))) assert.ok(!after.includes(`media/${name}`), `${name} was deleted from the bucket`);
  });

  test("deleting an account removes the member's photos from the bucket", async () => {
    const member = await signedInClient(server);
    const up = await uploadPhoto(member.client);
    const names = renditions(keyOf(up.url)).map((n) => `media/${n}`);
    for (const name of names) assert.ok((await s3.keys()).includes(name));
    const res = await member.client.post('/api/user/delete', { password: member.password });
    assert.equal(res.status, 200, await res.clone().text());
    const keys = await s3.keys();
    for (const name of names) assert.ok(!keys.includes(name), `${name} removed with the account`);
  });

  test('ID images go to the bucket, are readable by reviewers only (no-store), and are deleted when decided', async () => {
    const member = await signedInClient(server);
    await buildProfile(server, member.user);
    const form = new FormData();
    form.append('documentType', 'passport');
    form.append('selfie', new Blob([new Uint8Array(await jpegBytes())], { type: 'image/jpeg' }), 'selfie.jpg');
    form.append('document', new Blob([new Uint8Array(await jpegBytes({ width: 120 }))], { type: 'image/jpeg' }), 'passport.jpg');
    const submit = await fetch(`${server.url}/api/verification`, { method: 'POST', headers: { Cookie: member.client.cookieHeader(), Origin: server.origin, Accept: 'application/json' }, body: form });
    assert.equal(submit.status, 201, await submit.clone().text());
    const { user, password } = await buildUser(server, { role: 'reviewer' });
    const reviewer = new Client(server);
    assert.equal((await reviewer.post('/api/ops/session', { username: user.username, password })).status, 200);
    const queue = (await (await reviewer.get('/api/ops/verifications')).json()) as { items: Array<Json & { id: number; selfieUrl: string; documentUrl: string }> };
    const item = queue.items.find((i) => (i.user as Json).id === member.user.id);
    assert.ok(item);
    const documentKey = keyOf(item.documentUrl);
    assert.ok((await s3.keys()).includes(`media/${documentKey}.jpg`));
    const read = await reviewer.get(item.documentUrl);
    assert.equal(read.status, 200);
    assert.equal(read.headers.get('cache-control'), 'no-store');
    assert.equal((await member.client.get(item.documentUrl)).status, 404, 'not even the member reads it back');
    assert.equal((await reviewer.post(`/api/ops/verifications/${item.id}/approve`)).status, 200);
    const keys = await s3.keys();
    for (const url of [item.selfieUrl, item.documentUrl]) {
      for (const name of renditions(keyOf(url))) assert.ok(!keys.includes(`media/${name}`), `${name} deleted after the decision`);
    }
  });

  test('a success-story photo is stored in the bucket and private until the story is published', async () => {
    const { user, password } = await buildUser(server, { role: 'admin' });
    const admin = new Client(server);
    assert.equal((await admin.post('/api/ops/session', { username: user.username, password })).status, 200);
    const a = (await buildUser(server)).user;
    const b = (await buildUser(server)).user;
    const created = await admin.post('/api/ops/stories', { user1Id: a.id, user2Id: b.id, matchDate: '2025-02-01', testimonial: 'Two families, one wedding in Kochi after a year of calls.' });
    assert.equal(created.status, 201, await created.clone().text());
    const story = (await created.json()) as { id: number };
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(await jpegBytes())], { type: 'image/jpeg' }), 'wedding.jpg');
    const up = await fetch(`${server.url}/api/ops/stories/${story.id}/photos`, { method: 'POST', headers: { Cookie: admin.cookieHeader(), Origin: server.origin, Accept: 'application/json' }, body: form });
    assert.equal(up.status, 201, await up.clone().text());
    const body = (await up.json()) as { photos: string[] };
    const url = body.photos[0];
    assert.ok((await s3.keys()).includes(`media/${keyOf(url)}.jpg`));
    assert.equal((await admin.get(url)).status, 200);
    assert.equal((await new Client(server).get(url)).status, 404, 'unpublished: not public');
  });
});

describe('a bucket that does not answer', () => {
  test('an upload is a clear 503 and leaves no photo row; a read is a 503, not a misleading 404', async () => {
    const down = await startTestS3();
    const settings = down.settings;
    await down.close();
    const server = await startTestServer({ media: { store: 's3', s3: settings } });
    try {
      const { client } = await signedInClient(server);
      const res = await client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'me.jpg', 'image/jpeg');
      assert.equal(res.status, 503);
      assert.equal(((await res.json()) as Json).message, 'Photos cannot be saved right now: the photo storage did not answer. Try again in a minute.');
      assert.equal((await server.db('photos').count({ n: '*' }).first())?.n, 0);
      // A photo row whose object cannot be fetched: the owner is told it cannot load now.
      const { user } = await buildUser(server);
      const fileKey = crypto.randomBytes(16).toString('hex');
      await buildPhoto(server.db, { userId: user.id, profileId: null, purpose: 'profile', position: 0, fileKey, width: 10, height: 10, bytes: 10 });
      const owner = new Client(server);
      assert.equal((await owner.postForm('/api/auth/login', { username: user.username, password: 'correct horse battery' })).status, 200);
      const read = await owner.get(`/media/photos/${fileKey}.jpg`);
      assert.equal(read.status, 503);
    } finally {
      await server.close();
    }
  });
});

describe('media migration from the data directory to the bucket', () => {
  test('copies what photos refer to, verifies it, is idempotent, repairs a damaged copy and never copies leftovers', async () => {
    const server = await startTestServer();
    const bucket = new S3MediaStore({ ...s3.settings, prefix: `migrate-${crypto.randomBytes(3).toString('hex')}/` });
    try {
      const { client } = await signedInClient(server);
      const photos = [await uploadPhoto(client), await uploadPhoto(client)];
      const local = server.services.media;
      assert.equal(local.kind, 'local');
      // A leftover of a deleted photo: no row refers to it.
      const orphan = `${crypto.randomBytes(16).toString('hex')}.jpg`;
      fs.writeFileSync(path.join(mediaDir(server.dataDir), orphan), 'left behind');

      const first = await migrateMedia(server.db, local, bucket);
      assert.deepEqual({ copied: first.copied, alreadyThere: first.alreadyThere, replaced: first.replaced, unreferenced: first.unreferenced, missing: first.missing }, { copied: 6, alreadyThere: 0, replaced: 0, unreferenced: 1, missing: [] });
      for (const photo of photos) {
        for (const name of renditions(keyOf(photo.url))) assert.ok((await bucket.get(name))?.equals(fs.readFileSync(path.join(mediaDir(server.dataDir), name))), `${name} copied byte for byte`);
      }
      assert.equal(await bucket.get(orphan), null, 'the leftover was not copied');

      // Run again (an interrupted run resumes the same way): nothing copied twice.
      const again = await migrateMedia(server.db, local, bucket);
      assert.equal(again.copied, 0);
      assert.equal(again.alreadyThere, 6);

      // A damaged copy in the bucket is found and written again.
      const damaged = renditions(keyOf(photos[0].url))[1];
      await s3.client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: bucket.key(damaged), Body: Buffer.from('truncated') }));
      const repair = await migrateMedia(server.db, local, bucket);
      assert.equal(repair.replaced, 1);
      assert.equal(repair.alreadyThere, 5);
      assert.ok((await bucket.get(damaged))?.equals(fs.readFileSync(path.join(mediaDir(server.dataDir), damaged))));

      // A photo deleted after the copy leaves objects in the bucket; they go once older than the grace period.
      assert.equal((await client.delete(`/api/upload/photo/${photos[1].id}`)).status, 200);
      const soon = await migrateMedia(server.db, local, bucket);
      assert.equal(soon.removedFromDestination, 0, 'young objects may be an upload in progress');
      const later = await migrateMedia(server.db, local, bucket, { now: Date.now() + DESTINATION_GRACE_MS + 60_000 });
      assert.equal(later.removedFromDestination, 3);
      for (const name of renditions(keyOf(photos[1].url))) assert.equal(await bucket.get(name), null);

      // After switching the store, the same server serves the photo from the bucket.
      fs.rmSync(mediaDir(server.dataDir), { recursive: true });
      (server.services as { media: MediaStore }).media = bucket;
      const served = await client.get(photos[0].url);
      assert.equal(served.status, 200);
      assert.ok(Buffer.from(await served.arrayBuffer()).equals((await bucket.get(`${keyOf(photos[0].url)}.jpg`)) ?? Buffer.alloc(0)));

      // And back: the bucket to an empty data directory.
      const back = await migrateMedia(server.db, bucket, new LocalMediaStore(mediaDir(server.dataDir)));
      assert.equal(back.copied, 3);
      assert.deepEqual(localFiles(server), renditions(keyOf(photos[0].url)).sort());
    } finally {
      await server.close();
    }
  });
});
