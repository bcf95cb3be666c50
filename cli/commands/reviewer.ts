import readline from 'node:readline';
import type { Command } from 'commander';
import { passwordSchema } from '../../contracts/auth';
import { createDb, migrateLatest } from '../../server/db';
import { createAccount, takenField } from '../../server/services/accounts';
import { CliError, configFromFlags, type CommonFlags } from '../options';

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
      const db = createDb(config);
      try {
        await migrateLatest(db);
        const email = flags.email ?? `${username.toLowerCase()}@reviewers.saathi.local`;
        const taken = await takenField(db, username, email);
        if (taken) throw new CliError(`That ${taken} is already in use`);
        const password = await readPassword('Password: ');
        const parsed = passwordSchema.safeParse(password);
        if (!parsed.success) throw new CliError(parsed.error.issues[0]?.message ?? 'Invalid password');
        const user = await createAccount(
          db,
          { fullName: flags.name ?? username, username, email, password, role: flags.admin ? 'admin' : 'reviewer' },
          { scryptCost: config.scryptCost, firstFreePremium: config.firstFreePremium, countRegistration: false },
        );
        await db('audit_log').insert({
          actorUserId: null, actorRole: 'cli', action: 'reviewer.create', targetType: 'user', targetId: user.id,
          details: JSON.stringify({ username, role: user.role }), createdAt: Date.now(),
        });
        console.log(`Created ${user.role} "${username}". Sign in at /ops.`);
      } finally {
        await db.destroy();
      }
    });
}
