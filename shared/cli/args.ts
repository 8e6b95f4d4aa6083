/** Command-line parsing for `pchess`: a subcommand, `--name value` options, positionals. */

/** A problem with the command line or its inputs (exit 2); `showUsage` adds the usage text. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = true,
  ) {
    super(message);
  }
}

export interface Args {
  readonly command: string;
  readonly options: ReadonlyMap<string, string>;
  readonly positional: readonly string[];
}

export const USAGE = `usage:
  pchess replay [--variant <id>] [--fen "<FEN>" --turn <t>] [FILE|-]   (movetext or PGN; --variant unless a Variant tag)
  pchess perft [--fen "<FEN>"] --depth <n>
  pchess series --variant <id> [--fen "<FEN>" --turn <t>]
  pchess mate --variant <id> [--fen "<FEN>" --turn <t>] [--budget-ms <n>] [FILE|-]
  pchess engine [--level 1|2|3]   (the engine protocol on stdin/stdout: docs/engine-protocol.md)
  pchess bot --server <URL> --token <T> --engine "<command>" [--variants a,b] [--accept rated|casual|all] [--max-games <n>] [--claim on|off]`;

/** Options each command accepts, and how many positionals. */
const COMMANDS: Readonly<Record<string, { options: readonly string[]; positional: number }>> = {
  replay: { options: ['variant', 'fen', 'turn'], positional: 1 },
  perft: { options: ['fen', 'depth'], positional: 0 },
  series: { options: ['variant', 'fen', 'turn'], positional: 0 },
  mate: { options: ['variant', 'fen', 'turn', 'budget-ms'], positional: 1 },
  engine: { options: ['level'], positional: 0 },
  bot: { options: ['server', 'token', 'engine', 'variants', 'accept', 'max-games', 'claim'], positional: 0 },
};

export function parseArgs(argv: readonly string[]): Args {
  const [command, ...rest] = argv;
  const spec = command !== undefined ? COMMANDS[command] : undefined;
  if (command === undefined || !spec) throw new UsageError(command ? `unknown command "${command}"` : 'no command');
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (!spec.options.includes(name)) throw new UsageError(`${command}: unknown option --${name}`);
    const value = eq < 0 ? rest[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new UsageError(`${command}: --${name} needs a value`);
    if (options.has(name)) throw new UsageError(`${command}: --${name} given twice`);
    options.set(name, value);
  }
  if (positional.length > spec.positional) throw new UsageError(`${command}: unexpected argument "${positional[spec.positional]}"`);
  return { command, options, positional };
}

/** A whole number option within bounds (usage error otherwise). */
export function intOption(args: Args, name: string, min: number, max: number): number | undefined {
  const text = args.options.get(name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}
