import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Metadata, OutputInfo } from 'sharp';
import { LIMITS } from '../../contracts/enums';
import { payloadTooLarge, storageError, storageFault, unprocessable, unsupportedMediaType } from '../errors';

export type PhotoVariant = 'display' | 'thumb' | 'blur';

export const VARIANT_SUFFIX: Record<PhotoVariant, string> = { display: '', thumb: '_thumb', blur: '_blur' };

export interface StoredImage {
  fileKey: string;
  width: number;
  height: number;
  bytes: number;
}

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

export function variantPath(dataDir: string, fileKey: string, variant: PhotoVariant): string {
  if (!/^[a-f0-9]{32}$/.test(fileKey)) throw new Error('invalid file key');
  return path.join(mediaDir(dataDir), `${fileKey}${VARIANT_SUFFIX[variant]}.jpg`);
}

export function photoUrl(fileKey: string, variant: PhotoVariant = 'display'): string {
  return `/media/photos/${fileKey}${VARIANT_SUFFIX[variant]}.jpg`;
}

export const PHOTO_TOO_LARGE = `Photos must be ${LIMITS.photoMaxBytes / 1024 / 1024} MB or smaller`;
const NOT_AN_IMAGE = 'This file is not an image we can read. Choose a JPEG, PNG or GIF photo.';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif']);

/** Accepted image kinds by declared Content-Type or file extension. */
const DECLARED_KIND: Record<string, string> = {
  'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/pjpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif',
  '.jpg': 'jpeg', '.jpeg': 'jpeg', '.jfif': 'jpeg', '.png': 'png', '.gif': 'gif',
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

export async function storeImage(
  dataDir: string,
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
    throw unsupportedMediaType('Only JPEG, PNG and GIF images are accepted');
  }
  // The content decides; a file whose name or type claims another image kind is refused as suspicious.
  if (declaredKinds(declared).some((kind) => kind !== meta.format)) {
    throw unsupportedMediaType(`This file is a ${meta.format.toUpperCase()} image but is named or typed as another format`);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw unsupportedMediaType('Only JPEG, PNG and GIF images are accepted');
  if (width * height > LIMITS.photoMaxPixels) {
    throw unprocessable(`Image dimensions are too large (${Math.round(LIMITS.photoMaxPixels / 1e6)} megapixels at most)`);
  }

  const base = () => sharp(input, { limitInputPixels: LIMITS.photoMaxPixels, pages: 1 }).rotate();
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
  await writeRenditions(dataDir, fileKey, { display: display.data, thumb, blur });
  return { fileKey, width: display.info.width, height: display.info.height, bytes: display.data.length };
}

/**
 * All three renditions or none: each is written to a temporary name and renamed into place, and on any failure
 * (a full disk, a read-only data directory) whatever was written is removed and a clear 507 / 503 is raised.
 */
async function writeRenditions(dataDir: string, fileKey: string, files: Record<PhotoVariant, Buffer>): Promise<void> {
  const written: string[] = [];
  try {
    await fs.mkdir(mediaDir(dataDir), { recursive: true });
    for (const variant of Object.keys(files) as PhotoVariant[]) {
      const target = variantPath(dataDir, fileKey, variant);
      const partial = `${target}.partial`;
      written.push(partial);
      await fs.writeFile(partial, files[variant], { flag: 'wx' });
      await fs.rename(partial, target);
      written.push(target);
    }
  } catch (error) {
    for (const file of written) await fs.rm(file, { force: true }).catch(() => {});
    const fault = storageFault(error);
    throw fault ? storageError(fault) : error;
  }
}

export async function deleteImageFiles(dataDir: string, fileKey: string): Promise<void> {
  for (const variant of Object.keys(VARIANT_SUFFIX) as PhotoVariant[]) {
    await fs.rm(variantPath(dataDir, fileKey, variant), { force: true });
  }
}
