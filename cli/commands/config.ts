import type { Command } from 'commander';
import { ConfigError } from '../../server/config-settings';
import { configProblems, configWarnings, describeConfig } from '../../server/config-checks';
import { CliError, configFromFlags, type CommonFlags } from '../options';

export function registerConfig(program: Command): void {
  program
    .command('config')
    .description('Print the effective configuration (environment, .env and defaults; secrets masked); --check exits 1 on a problem')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .option('--check', 'only validate: print problems and exit 1 when there is one')
    .action((flags: CommonFlags & { check?: boolean }) => {
      let config: ReturnType<typeof configFromFlags>;
      try {
        config = configFromFlags(flags);
      } catch (error) {
        if (error instanceof ConfigError) throw new CliError(error.message);
        throw error;
      }
      const problems = configProblems(config);
      const warnings = configWarnings(config);
      if (!flags.check) for (const line of describeConfig(config)) console.log(line);
      for (const warning of warnings) console.warn(`Warning: ${warning}`);
      if (problems.length) throw new CliError(problems.join(' '));
      if (flags.check) console.log('Configuration OK.');
    });
}
