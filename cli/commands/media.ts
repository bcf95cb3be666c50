import type { Command } from 'commander';
import { createDb } from '../../server/db';
import { migrateLatest } from '../../server/migrations';
import { LocalMediaStore, type MediaStore, S3MediaStore, describeS3Error } from '../../server/services/media-store';
import { MediaVerificationError, migrateMedia } from '../../server/services/media-migration';
import { mediaDir } from '../../server/services/photos';
import { CliError, configFromFlags, type CommonFlags, requireExistingDatabase } from '../options';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function registerMedia(program: Command): void {
  const media = program.command('media').description('Uploaded media: copy them between the data directory and an S3-compatible bucket');
  media
    .command('migrate')
    .description('Copy every photo rendition to the other store, verifying each copy (safe to run again; the source is kept)')
    .requiredOption('--to <store>', 's3 (from DATA_DIR/media to S3_BUCKET) or local (back from the bucket)')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (flags: CommonFlags & { to: string }) => {
      if (flags.to !== 's3' && flags.to !== 'local') throw new CliError(`--to ${flags.to} is not a media store: use --to s3 or --to local`);
      const config = configFromFlags(flags);
      requireExistingDatabase(config);
      if (!config.media.s3) {
        throw new CliError('Copying media to or from S3 needs the bucket: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as your store needs)');
      }
      const local = new LocalMediaStore(mediaDir(config.dataDir));
      const bucket = new S3MediaStore(config.media.s3);
      const problem = await bucket.problem();
      if (problem) {
        await bucket.close();
        throw new CliError(`Nothing was copied: ${problem}`);
      }
      const [from, to]: [MediaStore, MediaStore] = flags.to === 's3' ? [local, bucket] : [bucket, local];
      const db = createDb(config);
      try {
        await migrateLatest(db);
        console.log(`Copying photo renditions from ${from.where} to ${to.where} …`);
        const report = await migrateMedia(db, from, to, {
          onProgress: (done) => {
            if (done % 500 === 0) console.log(`  ${done} checked`);
          },
        }).catch((error: unknown) => {
          if (error instanceof MediaVerificationError) throw new CliError(error.message);
          if (error instanceof CliError) throw error;
          throw new CliError(`The copy stopped (${describeS3Error(error)}); what was copied is kept and verified, run the same command again to continue`);
        });
        console.log(
          `Copied ${report.copied} objects (${mb(report.bytesCopied)})${report.replaced ? `, rewrote ${report.replaced} that differed` : ''}, ${report.alreadyThere} were already there and identical; every copy was read back and matched.`,
        );
        if (report.unreferenced) console.log(`Left ${report.unreferenced} files in ${from.where} that no photo refers to (not copied).`);
        if (report.removedFromDestination) console.log(`Removed ${report.removedFromDestination} objects from ${to.where} that no photo refers to any more.`);
        if (report.missing.length) {
          console.log(`${report.missing.length} renditions that photos refer to are in neither store (for example ${report.missing.slice(0, 3).join(', ')}); those photos will not load.`);
        }
        const setting = flags.to === 's3' ? 'MEDIA_STORE=s3' : 'MEDIA_STORE=local (or unset it)';
        if (config.media.store === flags.to) {
          console.log(`The servers already use ${flags.to === 's3' ? 'the bucket' : 'the data directory'}; the source files are kept.`);
        } else {
          console.log(`Next: set ${setting} for every server and restart them, then run this command once more to copy photos uploaded in between. The source files are kept.`);
        }
      } finally {
        await bucket.close();
        await db.destroy();
      }
    });
}
