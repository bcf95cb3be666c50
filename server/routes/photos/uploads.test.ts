import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { Client, type TestServer, listTables, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, jpegBytes, signedInClient } from '../../test/factories';
import {
  FORBIDDEN_IN_STORED,
  gifJsPolyglot,
  jpegDeclaringHugeFrame,
  jpegHtmlPolyglot,
  phoneJpeg,
  pngDeclaringGigapixels,
  pngHighlyCompressibleHuge,
  pngWithInflatingIdat,
  pngZipPolyglot,
} from '../../test/hostile-images';
import { mediaDir } from '../../services/photos';
import { uploadTempDir } from './photos';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

interface Part {
  name: string;
  /** raw bytes of the filename parameter, sent exactly as given (UTF-8 for strings) */
  filename?: string | Buffer;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data request built byte by byte, so file names reach the server exactly as written here. */
async function rawUpload(client: Client, pathname: string, parts: Part[]): Promise<Response> {
  const boundary = `----saathi${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`));
    if (part.filename !== undefined) chunks.push(Buffer.from('; filename="'), Buffer.from(part.filename), Buffer.from('"'));
    chunks.push(Buffer.from(`\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return fetch(server.url + pathname, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Origin: server.origin, Accept: 'application/json', Cookie: client.cookieHeader() },
    body: Buffer.concat(chunks),
  });
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

interface Snapshot {
  media: string[];
  photoRows: number;
  verificationRows: number;
}

async function snapshot(): Promise<Snapshot> {
  const photos = await server.db('photos').count({ n: '*' }).first();
  const requests = await server.db('verification_requests').count({ n: '*' }).first();
  return { media: listFiles(mediaDir(server.dataDir)), photoRows: Number(photos?.n ?? 0), verificationRows: Number(requests?.n ?? 0) };
}

/** A refused upload stored nothing: no row, no rendition, no temporary file. */
async function assertNothingStored(before: Snapshot, what: string): Promise<void> {
  const now = await snapshot();
  assert.deepEqual(now.media, before.media, `${what}: no file added to the media directory`);
  assert.equal(now.photoRows, before.photoRows, `${what}: no photo row`);
  assert.equal(now.verificationRows, before.verificationRows, `${what}: no verification request`);
  assert.deepEqual(listFiles(uploadTempDir(server.dataDir)), [], `${what}: no temporary upload file left`);
}

const RENDITION = /^\/media\/photos\/([a-f0-9]{32})(_thumb|_blur)?\.jpg$/;

/** Every rendition URL of a stored file key. */
function renditionUrls(url: string): string[] {
  const match = RENDITION.exec(url);
  assert.ok(match, `a server-made media URL: ${url}`);
  return ['', '_thumb', '_blur'].map((suffix) => `/media/photos/${match[1]}${suffix}.jpg`);
}

/**
 * The served file is a plain re-encoded JPEG, labelled as one, never sniffed, and in a document that runs no
 * script. Also checks the bytes on disk are the bytes served.
 */
async function assertServedAsInertImage(client: Client, url: string): Promise<Buffer> {
  for (const accept of ['image/*', 'text/html,application/xhtml+xml']) {
    const res = await client.get(url, { Accept: accept });
    assert.equal(res.status, 200, `${url} (${accept})`);
    assert.equal(res.headers.get('content-type'), 'image/jpeg', `${url}: labelled image/jpeg whatever the Accept`);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/, 'nothing loads or runs from a media response');
    assert.match(csp, /(^|;\s*)sandbox(;|$)/, 'opened directly it is a sandboxed document');
    assert.doesNotMatch(csp, /script-src/, 'no script source is allowed');
    assert.match(res.headers.get('content-disposition') ?? '', /^inline; filename="[a-f0-9]{32}(_thumb|_blur)?\.jpg"$/);
    const body = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([...body.subarray(0, 3)], [0xff, 0xd8, 0xff], 'JPEG magic bytes');
    const text = body.toString('latin1');
    for (const bad of FORBIDDEN_IN_STORED) assert.ok(!text.includes(bad), `${url} holds no ${JSON.stringify(bad)}`);
    const meta = await sharp(body).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.exif, undefined, 'no EXIF');
    assert.equal(meta.xmp, undefined, 'no XMP');
    assert.equal(meta.iptc, undefined, 'no IPTC');
    assert.equal(meta.comments, undefined, 'no comment segment');
    const onDisk = fs.readFileSync(path.join(mediaDir(server.dataDir), path.basename(url)));
    assert.ok(onDisk.equals(body), 'the stored file is exactly what is served');
    if (accept === 'image/*') continue;
    return body;
  }
  throw new Error('unreachable');
}

async function staffClient() {
  const { user, password } = await buildUser(server, { role: 'reviewer' });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return client;
}

describe('polyglots: only the re-encoded image is stored and served', () => {
  const cases: Array<[string, () => Promise<Buffer> | Buffer, string, string]> = [
    ['JPEG with HTML and script in a comment and appended', jpegHtmlPolyglot, 'photo.jpg', 'image/jpeg'],
    ['PNG with HTML in a text chunk and a ZIP appended', pngZipPolyglot, 'photo.png', 'image/png'],
    ['GIF that is also valid JavaScript', gifJsPolyglot, 'photo.gif', 'image/gif'],
  ];
  for (const [name, make, filename, type] of cases) {
    test(name, async () => {
      const hostile = await make();
      const { client } = await signedInClient(server);
      const text = hostile.toString('latin1');
      assert.ok(text.includes('alert(') || text.includes('<script'), 'the fixture carries its payload');
      const up = await client.upload('/api/upload/photo', 'photo', hostile, filename, type);
      assert.equal(up.status, 201, await up.clone().text());
      const photo = (await up.json()) as { url: string; thumbnailUrl: string };
      assert.match(photo.url, RENDITION);
      for (const url of renditionUrls(photo.url)) await assertServedAsInertImage(client, url);
    });
  }

  test('a polyglot photo shared by link reaches visitors as the same inert JPEG', async () => {
    const owner = await signedInClient(server);
    const up = (await (await owner.client.upload('/api/upload/photo', 'photo', await jpegHtmlPolyglot(), 'p.jpg', 'image/jpeg')).json()) as { id: number; url: string };
    const profile = await buildProfile(server, owner.user);
    assert.equal((await owner.client.patch(`/api/profiles/${profile.id}`, { photoIds: [up.id] })).status, 200);
    const share = (await (await owner.client.post(`/api/profiles/${profile.id}/share`, { expirationDays: 1 })).json()) as { shareCode: string };
    const visitor = new Client(server);
    const view = (await (await visitor.get(`/api/shares/${share.shareCode}`)).json()) as { profile: { photos: string[] } };
    const [shared] = view.profile.photos;
    const key = RENDITION.exec(up.url)?.[1];
    assert.equal(shared, `/media/shares/${share.shareCode}/${key}.jpg`);
    for (const suffix of ['', '_thumb', '_blur']) await assertServedAsInertImage(visitor, `/media/shares/${share.shareCode}/${key}${suffix}.jpg`);
  });

  test('the GIF fixture really is a script (it compiles as JavaScript)', () => {
    assert.doesNotThrow(() => new vm.Script(gifJsPolyglot().toString('latin1')));
  });

  test('a media URL never serves anything but the three JPEG renditions', async () => {
    const { client } = await signedInClient(server);
    const up = (await (await client.upload('/api/upload/photo', 'photo', await jpegHtmlPolyglot(), 'p.jpg', 'image/jpeg')).json()) as { url: string };
    const key = RENDITION.exec(up.url)?.[1];
    for (const suffix of ['.html', '.jpg.html', '.svg', '.js', '_thumb.htm', '.jpg%00.html', '.JPG', '/../../saathi.sqlite']) {
      const res = await client.get(`/media/photos/${key}${suffix}`);
      assert.ok(res.status === 404 || res.status === 400, `${suffix}: refused (${res.status})`);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/, `${suffix}: a JSON refusal, never HTML`);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    }
  });
});

describe('decompression bombs and pixel floods are refused before decoding', () => {
  const bombs: Array<[string, () => Promise<Buffer> | Buffer, string, string, number]> = [
    ['a 68-byte PNG declaring 100,000 × 100,000 pixels', pngDeclaringGigapixels, 'bomb.png', 'image/png', 422],
    ['a complete, highly compressible 400-megapixel PNG (~50 KB)', pngHighlyCompressibleHuge, 'huge.png', 'image/png', 422],
    ['a JPEG whose frame header claims 65,000 × 65,000', jpegDeclaringHugeFrame, 'huge.jpg', 'image/jpeg', 422],
  ];
  for (const [name, make, filename, type, status] of bombs) {
    test(name, async () => {
      const bomb = await make();
      assert.ok(bomb.length < 200 * 1024, `the bomb is small on the wire (${bomb.length} bytes)`);
      const { client } = await signedInClient(server);
      const before = await snapshot();
      const res = await client.upload('/api/upload/photo', 'photo', bomb, filename, type);
      assert.equal(res.status, status, await res.clone().text());
      assert.match(((await res.json()) as Json).message as string, /dimensions are too large/);
      await assertNothingStored(before, name);
    });
  }

  test('a small image whose compressed data inflates to 100 MB decodes only its declared pixels', async () => {
    const bomb = pngWithInflatingIdat();
    const { client } = await signedInClient(server);
    const res = await client.upload('/api/upload/photo', 'photo', bomb, 'zip-bomb.png', 'image/png');
    assert.equal(res.status, 201, await res.clone().text());
    const photo = (await res.json()) as { width: number; height: number; url: string };
    assert.deepEqual([photo.width, photo.height], [100, 100]);
    await assertServedAsInertImage(client, photo.url);
    assert.equal((await client.get('/api/health')).status, 200, 'the server is fine afterwards');
  });

  test('a verification submission with one bomb keeps neither image', async () => {
    const { client } = await signedInClient(server);
    const before = await snapshot();
    const res = await rawUpload(client, '/api/verification', [
      { name: 'documentType', data: 'passport' },
      { name: 'selfie', filename: 'selfie.jpg', type: 'image/jpeg', data: await jpegBytes() },
      { name: 'document', filename: 'passport.png', type: 'image/png', data: pngDeclaringGigapixels() },
    ]);
    assert.equal(res.status, 422, await res.clone().text());
    await assertNothingStored(before, 'verification with a bomb');
  });
});

describe('other refusals store nothing', () => {
  test('wrong type by content, lying names, empty and missing files, oversize', async () => {
    const { client } = await signedInClient(server);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    const cases: Array<[string, Part[], number]> = [
      ['HTML named .jpg', [{ name: 'photo', filename: 'me.jpg', type: 'image/jpeg', data: Buffer.from('<!doctype html><script>alert(1)</script>') }], 415],
      ['SVG with script', [{ name: 'photo', filename: 'me.svg', type: 'image/svg+xml', data: svg }], 415],
      ['SVG named .png', [{ name: 'photo', filename: 'me.png', type: 'image/png', data: svg }], 415],
      ['a PNG typed as GIF', [{ name: 'photo', filename: 'x.gif', type: 'image/gif', data: png }], 415],
      ['a ZIP', [{ name: 'photo', filename: 'x.jpg', type: 'image/jpeg', data: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)]) }], 415],
      ['a truncated JPEG', [{ name: 'photo', filename: 'x.jpg', type: 'image/jpeg', data: (await jpegBytes()).subarray(0, 200) }], 415],
      ['an empty file', [{ name: 'photo', filename: 'x.jpg', type: 'image/jpeg', data: Buffer.alloc(0) }], 400],
      ['no file, only a field', [{ name: 'photo', data: 'not a file' }], 400],
      ['26 MB', [{ name: 'photo', filename: 'big.jpg', type: 'image/jpeg', data: Buffer.concat([await jpegBytes(), Buffer.alloc(26 * 1024 * 1024, 1)]) }], 413],
    ];
    for (const [name, parts, status] of cases) {
      const before = await snapshot();
      const res = await rawUpload(client, '/api/upload/photo', parts);
      assert.equal(res.status, status, `${name}: ${await res.clone().text()}`);
      assert.equal(typeof ((await res.json()) as Json).message, 'string', `${name}: a clear message`);
      await assertNothingStored(before, name);
    }
  });
});

describe('file names are never used as paths', () => {
  const names: Array<[string, string | Buffer]> = [
    ['parent traversal', '../../etc/passwd.jpg'],
    ['deep traversal', `${'../'.repeat(20)}etc/saathi-traversal.jpg`],
    ['Windows traversal', '..\\..\\..\\saathi-traversal.jpg'],
    ['absolute path', '/etc/saathi-traversal.jpg'],
    ['drive path', 'C:\\Windows\\saathi-traversal.jpg'],
    ['encoded traversal', '..%2F..%2Fsaathi-traversal.jpg'],
    ['NUL byte', Buffer.concat([Buffer.from('saathi-nul.jpg'), Buffer.from([0]), Buffer.from('.html')])],
    ['very long name', `${'a'.repeat(5000)}.jpg`],
    ['unicode and bidi override', 'फ़ोटो 写真 \u202Egpj.lmth\u202C ✨.jpg'],
    ['dot names', '....jpg'],
    ['into the media directory', '../media/0123456789abcdef0123456789abcdef.jpg'],
  ];
  for (const [label, filename] of names) {
    test(label, async () => {
      const { client, user } = await signedInClient(server);
      const res = await rawUpload(client, '/api/upload/photo', [{ name: 'photo', filename, type: 'image/jpeg', data: await jpegBytes() }]);
      assert.equal(res.status, 201, await res.clone().text());
      const photo = (await res.json()) as { id: number; url: string };
      assert.match(photo.url, RENDITION, 'a server-made name');
      const row = await server.db('photos').where({ id: photo.id }).first();
      assert.equal(row.userId, user.id);
      assert.match(row.fileKey, /^[a-f0-9]{32}$/);
      // Only server-made names in the media directory, nothing left in the temporary directory.
      for (const file of listFiles(mediaDir(server.dataDir))) assert.match(file, /^[a-f0-9]{32}(_thumb|_blur)?\.jpg$/, `media holds ${file}`);
      assert.deepEqual(listFiles(uploadTempDir(server.dataDir)), []);
      // Nothing written where the name pointed.
      for (const target of ['/etc/passwd.jpg', '/etc/saathi-traversal.jpg', '/saathi-traversal.jpg', path.join(server.dataDir, '..', 'saathi-traversal.jpg')]) {
        assert.equal(fs.existsSync(target), false, `${target} was not created`);
      }
      for (const file of listFiles(server.dataDir)) assert.doesNotMatch(file, /passwd|traversal|nul|a{40}|फ़ोटो|gpj/, `data directory holds ${file}`);
      // The original name is not kept anywhere in the database.
      const needle = label === 'unicode and bidi override' ? '写真' : label === 'very long name' ? 'a'.repeat(100) : label === 'dot names' ? '....jpg' : label === 'NUL byte' ? 'saathi-nul' : label === 'into the media directory' ? '../media/' : label.includes('traversal') || label.includes('path') ? 'traversal' : 'passwd';
      for (const table of await listTables(server.db)) {
        const rows = await server.db(table).select('*');
        assert.ok(!JSON.stringify(rows).includes(needle), `table ${table} does not hold the uploaded file name`);
      }
    });
  }

  test('the same name twice gives two different stored files', async () => {
    const { client } = await signedInClient(server);
    const a = (await (await client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'same.jpg', 'image/jpeg')).json()) as { url: string };
    const b = (await (await client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'same.jpg', 'image/jpeg')).json()) as { url: string };
    assert.notEqual(a.url, b.url);
  });
});

describe('EXIF, GPS included, is stripped from every rendition', () => {
  test('profile photo: no GPS, no EXIF, orientation applied to the pixels', async () => {
    const original = await phoneJpeg({ orientation: 6 });
    const meta = await sharp(original).metadata();
    assert.ok(meta.exif?.includes(Buffer.from('GPS-2')), 'the fixture carries EXIF with the phone model');
    assert.ok(meta.exif?.includes(Buffer.from([0x25, 0x88])), 'and a GPS block (tag 0x8825, little-endian)');
    assert.equal(meta.orientation, 6, 'and an orientation tag');
    const { client } = await signedInClient(server);
    const res = await client.upload('/api/upload/photo', 'photo', original, 'IMG_0001.jpg', 'image/jpeg');
    assert.equal(res.status, 201);
    const photo = (await res.json()) as { url: string; width: number; height: number };
    assert.deepEqual([photo.width, photo.height], [400, 600], 'rotated upright, then the orientation tag dropped');
    for (const url of renditionUrls(photo.url)) {
      const body = await assertServedAsInertImage(client, url);
      const stored = await sharp(body).metadata();
      assert.equal(stored.exif, undefined, 'no EXIF block, so no GPS block');
      assert.equal(stored.orientation, undefined);
      assert.ok(!body.includes(Buffer.from('GPS-2')), 'no camera model');
    }
  });

  test('verification images: no GPS either, and only staff read them', async () => {
    const { client } = await signedInClient(server);
    const res = await rawUpload(client, '/api/verification', [
      { name: 'documentType', data: 'passport' },
      { name: 'selfie', filename: '../selfie.jpg', type: 'image/jpeg', data: await phoneJpeg() },
      { name: 'document', filename: 'passport.png', type: 'image/png', data: await pngZipPolyglot() },
    ]);
    assert.equal(res.status, 201, await res.clone().text());
    const reviewer = await staffClient();
    const queue = (await (await reviewer.get('/api/ops/verifications')).json()) as { items: Array<{ selfieUrl: string; documentUrl: string }> };
    const item = queue.items.at(-1);
    assert.ok(item);
    for (const url of [...renditionUrls(item.selfieUrl), ...renditionUrls(item.documentUrl)]) {
      await assertServedAsInertImage(reviewer, url);
      assert.equal((await client.get(url)).status, 404, 'the member cannot read ID images back');
    }
  });
});
