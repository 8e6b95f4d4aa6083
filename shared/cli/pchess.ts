import { USAGE, UsageError, parseArgs } from './args.js';
import { mate, perft, series } from './commands.js';
import { replay } from './replay.js';

const COMMANDS: Readonly<Record<string, (args: ReturnType<typeof parseArgs>) => number>> = { replay, perft, series, mate };

/** Runs one command; the exit code is 0 ok, 1 illegal input game, 2 usage error. */
function main(argv: readonly string[]): number {
  try {
    const args = parseArgs(argv);
    const run = COMMANDS[args.command];
    if (!run) throw new UsageError(`unknown command "${args.command}"`);
    return run(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`pchess: ${e.message}\n${e.showUsage ? `${USAGE}\n` : ''}`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
