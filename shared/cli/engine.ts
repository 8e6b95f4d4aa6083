import { createInterface } from 'node:readline';
import { createEngine, type BotLevel } from '@progressive-chess/shared';
import { intOption, type Args } from './args.js';

/**
 * `pchess engine [--level 1|2|3]`: the project's computer player speaking the engine protocol
 * (docs/engine-protocol.md) on stdin/stdout, one command per line. Resolves with the exit code
 * when `quit` is read or stdin ends.
 */
export function engineCommand(args: Args): Promise<number> {
  const level = (intOption(args, 'level', 1, 3) ?? 2) as BotLevel;
  const engine = createEngine({ level, now: () => performance.now(), random: Math.random });
  const lines = createInterface({ input: process.stdin, terminal: false });
  return new Promise((resolve) => {
    lines.on('line', (line) => {
      const { out, quit } = engine.handle(line);
      for (const l of out) process.stdout.write(`${l}\n`);
      if (quit) {
        lines.close();
        resolve(0);
      }
    });
    lines.on('close', () => resolve(0));
  });
}
