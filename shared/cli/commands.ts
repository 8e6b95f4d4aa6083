import { readFileSync } from 'node:fs';
import {
  Position,
  getVariant,
  newGame,
  seriesCount,
  type GameState,
  type VariantId,
} from '@progressive-chess/shared';
import { UsageError, intOption, type Args } from './args.js';
import { mateCommand } from './mate.js';
import { printJson } from './output.js';

function variantOf(args: Args): VariantId {
  const id = args.options.get('variant');
  if (id === undefined) throw new UsageError(`${args.command}: --variant is required`);
  const variant = getVariant(id);
  if (!variant) throw new UsageError(`unknown variant "${id}"`);
  return variant.id;
}

/** Where play starts: `--fen` at the start of `--turn` (default: 1 for White to move, 2 for Black). */
function startOptions(args: Args): { fen?: string; turn?: number } {
  const fen = args.options.get('fen');
  let turn = intOption(args, 'turn', 1, 100_000);
  if (fen !== undefined && turn === undefined) turn = fen.trim().split(/\s+/)[1] === 'b' ? 2 : 1;
  return { ...(fen !== undefined ? { fen } : {}), ...(turn !== undefined ? { turn } : {}) };
}

function startState(args: Args, variant: VariantId): GameState {
  const start = newGame(variant, startOptions(args));
  if (!start.ok) throw new UsageError(`cannot start there: ${start.error.message}`, false);
  return start.value;
}

export function readInput(file: string | undefined): string {
  try {
    return readFileSync(file === undefined || file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file ?? 'stdin'}: ${e instanceof Error ? e.message : String(e)}`, false);
  }
}

export function perft(args: Args): number {
  const depth = intOption(args, 'depth', 0, 12);
  if (depth === undefined) throw new UsageError('perft: --depth is required');
  const fen = args.options.get('fen');
  let position = Position.initial();
  if (fen !== undefined) {
    const parsed = Position.fromFen(fen);
    if (!parsed.ok) throw new UsageError(`invalid FEN: ${parsed.error.message}`, false);
    position = parsed.value;
  }
  process.stdout.write(`${position.perft(depth)}\n`);
  return 0;
}

export function series(args: Args): number {
  const counted = seriesCount(startState(args, variantOf(args)));
  printJson({ sequences: counted.sequences, positions: counted.positions });
  return 0;
}

export function mate(args: Args): number {
  const variant = variantOf(args);
  startState(args, variant);
  return mateCommand(args, variant, startOptions(args), readInput(args.positional[0]));
}
