import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { type TestServer, startTestServer } from '../../test/harness';
import { jpegBytes, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

/** A camera-sized photo: 8000 × 6000 (48 MP) with texture, EXIF orientation and a GPS block, as phones write it. */
async function cameraJpeg(width = 8000, height = 6000): Promise<Buffer> {
  const texture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  return sharp(texture)
    .resize(width, height, { kernel: 'cubic' })
    .withExif({
      IFD0: { Make: 'Saathi Test Phone', Model: 'GPS-48' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '72/1 52/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe('photos from today\'s phones', () => {
  test('a 48-megapixel 8000 × 6000 camera JPEG is accepted, turned upright and stripped of its location', async () => {
    const original = await cameraJpeg();
    const { client } = await signedInClient(server);
    const res = await client.upload('/api/upload/photo', 'photo', original, 'PXL_20261124.jpg', 'image/jpeg');
    assert.equal(res.status, 201, await res.clone().text());
    const photo = (await res.json()) as { url: string; width: number; height: number };
    assert.ok(photo.height > photo.width, `orientation 6 makes it portrait (${photo.width}×${photo.height})`);
    const served = Buffer.from(await (await client.get(photo.url)).arrayBuffer());
    const meta = await sharp(served).metadata();
    assert.equal(meta.exif, undefined, 'no EXIF, so no GPS');
    assert.ok(!served.includes(Buffer.from('GPS-48')));
  });

  test('a 41 MB upload answers 413 with a JSON message', async () => {
    const { client } = await signedInClient(server);
    const big = Buffer.concat([await jpegBytes(), Buffer.alloc(41 * 1024 * 1024, 7)]);
    const res = await client.upload('/api/upload/photo', 'photo', big, 'huge.jpg', 'image/jpeg');
    assert.equal(res.status, 413);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const body = (await res.json()) as Json;
    assert.match(String(body.message), /MB or smaller/);
  });

  test('a text file named .jpg is refused with a message a member understands', async () => {
    const { client } = await signedInClient(server);
    const res = await client.upload('/api/upload/photo', 'photo', Buffer.from('shopping list: rice, dal, ghee\n'), 'photo.jpg', 'image/jpeg');
    assert.equal(res.status, 415);
    const body = (await res.json()) as Json;
    assert.match(String(body.message), /not an image|JPEG, PNG or GIF/i);
  });
});

describe('WebP and HEIC photos', () => {
  /** The centre pixel of the served rendition: the photo's own content, decoded and re-encoded as JPEG. */
  async function centre(served: Buffer): Promise<[number, number, number]> {
    const { data, info } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
    const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    return [data[at], data[at + 1], data[at + 2]];
  }

  test('a HEIC photo straight from a phone camera is converted on the server', async () => {
    // fixtures/photos/phone-camera.heic: 640 × 480, HEVC, a blue circle (#3366cc) on orange, made with libheif's heif-enc.
    const heic = fs.readFileSync(path.join(import.meta.dirname, '../../../fixtures/photos/phone-camera.heic'));
    const { client } = await signedInClient(server);
    const res = await client.upload('/api/upload/photo', 'photo', heic, 'IMG_4021.HEIC', 'image/heic');
    assert.equal(res.status, 201, await res.clone().text());
    const photo = (await res.json()) as { url: string; width: number; height: number };
    assert.deepEqual([photo.width, photo.height], [640, 480]);
    const served = Buffer.from(await (await client.get(photo.url)).arrayBuffer());
    assert.equal((await sharp(served).metadata()).format, 'jpeg');
    const [r, g, b] = await centre(served);
    assert.ok(b > 150 && r < 110 && g < 150, `the circle's blue survives the conversion (got ${r}, ${g}, ${b})`);
  });

  test('a WebP photo is accepted and re-encoded; a HEIC named .jpg is refused', async () => {
    const webp = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2e8b57' } }).webp().toBuffer();
    const { client } = await signedInClient(server);
    const res = await client.upload('/api/upload/photo', 'photo', webp, 'photo.webp', 'image/webp');
    assert.equal(res.status, 201, await res.clone().text());
    const served = Buffer.from(await (await client.get(((await res.json()) as { url: string }).url)).arrayBuffer());
    assert.equal((await sharp(served).metadata()).format, 'jpeg');
    const heic = fs.readFileSync(path.join(import.meta.dirname, '../../../fixtures/photos/phone-camera.heic'));
    const lying = await client.upload('/api/upload/photo', 'photo', heic, 'photo.jpg', 'image/jpeg');
    assert.equal(lying.status, 415);
  });
});
