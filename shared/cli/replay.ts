// `pchess replay`: a game as bare movetext or as a PGN-style file (tags + movetext).
import {
  getVariant,
  makeGame,
  newGame,
  parsePgn,
  readTags,
  variantFromTag,
  withRecordedOutcome,
  type NotationError,
  type ParsedGame,
  type PgnTags,
  type Result,
  type StartOptions,
  type VariantId,
} from '@progressive-chess/shared';
import { UsageError, intOption, type Args } from './args.js';
import { readInput } from './commands.js';
import { printJson, replayError, replayOk } from './output.js';

const conflict = (option: string, tag: string, value: string): UsageError =>
  new UsageError(`replay: ${option} conflicts with the file's ${tag} tag "${value}"`);

/** The variant: from the `Variant` tag or `--variant`; when both are given they must agree. */
function replayVariant(args: Args, tags: PgnTags): VariantId {
  const option = args.options.get('variant');
  const chosen = option !== undefined ? getVariant(option)?.id : undefined;
  if (option !== undefined && !chosen) throw new UsageError(`unknown variant "${option}"`);
  if (tags.Variant === undefined) {
    if (!chosen) throw new UsageError('replay: --variant is required when the input has no Variant tag');
    return chosen;
  }
  const tagged = variantFromTag(tags.Variant);
  if (!tagged) throw new UsageError(`replay: unknown variant in the Variant tag "${tags.Variant}"`, false);
  if (chosen && chosen !== tagged) throw conflict(`--variant ${option}`, 'Variant', tags.Variant);
  return tagged;
}

/** Where play starts: the `FEN`/`Turn` tags or `--fen`/`--turn`; when both are given they must agree. */
function replayStart(args: Args, tags: PgnTags): StartOptions {
  const optionFen = args.options.get('fen');
  const optionTurn = intOption(args, 'turn', 1, 100_000);
  const tagFen = tags.FEN !== undefined && tags.SetUp !== '0' ? tags.FEN : undefined;
  if (tagFen !== undefined && optionFen !== undefined && tagFen.trim() !== optionFen.trim()) {
    throw conflict('--fen', 'FEN', tagFen);
  }
  let tagTurn: number | undefined;
  if (tags.Turn !== undefined) {
    if (!/^\d+$/.test(tags.Turn) || Number(tags.Turn) < 1) throw new UsageError(`replay: bad Turn tag "${tags.Turn}"`, false);
    tagTurn = Number(tags.Turn);
    if (optionTurn !== undefined && optionTurn !== tagTurn) throw conflict(`--turn ${optionTurn}`, 'Turn', tags.Turn);
  }
  const fen = tagFen ?? optionFen;
  const turn = tagTurn ?? optionTurn;
  return { ...(fen !== undefined ? { fen } : {}), ...(turn !== undefined ? { turn } : {}) };
}

/**
 * The game a command reads (FILE or stdin): bare movetext or a PGN-style file, with the variant
 * and start from its tags or the options (usage errors for conflicts or an impossible start),
 * replayed through the rules and finished with the outcome the file records.
 */
export function loadGame(args: Args): Result<ParsedGame, NotationError> {
  const text = readInput(args.positional[0]);
  const { tags } = readTags(text);
  const variant = replayVariant(args, tags);
  const start = replayStart(args, tags);
  const game = newGame(variant, start);
  if (!game.ok) throw new UsageError(`cannot start there: ${game.error.message}`, false);
  const read = parsePgn(text, { variant, ...start });
  return read.ok ? withRecordedOutcome(read.value.tags, read.value.parsed) : read;
}

/**
 * Exit 0 when every move is legal, 1 at the first illegal or unreadable move (or a recorded
 * result the moves contradict), 2 for a usage error (also a conflicting `--variant`).
 */
export function replay(args: Args): number {
  const parsed = loadGame(args);
  if (!parsed.ok) {
    printJson(replayError(parsed.error));
    return 1;
  }
  const notation = makeGame(parsed.value.record);
  printJson(replayOk(parsed.value, notation.ok ? notation.value : ''));
  return 0;
}
