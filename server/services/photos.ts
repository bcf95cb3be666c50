import crypto from 'node:crypto';
import path from 'node:path';
import type { Metadata, OutputInfo } from 'sharp';
import { LIMITS } from '../../contracts/enums';
import { HttpError, payloadTooLarge, said, storageError, storageFault, unprocessable, unsupportedMediaType } from '../errors';
import type { MediaStore } from './media-store';

export type PhotoVariant = 'display' | 'thumb' | 'blur';

export const VARIANT_SUFFIX: Record<PhotoVariant, string> = { display: '', thumb: '_thumb', blur: '_blur' };

export interface StoredImage {
  fileKey: string;
  width: number;
  height: number;
  bytes: number;
}

/** The local media store's directory (MEDIA_STORE=local). */
export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** The name of one rendition in the media store. */
export function mediaName(fileKey: string, variant: PhotoVariant): string {
  if (!/^[a-f0-9]{32}$/.test(fileKey)) throw new Error('invalid file key');
  return `${fileKey}${VARIANT_SUFFIX[variant]}.jpg`;
}

/** Where the local media store keeps one rendition. */
export function variantPath(dataDir: string, fileKey: string, variant: PhotoVariant): string {
  return path.join(mediaDir(dataDir), mediaName(fileKey, variant));
}

export function photoUrl(fileKey: string, variant: PhotoVariant = 'display'): string {
  return `/media/photos/${fileKey}${VARIANT_SUFFIX[variant]}.jpg`;
}

export const PHOTO_TOO_LARGE = said('server.error.photo.tooLarge', { megabytes: LIMITS.photoMaxBytes / 1024 / 1024 });
const NOT_AN_IMAGE = 'This file is not an image we can read. Choose a JPEG, PNG, GIF, WebP or HEIC photo.';
const ACCEPTED_TEXT = 'Only JPEG, PNG, GIF, WebP and HEIC images are accepted';

// heif: HEIC photos from phone cameras (HEVC, decoded by libheif in WebAssembly) and AVIF (sharp's own decoder).
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'heif']);

/** Accepted image kinds by declared Content-Type or file extension. */
const DECLARED_KIND: Record<string, string> = {
  'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/pjpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp',
  'image/heic': 'heif', 'image/heif': 'heif', 'image/heic-sequence': 'heif', 'image/heif-sequence': 'heif', 'image/avif': 'heif',
  '.jpg': 'jpeg', '.jpeg': 'jpeg', '.jfif': 'jpeg', '.png': 'png', '.gif': 'gif', '.webp': 'webp', '.heic': 'heif', '.heif': 'heif', '.avif': 'heif',
};

/** The image kind a file claims by its name or Content-Type, when it claims one of the accepted kinds. */
function declaredKinds(declared?: { mimetype?: string | null; filename?: string | null }): string[] {
  const kinds: string[] = [];
  const mime = declared?.mimetype?.toLowerCase().split(';')[0].trim();
  if (mime && DECLARED_KIND[mime]) kinds.push(DECLARED_KIND[mime]);
  const ext = declared?.filename ? path.extname(declared.filename).toLowerCase() : '';
  if (ext && DECLARED_KIND[ext]) kinds.push(DECLARED_KIND[ext]);
  return kinds;
}

/**
 * Checks an upload by its content (not its name), its size and its pixel count, then re-encodes it: EXIF and
 * every other metadata block are dropped (sharp writes none unless asked), orientation is applied first. Three
 * renditions are written under a random, server-made name: display (≤1080 px), thumbnail (320 px) and a blurred one.
 *
 * Hostile files: the dimensions come from the header alone (no pixel is decoded), so a small file declaring
 * gigapixels is refused before any decoding; the decoder is then bounded by limitInputPixels as well. Anything
 * appended to or embedded in the image (HTML, script, a ZIP) does not survive the re-encode. The original name is
 * only ever compared with the content's kind; it is never part of a path.
 */
type Sharp = typeof import('sharp').default;
let sharpModule: Promise<Sharp> | null = null;

/**
 * sharp (with libvips, about 19 MB of resident memory) is loaded on the first image, not at start-up: most
 * requests never touch an image, and a server that has processed none does not carry it.
 */
export function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

/** A HEIC photo's first image as RGBA pixels; libheif (about 2 MB of WebAssembly) is loaded on the first one. */
async function decodeHeic(input: Buffer): Promise<{ width: number; height: number; data: Buffer }> {
  try {
    const { default: decode } = await import('heic-decode');
    const image = await decode({ buffer: input });
    if (image.width * image.height > LIMITS.photoMaxPixels) throw new Error('too many pixels');
    return { width: image.width, height: image.height, data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
  } catch {
    throw unprocessable('The image could not be read');
  }
}

export async function storeImage(
  media: MediaStore,
  input: Buffer,
  declared?: { mimetype?: string | null; filename?: string | null },
): Promise<StoredImage> {
  if (input.length > LIMITS.photoMaxBytes) throw payloadTooLarge(PHOTO_TOO_LARGE);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Header only: metadata() reads the dimensions without decoding pixels.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedMediaType(NOT_AN_IMAGE);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw unsupportedMediaType(ACCEPTED_TEXT);
  }
  // The content decides; a file whose name or type claims another image kind is refused as suspicious.
  if (declaredKinds(declared).some((kind) => kind !== meta.format)) {
    throw unsupportedMediaType(said('server.error.photo.otherFormat', { format: meta.format.toUpperCase() }));
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw unsupportedMediaType(ACCEPTED_TEXT);
  if (width * height > LIMITS.photoMaxPixels) {
    throw unprocessable(said('server.error.photo.tooManyPixels', { megapixels: Math.round(LIMITS.photoMaxPixels / 1e6) }));
  }

  let base = () => sharp(input, { limitInputPixels: LIMITS.photoMaxPixels, pages: 1 }).rotate();
  if (meta.format === 'heif' && meta.compression === 'hevc') {
    // sharp's libvips has no HEVC decoder: libheif decodes the pixels (its own rotation applied), sharp encodes them.
    const pixels = await decodeHeic(input);
    base = () => sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 }, limitInputPixels: LIMITS.photoMaxPixels });
  }
  let display: { data: Buffer; info: OutputInfo };
  let thumb: Buffer;
  let blur: Buffer;
  try {
    display = await base()
      .resize({ width: 1080, height: 1350, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    thumb = await sharp(display.data).resize({ width: 320, height: 400, fit: 'cover' }).jpeg({ quality: 78 }).toBuffer();
    // Blur from a tiny copy so no detail survives in the blurred file.
    const tiny = await sharp(display.data).resize({ width: 24 }).toBuffer();
    blur = await sharp(tiny).resize({ width: 480 }).blur(12).jpeg({ quality: 60 }).toBuffer();
  } catch {
    throw unprocessable('The image could not be read');
  }

  const fileKey = crypto.randomBytes(16).toString('hex');
  await writeRenditions(media, fileKey, { display: display.data, thumb, blur });
  return { fileKey, width: display.info.width, height: display.info.height, bytes: display.data.length };
}

/** A media store that cannot take the photo right now (an S3 outage, a refused request): 503, retry later. */
export const MEDIA_UNAVAILABLE = 'Photos cannot be saved right now: the photo storage did not answer. Try again in a minute.';

/**
 * All three renditions or none: each is stored whole (a temporary file renamed into place, or one S3 PUT), and on
 * any failure (a full disk, a read-only data directory, an unreachable bucket) whatever was stored is removed and
 * a clear 507 / 503 is raised.
 */
async function writeRenditions(media: MediaStore, fileKey: string, files: Record<PhotoVariant, Buffer>): Promise<void> {
  const written: string[] = [];
  try {
    for (const variant of Object.keys(files) as PhotoVariant[]) {
      const name = mediaName(fileKey, variant);
      written.push(name);
      await media.put(name, files[variant]);
    }
  } catch (error) {
    for (const name of written) await media.delete(name).catch(() => {});
    const fault = storageFault(error);
    if (fault) throw storageError(fault);
    if (media.kind === 's3') throw new HttpError(503, MEDIA_UNAVAILABLE, 'storage_unavailable', {}, { 'Retry-After': '60' });
    throw error;
  }
}

export async function deleteImageFiles(media: MediaStore, fileKey: string): Promise<void> {
  for (const variant of Object.keys(VARIANT_SUFFIX) as PhotoVariant[]) {
    await media.delete(mediaName(fileKey, variant));
  }
}
