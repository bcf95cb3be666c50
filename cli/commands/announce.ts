import fs from 'node:fs';
import type { Command } from 'commander';
import { createDb } from '../../server/db';
import { migrateLatest } from '../../server/migrations';
import { announcementSchema, countAnnouncementRecipients, sendAnnouncement } from '../../server/services/email/announcements';
import { CliError, configFromFlags, type CommonFlags, requireExistingDatabase } from '../options';

interface AnnounceFlags extends CommonFlags {
  subject?: string;
  message?: string;
  messageFile?: string;
  link?: string;
  button?: string;
  dryRun?: boolean;
}

export function registerAnnounce(program: Command): void {
  program
    .command('announce')
    .description('Email news about Saathi (a feature, an offer) to the members who turned "App updates" on')
    .requiredOption('--subject <text>', "the email's subject")
    .option('--message <text>', 'the news; a blank line starts a new paragraph')
    .option('--message-file <path>', 'read the news from a file instead')
    .option('--link <path>', 'the screen the button opens (a path on Saathi)', '/')
    .option('--button <text>', "the button's label", 'Open Saathi')
    .option('--dry-run', 'check the text and say how many members would get it; send nothing')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (flags: AnnounceFlags) => {
      if ((flags.message === undefined) === (flags.messageFile === undefined)) throw new CliError('Give the news with either --message or --message-file.');
      let message = flags.message ?? '';
      if (flags.messageFile !== undefined) {
        try {
          message = fs.readFileSync(flags.messageFile, 'utf8');
        } catch (error) {
          throw new CliError(`Cannot read ${flags.messageFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
      }
      const parsed = announcementSchema.safeParse({ subject: flags.subject, message, link: flags.link, button: flags.button });
      if (!parsed.success) throw new CliError(parsed.error.issues.map((issue) => issue.message).join('; '));
      const config = configFromFlags(flags);
      requireExistingDatabase(config);
      const db = createDb(config);
      try {
        await migrateLatest(db);
        if (flags.dryRun) {
          console.log(`Would email ${await countAnnouncementRecipients(db)} members (App updates and email notifications on). Nothing was sent.`);
          return;
        }
        const queued = await sendAnnouncement(config, db, parsed.data);
        console.log(`Queued "${parsed.data.subject}" for ${queued} members (App updates and email notifications on).`);
        console.log(config.smtpUrl ? 'The email-delivery job of a running saathi serve sends them within minutes.' : 'SMTP_URL is not set: they wait in the outbox (ops console) until it is.');
      } finally {
        await db.destroy();
      }
    });
}
