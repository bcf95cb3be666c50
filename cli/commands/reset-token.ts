import type { Command } from 'commander';
import { createDb } from '../../server/db';
import { migrateLatest } from '../../server/migrations';
import { audit } from '../../server/services/audit';
import { issuePasswordResetLink } from '../../server/services/account-links';
import { CliError, configFromFlags, type CommonFlags, requireExistingDatabase } from '../options';

export function registerResetToken(program: Command): void {
  program
    .command('reset-token')
    .description('Create a one-hour password-reset link for a member and print it')
    .argument('<email>', "the member's email address")
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (email: string, flags: CommonFlags) => {
      const config = configFromFlags(flags);
      requireExistingDatabase(config);
      const db = createDb(config);
      try {
        await migrateLatest(db);
        const user = await db('users').where({ emailLower: email.trim().toLowerCase(), isDeleted: false }).first('id', 'fullName');
        if (!user) throw new CliError(`No account with the email ${email}`);
        const token = await issuePasswordResetLink(db, user.id);
        // Whoever holds the printed link can take the account: the log says it was made, from the command line.
        await audit(db, { actorUserId: null, actorRole: 'cli', action: 'password.reset_link', targetType: 'user', targetId: user.id });
        const origin = config.publicUrl ?? `http://localhost:${config.port}`;
        console.log(`Reset link for ${user.fullName} (valid for 1 hour, single use):`);
        console.log(`${origin}/reset-password/${token}`);
      } finally {
        await db.destroy();
      }
    });
}
