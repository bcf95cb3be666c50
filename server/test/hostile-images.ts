import zlib from 'node:zlib';
import sharp from 'sharp';

// Hand-made hostile files for the upload tests: polyglots, decompression bombs, lying headers.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG from its parts: IHDR as declared (whatever the data really holds), extra chunks, then IDAT. */
export function craftPng(options: { width: number; height: number; bitDepth?: number; colorType?: number; idat: Buffer; extra?: Buffer[] }): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(options.width, 0);
  ihdr.writeUInt32BE(options.height, 4);
  ihdr[8] = options.bitDepth ?? 8;
  ihdr[9] = options.colorType ?? 2;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    ...(options.extra ?? []),
    pngChunk('IDAT', options.idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 68 bytes that declare 100,000 × 100,000 pixels (10 gigapixels) and hold almost no data. */
export function pngDeclaringGigapixels(): Buffer {
  return craftPng({ width: 100_000, height: 100_000, idat: zlib.deflateSync(Buffer.alloc(16)) });
}

/** A real, complete 20,000 × 20,000 (400 MP) black 1-bit PNG: ~50 KB on disk, over a gigabyte once decoded to RGB. */
export function pngHighlyCompressibleHuge(): Buffer {
  const side = 20_000;
  const raw = Buffer.alloc((1 + side / 8) * side); // filter byte 0 + zero bits on every row
  return craftPng({ width: side, height: side, bitDepth: 1, colorType: 0, idat: zlib.deflateSync(raw, { level: 9 }) });
}

/** A small 100 × 100 PNG whose IDAT stream inflates to 100 MB (a zip bomb inside an otherwise harmless image). */
export function pngWithInflatingIdat(): Buffer {
  return craftPng({ width: 100, height: 100, bitDepth: 8, colorType: 0, idat: zlib.deflateSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 }) });
}

/** A JPEG whose frame header (SOF) claims 65,000 × 65,000 pixels while holding a 16 × 16 image. */
export async function jpegDeclaringHugeFrame(): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888888' } }).jpeg().toBuffer());
  let i = 2;
  while (i + 9 < jpeg.length && jpeg[i] === 0xff) {
    const marker = jpeg[i + 1];
    const length = jpeg.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(65_000, i + 5);
      jpeg.writeUInt16BE(65_000, i + 7);
      return jpeg;
    }
    i += 2 + length;
  }
  throw new Error('no SOF marker in the fixture JPEG');
}

export const HTML_PAYLOAD = '<!doctype html><html><body><script>fetch("/api/auth/user").then(r=>r.text()).then(alert)</script></body></html>';

/** A valid JPEG with HTML and script both in a comment segment (first bytes a sniffer reads) and appended after EOI. */
export async function jpegHtmlPolyglot(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
  const comment = Buffer.from(HTML_PAYLOAD, 'latin1');
  const segment = Buffer.alloc(4);
  segment[0] = 0xff;
  segment[1] = 0xfe; // COM
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2), Buffer.from(HTML_PAYLOAD, 'latin1')]);
}

/** A one-entry ZIP (stored, not compressed) holding `name` with `content`: enough for unzip and for jar/zip sniffers. */
export function tinyZip(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const crc = zlib.crc32(data) >>> 0;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** A valid PNG carrying HTML in a tEXt chunk, with a ZIP (holding an HTML page) appended after IEND. */
export async function pngZipPolyglot(): Promise<Buffer> {
  const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#aa3366' } }).png().toBuffer();
  const text = pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.from(HTML_PAYLOAD, 'latin1')]));
  // tEXt goes right after IHDR (signature 8 + IHDR chunk 25 bytes).
  return Buffer.concat([png.subarray(0, 33), text, png.subarray(33), tinyZip('index.html', HTML_PAYLOAD)]);
}

/**
 * GIF89a and JavaScript at once: the logical-screen width bytes are "/*", so everything up to the trailing
 * "*\/" is a JS comment and the file runs `GIF89a=alert(document.domain)` when loaded as a script.
 */
export function gifJsPolyglot(): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([0x2f, 0x2a, 0x0a, 0x00, 0x80, 0x00, 0x00]), // width "/*", height 10, 2-colour global table
    Buffer.from([0xb4, 0x5a, 0x3c, 0xff, 0xff, 0xff]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // one 1×1 image
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]),
    Buffer.from([0x3b]), // trailer
    Buffer.from('*/=alert(document.domain);', 'latin1'),
  ]);
}

/** A JPEG with EXIF like a phone writes: make/model, GPS position and an orientation (6 = rotate 90° clockwise). */
export async function phoneJpeg(options: { orientation?: number } = {}): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 150, b: 90 } } })
    .withExif({
      IFD0: { Make: 'Saathi Test Phone', Model: 'GPS-2' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '72/1 52/1 0/1' },
    })
    .withMetadata({ orientation: options.orientation ?? 1 })
    .jpeg()
    .toBuffer();
}

/**
 * Byte strings that must never appear in a stored or served rendition (long enough not to occur by chance in
 * compressed image data; EXIF is checked through the decoder instead).
 */
export const FORBIDDEN_IN_STORED = ['<script', '<html', '<!doctype', 'alert(', 'PK\x03\x04', 'GIF89a', 'Saathi Test Phone'];
