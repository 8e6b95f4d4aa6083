/** Runs one `pchess` command in this process: shared by the whole CLI and by its one-shot bundle. */
import { USAGE, UsageError, parseArgs } from './args.js';
import { mate, perft, series } from './commands.js';
import { replay } from './replay.js';

export type Command = (args: ReturnType<typeof parseArgs>) => number | Promise<number>;

/** The commands that answer and exit (no worker thread, no child process, no network). */
export const ONE_SHOT: Readonly<Record<string, Command>> = { replay, perft, series, mate };

/** Runs one command; the exit code is 0 ok, 1 illegal input game (or a bot's failure), 2 usage error. */
function main(commands: Readonly<Record<string, Command>>, argv: readonly string[]): number | Promise<number> {
  try {
    const args = parseArgs(argv);
    const run = commands[args.command];
    if (!run) throw new UsageError(`unknown command "${args.command}"`);
    return run(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`pchess: ${e.message}\n${e.showUsage ? `${USAGE}\n` : ''}`);
    return 2;
  }
}

/** Runs the command of the process's arguments and sets the exit code. */
export function start(commands: Readonly<Record<string, Command>>): void {
  const code = main(commands, process.argv.slice(2));
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
