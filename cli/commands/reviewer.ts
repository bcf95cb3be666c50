import readline from 'node:readline';
import type { Command } from 'commander';
import { passwordSchema } from '../../contracts/auth';
import { createDb } from '../../server/db';
import { migrateLatest } from '../../server/migrations';
import type { Db } from '../../server/db';
import { HttpError } from '../../server/errors';
import { createAccount, takenField } from '../../server/services/accounts';
import { audit } from '../../server/services/audit';
import { type LiveEvents, relayedLiveEventsFor } from '../../server/services/live-events';
import { type StaffActor, STAFF_ROLES, type StaffRole, changeStaffRole, deactivateStaff, reactivateStaff, sendStaffPasswordReset } from '../../server/services/staff';
import { CliError, configFromFlags, type CommonFlags, requireExistingDatabase } from '../options';

/** Reads the password from a hidden prompt on a terminal, or the first line of stdin when piped. */
async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const rl = readline.createInterface({ input });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    throw new CliError('No password given on standard input');
  }
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    output._writeToOutput = (s: string) => {
      if (s.includes(prompt)) process.stdout.write(prompt);
    };
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

export function registerReviewer(program: Command): void {
  const reviewer = program.command('reviewer').description('Manage ops-console accounts');
  reviewer
    .command('create')
    .description('Create a reviewer account (password read from a prompt or stdin, never an argument)')
    .argument('<username>', 'login name for the ops console')
    .option('--name <fullName>', 'full name shown in the audit log')
    .option('--email <email>', 'email address')
    .option('--admin', 'create an administrator instead of a reviewer')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (username: string, flags: CommonFlags & { name?: string; email?: string; admin?: boolean }) => {
      if (!/^[A-Za-z0-9._-]{3,40}$/.test(username)) {
        throw new CliError('Username must be 3–40 letters, numbers, dots, dashes or underscores');
      }
      const config = configFromFlags(flags);
      requireExistingDatabase(config);
      const db = createDb(config);
      try {
        await migrateLatest(db);
        const email = flags.email ?? `${username.toLowerCase()}@reviewers.saathi.local`;
        const taken = await takenField(db, username, email);
        if (taken) throw new CliError(`That ${taken} is already in use`);
        const password = await readPassword('Password: ');
        const parsed = passwordSchema.safeParse(password);
        if (!parsed.success) throw new CliError(parsed.error.issues[0]?.message ?? 'Invalid password');
        // Typed blind at a prompt, so typed twice; piped from a script or a secret store, once.
        if (process.stdin.isTTY && (await readPassword('Repeat the password: ')) !== password) {
          throw new CliError('The two passwords differ; nothing was created. Run the command again.');
        }
        const user = await createAccount(
          db,
          { fullName: flags.name ?? username, username, email, password, role: flags.admin ? 'admin' : 'reviewer' },
          { passwordParams: config.argon2, firstFreePremium: config.firstFreePremium, countRegistration: false },
        );
        await audit(db, { actorUserId: null, actorRole: 'cli', action: 'reviewer.create', targetType: 'user', targetId: user.id, details: { username, role: user.role } });
        console.log(`Created ${user.role} "${username}". Sign in at /ops.`);
      } finally {
        await db.destroy();
      }
    });

  const CLI_ACTOR: StaffActor = { actorUserId: null, actorRole: 'cli' };

  /** Runs one lifecycle change on the staff account with this username; the service's refusals become CLI errors. */
  const withStaff = (run: (db: Db, config: ReturnType<typeof configFromFlags>, id: number, live: LiveEvents) => Promise<string>) =>
    async (username: string, ...rest: unknown[]) => {
      const flags = rest.find((arg): arg is CommonFlags => typeof arg === 'object' && arg !== null && !('args' in arg)) ?? {};
      const config = configFromFlags(flags);
      requireExistingDatabase(config);
      const db = createDb(config);
      // Sessions this ends close their open event streams in the running server(s).
      const live = relayedLiveEventsFor(config, db);
      try {
        await migrateLatest(db);
        const user = await db('users').where({ usernameLower: username.toLowerCase(), isDeleted: false }).whereIn('role', STAFF_ROLES).first('id');
        if (!user) throw new CliError(`No reviewer or admin is called "${username}"`);
        console.log(await run(db, config, user.id, live));
      } catch (error) {
        if (error instanceof HttpError) throw new CliError(error.message);
        throw error;
      } finally {
        await live.close();
        await db.destroy();
      }
    };

  reviewer
    .command('deactivate')
    .description('Deactivate a reviewer or admin: they cannot sign in, and their open sessions end at once')
    .argument('<username>', 'the staff account')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(withStaff(async (db, _config, id, live) => {
      const user = await deactivateStaff(db, live, CLI_ACTOR, id);
      return `Deactivated ${user.role} "${user.username}"; ${user.sessionsEnded} open session(s) ended.`;
    }));

  reviewer
    .command('reactivate')
    .description('Let a deactivated reviewer or admin sign in again')
    .argument('<username>', 'the staff account')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(withStaff(async (db, _config, id) => `Reactivated "${(await reactivateStaff(db, CLI_ACTOR, id)).username}".`));

  reviewer
    .command('role')
    .description('Make a staff account a reviewer or an admin (their sessions end so the change applies at once)')
    .argument('<username>', 'the staff account')
    .argument('<role>', 'reviewer or admin')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (username: string, role: string, flags: CommonFlags) => {
      if (!(STAFF_ROLES as readonly string[]).includes(role)) throw new CliError('The role is "reviewer" or "admin"');
      await withStaff(async (db, _config, id, live) => {
        const user = await changeStaffRole(db, live, CLI_ACTOR, id, role as StaffRole);
        return `"${user.username}" is now ${user.role === 'admin' ? 'an admin' : 'a reviewer'}.`;
      })(username, flags);
    });

  reviewer
    .command('reset')
    .description('Email a staff member a link to choose a new password (valid one hour)')
    .argument('<username>', 'the staff account')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(withStaff(async (db, config, id) => {
      const user = await sendStaffPasswordReset(config, db, CLI_ACTOR, id);
      return `A password reset link was emailed to ${user.email}.`;
    }));
}
