import crypto from 'node:crypto';
import type { Db } from '../db';
import { Photo } from '../models/photo';
import type { MediaStore } from './media-store';
import { type PhotoVariant, VARIANT_SUFFIX, mediaName } from './photos';

export interface MediaMigrationReport {
  /** objects copied that were not in the destination */
  copied: number;
  /** objects whose destination copy differed (an interrupted or damaged earlier copy) and were written again */
  replaced: number;
  /** objects already in the destination with the same bytes (an earlier run) */
  alreadyThere: number;
  /** source objects no photo refers to (left where they are, never copied) */
  unreferenced: number;
  /** destination objects no photo refers to, older than the grace period, removed */
  removedFromDestination: number;
  /** renditions photos refer to that are in neither store */
  missing: string[];
  bytesCopied: number;
}

export class MediaVerificationError extends Error {}

/**
 * Objects younger than this in the destination are never removed: an upload stores its renditions a moment
 * before its photo row is written, and a server may already be writing to the destination.
 */
export const DESTINATION_GRACE_MS = 60 * 60_000;

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/**
 * Copies every rendition a photo refers to from one media store to another, verifying each copy by reading it
 * back and comparing its SHA-256 with the source's. Safe to run again at any time, while servers run: what is
 * already there with the same bytes is skipped, so an interrupted run resumes where it stopped, and a run after
 * switching MEDIA_STORE picks up photos uploaded meanwhile. Files no photo refers to are not copied (the remains
 * of deleted photos must not reappear elsewhere), and such leftovers in the destination, older than an hour, are
 * removed. The source is never changed.
 */
export async function migrateMedia(
  db: Db,
  from: MediaStore,
  to: MediaStore,
  options: { now?: number; onProgress?: (done: number) => void } = {},
): Promise<MediaMigrationReport> {
  const now = options.now ?? Date.now();
  const referenced = new Set<string>();
  for (const row of await Photo.query(db).select('fileKey')) {
    for (const variant of Object.keys(VARIANT_SUFFIX) as PhotoVariant[]) referenced.add(mediaName(row.fileKey, variant));
  }
  const report: MediaMigrationReport = { copied: 0, replaced: 0, alreadyThere: 0, unreferenced: 0, removedFromDestination: 0, missing: [], bytesCopied: 0 };
  const present = new Set<string>();
  let done = 0;
  for await (const object of from.list()) {
    if (!referenced.has(object.name)) {
      report.unreferenced += 1;
      continue;
    }
    const data = await from.get(object.name);
    if (!data) continue; // deleted since it was listed
    present.add(object.name);
    const digest = sha256(data);
    const existing = await to.get(object.name);
    if (existing && sha256(existing) === digest) {
      report.alreadyThere += 1;
    } else {
      await to.put(object.name, data);
      const back = await to.get(object.name);
      if (!back || sha256(back) !== digest) {
        throw new MediaVerificationError(
          `${object.name} did not read back identical from ${to.where} (${back ? `${back.length} bytes, a different SHA-256` : 'missing'}); nothing was removed, run the migration again`,
        );
      }
      if (existing) report.replaced += 1;
      else report.copied += 1;
      report.bytesCopied += data.length;
    }
    done += 1;
    options.onProgress?.(done);
  }
  for await (const object of to.list()) {
    if (referenced.has(object.name)) {
      present.add(object.name);
      continue;
    }
    if (now - object.modifiedAt.getTime() < DESTINATION_GRACE_MS) continue;
    await to.delete(object.name);
    report.removedFromDestination += 1;
  }
  report.missing = [...referenced].filter((name) => !present.has(name)).sort();
  return report;
}
