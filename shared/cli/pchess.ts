import { isMainThread } from 'node:worker_threads';
import { USAGE, UsageError, parseArgs } from './args.js';
import { mate, perft, series } from './commands.js';
import { replay } from './replay.js';
import { engineCommand } from './engine.js';
import { botCommand } from './bot.js';

const COMMANDS: Readonly<Record<string, (args: ReturnType<typeof parseArgs>) => number | Promise<number>>> = {
  replay,
  perft,
  series,
  mate,
  engine: engineCommand,
  bot: botCommand,
};

/** Runs one command; the exit code is 0 ok, 1 illegal input game (or a bot's failure), 2 usage error. */
function main(argv: readonly string[]): number | Promise<number> {
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

function start(): void {
  const code = main(process.argv.slice(2));
  if (typeof code === 'number') process.exitCode = code;
  else
    code.then(
      (c) => {
        process.exitCode = c;
      },
      (e: unknown) => {
        // a long-running command's failure (e.g. the server cannot be reached): said, exit 1
        process.stderr.write(`pchess: ${e instanceof Error ? e.message : String(e)}\n`);
        process.exitCode = e instanceof UsageError ? 2 : 1;
      },
    );
}

// The bundle is also the engine's worker thread (engine.ts): only the main thread runs the command.
if (isMainThread) start();
