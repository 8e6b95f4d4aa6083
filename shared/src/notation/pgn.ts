import type { TimeControl } from '../clock/index.js';
import { VARIANTS, VARIANT_IDS, type Outcome, type VariantId } from '../rules/index.js';
import { err, ok, type Result } from '../result.js';
import type { NotationError } from './errors.js';
import { parseGame } from './game-read.js';
import { writeGame } from './game-write.js';
import { readTags, wrap, writeTags, type PgnTags } from './pgn-tags.js';
import type { GameRecord, ParsedGame, StartOptions } from './record.js';

const tagKey = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
const ASIDE = /\(([^)]*)\)/g;

/**
 * What a `Variant` tag may say for a variant: its id, its PGN name or the name the site shows, either
 * without its aside, the aside ("ENPR").
 */
const VARIANT_KEYS: ReadonlyArray<readonly [VariantId, ReadonlySet<string>]> = VARIANT_IDS.map((id) => {
  const names = [VARIANTS[id].pgnName, VARIANTS[id].name];
  const asides = names.flatMap((name) => [...name.matchAll(ASIDE)].map((m) => m[1] ?? ''));
  const keys = [id, ...names, ...names.map((n) => n.replace(ASIDE, '')), ...asides].map(tagKey).filter((k) => k.length > 0);
  return [id, new Set(keys)] as const;
});

/**
 * The variant named by a `Variant` tag, any case: its id, its full name, its name without the
 * bracketed abbreviation or the abbreviation alone ("English progressive (ENPR)", "English
 * progressive", "ENPR", "english"); a bracketed aside in the tag itself is ignored.
 */
export function variantFromTag(value: string): VariantId | undefined {
  const keys = [tagKey(value), tagKey(value.replace(ASIDE, ''))].filter((k) => k.length > 0);
  return VARIANT_KEYS.find(([, names]) => keys.some((k) => names.has(k)))?.[0];
}

/** `Result` and `Termination` of a finished (or aborted) game; `*` while it is in progress. */
export function outcomeTags(outcome: Outcome | null): { Result: string; Termination?: string } {
  if (!outcome) return { Result: '*' };
  return { Result: outcome.result ?? '*', Termination: outcome.reason };
}

/** The `TimeControl` tag: `300+5` (Fischer, seconds), `per-turn:30+10`, `correspondence:3d`, `-` untimed. */
export function timeControlTag(control: TimeControl): string {
  switch (control.kind) {
    case 'fischer':
      return `${control.initial}+${control.increment}`;
    case 'per-turn':
      return `per-turn:${control.base}+${control.perMove}`;
    case 'correspondence':
      return `correspondence:${control.daysPerTurn}d`;
    case 'none':
      return '-';
  }
}

/** One line for people: `turn 3, move 2 (Bxb7): illegal-move: ...`. */
export function describeError(e: NotationError): string {
  const san = e.san ? ` (${e.san})` : '';
  return `turn ${e.turn}, move ${e.move}${san}: ${e.code}: ${e.message}`;
}

/**
 * A PGN-style file: tag pairs (`Variant` by its PGN name; `SetUp`, `FEN`, `Turn` when the game did
 * not start from the initial position) and the progressive movetext wrapped at 80 columns,
 * ending with the result. A record with an illegal move (a bug of the caller) is written up
 * to that move, followed by a comment saying what is wrong.
 */
export function makePgn(record: GameRecord, tags: PgnTags = {}): string {
  const movetext = writeGame(record);
  const all: PgnTags = { Result: '*', ...tags, Variant: VARIANTS[record.variant].pgnName };
  if (record.initialFen !== undefined) {
    all.SetUp = '1';
    all.FEN = record.initialFen;
    all.Turn = String(record.initialTurn ?? 1);
  } else if (record.initialTurn !== undefined && record.initialTurn !== 1) {
    all.Turn = String(record.initialTurn);
  }
  const failure = movetext.error ? ` {${describeError(movetext.error)}}` : '';
  const body = `${movetext.text}${failure} ${all.Result ?? '*'}`;
  return `${writeTags(all)}\n\n${wrap(body.trim())}\n`;
}

/** `makePgn` for a game with a known outcome (fills `Result` and `Termination`) and clock. */
export function gameToPgn(
  record: GameRecord,
  game: { readonly tags?: PgnTags; readonly outcome?: Outcome | null; readonly timeControl?: TimeControl },
): string {
  return makePgn(record, {
    ...(game.timeControl ? { TimeControl: timeControlTag(game.timeControl) } : {}),
    ...game.tags,
    ...outcomeTags(game.outcome ?? null),
  });
}

/**
 * Reads a PGN-style file: its tags and its movetext, replayed through the rules from the
 * `FEN`/`Turn` tags when present. `opts` gives the variant, FEN and turn for a file without
 * those tags (a bare movetext has no tags at all).
 */
export function parsePgn(
  text: string,
  opts: { readonly variant?: VariantId } & StartOptions = {},
): Result<{ tags: PgnTags; parsed: ParsedGame }, NotationError> {
  const { tags, movetext } = readTags(text);
  const variant = tags.Variant !== undefined ? variantFromTag(tags.Variant) : opts.variant;
  const turn = tags.Turn !== undefined ? Number(tags.Turn) : opts.turn;
  if (!variant) {
    const message = tags.Variant !== undefined ? `unknown variant "${tags.Variant}"` : 'no Variant tag';
    return err({ code: 'unknown-variant', message, turn: turn ?? 1, move: 1, san: '' });
  }
  const fen = tags.FEN !== undefined ? (tags.SetUp !== '0' ? tags.FEN : undefined) : opts.fen;
  const start = fen !== undefined ? { fen } : {};
  const parsed = parseGame(movetext, variant, {
    ...start,
    ...(turn !== undefined && Number.isInteger(turn) ? { turn } : {}),
  });
  if (!parsed.ok) return parsed;
  return ok({ tags, parsed: parsed.value });
}
