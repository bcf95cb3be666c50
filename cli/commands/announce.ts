import fs from 'node:fs';
import type { Command } from 'commander';
import { createDb } from '../../server/db';
import { migrateLatest } from '../../server/migrations';
import { announcementSchema, checkAnnouncement, countAnnouncementRecipients, sendAnnouncement } from '../../server/services/email/announcements';
import { CliError, configFromFlags, type CommonFlags, requireExistingDatabase } from '../options';
import { ask } from '../prompt';

interface AnnounceFlags extends CommonFlags {
  subject?: string;
  message?: string;
  messageFile?: string;
  link?: string;
  button?: string;
  dryRun?: boolean;
  yes?: boolean;
  resume?: boolean;
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
    .option('-y, --yes', 'queue it without asking for confirmation (scripts)')
    .option('--resume', 'finish queuing an announcement whose run was interrupted (members already queued are skipped)')
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
        const resume = flags.resume ?? false;
        // The same news twice is refused before anything is asked or queued (a dry run says so too).
        const { afterRecipientId } = await checkAnnouncement(db, parsed.data, { resume });
        const reach = await countAnnouncementRecipients(db, afterRecipientId);
        const who = `${reach} member${reach === 1 ? '' : 's'} (App updates and email notifications on)`;
        if (flags.dryRun) {
          console.log(`Would email ${who}. Nothing was sent.`);
          return;
        }
        if (reach === 0 && !resume) {
          console.log('No member has App updates and email notifications on: nothing was queued.');
          return;
        }
        console.log(`"${parsed.data.subject}" will be emailed to ${who}${resume ? ' not queued by the interrupted run' : ''}.`);
        if (!flags.yes && reach > 0) {
          const answer = await ask('Queue it? Type yes to go ahead: ');
          if (!/^\s*y(es)?\s*$/i.test(answer)) throw new CliError('Nothing was queued: the answer was not yes (add --yes to queue without the question).');
        }
        const { queued, total } = await sendAnnouncement(config, db, parsed.data, { resume });
        console.log(`Queued "${parsed.data.subject}" for ${queued} member${queued === 1 ? '' : 's'}${resume ? ` (${total} in all)` : ''}.`);
        console.log(config.smtpUrl ? 'The email-delivery job of a running saathi serve sends them within minutes.' : 'SMTP_URL is not set: they wait in the outbox (ops console) until it is.');
      } finally {
        await db.destroy();
      }
    });
}
