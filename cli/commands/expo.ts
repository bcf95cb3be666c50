import fs from 'node:fs';
import type { Command } from 'commander';
import QRCode from 'qrcode';
import { createDb } from '../../server/db';
import { migrateLatest } from '../../server/migrations';
import { currentExpoInfo, rotateExpoInfo } from '../../server/services/expo';
import type { Config } from '../../server/config';
import { CliError, configFromFlags, type CommonFlags, requireExistingDatabase } from '../options';
import { requireUsableDataDir } from '../safety';

/** expo works on existing data: a missing or unusable data directory is one sentence, and nothing is created. */
function usableConfig(flags: CommonFlags): Config {
  const config = configFromFlags({ dataDir: flags.dataDir });
  if (fs.existsSync(config.dataDir)) requireUsableDataDir(config, 'run expo');
  requireExistingDatabase(config);
  return config;
}

export function registerExpo(program: Command): void {
  const expo = program.command('expo').description('Expo dev URL for the mobile preview (shown on /dev-tools)');
  const print = async (devUrl: string) => {
    console.log(devUrl);
    console.log(await QRCode.toString(devUrl, { type: 'terminal', small: true }));
  };
  expo
    .command('show')
    .description('Print the current Expo dev URL and its QR code')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (flags: CommonFlags) => {
      const db = createDb(usableConfig(flags));
      try {
        await migrateLatest(db);
        await print((await currentExpoInfo(db)).devUrl);
      } finally {
        await db.destroy();
      }
    });
  expo
    .command('rotate')
    .description('Issue a new Expo dev URL and token, so /dev-tools shows a new QR code')
    .option('--host <host>', 'host or LAN address the phone connects to (default: this machine)')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (flags: CommonFlags & { host?: string }) => {
      if (flags.host !== undefined && !/^[A-Za-z0-9.-]{1,253}$/.test(flags.host)) throw new CliError(`Invalid host "${flags.host}"`);
      const db = createDb(usableConfig(flags));
      try {
        await migrateLatest(db);
        const info = await rotateExpoInfo(db, flags.host);
        console.log('New Expo dev URL issued:');
        await print(info.devUrl);
      } finally {
        await db.destroy();
      }
    });
}
