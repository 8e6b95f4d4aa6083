/**
 * The progressive engine protocol (docs/engine-protocol.md): a line protocol over stdin/stdout in
 * the spirit of UCI, for every variant of the family. This module parses the commands an engine
 * reads and formats the lines it writes; it is pure (the I/O loop is the CLI's).
 */
import { VARIANT_IDS, type VariantId } from '../rules/variant-ids.js';

/** The handshake's first word, and the protocol's name and version in the engine's answer. */
export const ENGINE_PROTOCOL = 'pcp';
export const ENGINE_PROTOCOL_VERSION = 1;
/** In a move list: the side to move ended its turn there (cost variants: the rest of its points passed). */
export const NULL_MOVE = '0000';

export interface GoParams {
  readonly wtime?: number;
  readonly btime?: number;
  readonly winc?: number;
  readonly binc?: number;
  /** Think exactly this long (at most). */
  readonly movetime?: number;
}

export type EngineCommand =
  | { readonly type: 'pcp' }
  | { readonly type: 'isready' }
  | { readonly type: 'newgame' }
  | { readonly type: 'variant'; readonly variant: VariantId }
  | { readonly type: 'position'; readonly fen: string | null; readonly turn: number; readonly moves: readonly string[] }
  | { readonly type: 'go'; readonly params: GoParams }
  | { readonly type: 'stop' }
  | { readonly type: 'quit' };

export type ParsedCommand = { readonly ok: true; readonly command: EngineCommand } | { readonly ok: false; readonly error: string };

const GO_KEYS = ['wtime', 'btime', 'winc', 'binc', 'movetime'] as const;
const bad = (error: string): ParsedCommand => ({ ok: false, error });
const good = (command: EngineCommand): ParsedCommand => ({ ok: true, command });

/** `position (startpos | fen <6 FEN fields>) [turn <t>] [moves <uci|0000> ...]`. */
function parsePosition(words: readonly string[]): ParsedCommand {
  let i = 1;
  let fen: string | null = null;
  if (words[i] === 'startpos') i++;
  else if (words[i] === 'fen') {
    const fields = words.slice(i + 1, i + 7);
    if (fields.length < 4) return bad('position fen needs a FEN');
    // a FEN has 6 fields; take up to the next keyword
    const end = words.findIndex((w, k) => k > i && (w === 'turn' || w === 'moves'));
    fen = words.slice(i + 1, end < 0 ? undefined : end).join(' ');
    i = end < 0 ? words.length : end;
  } else return bad('position needs startpos or fen');
  let turn = 1;
  if (words[i] === 'turn') {
    turn = Number(words[i + 1]);
    if (!Number.isInteger(turn) || turn < 1) return bad('turn must be a whole number from 1');
    i += 2;
  }
  let moves: string[] = [];
  if (words[i] === 'moves') {
    moves = words.slice(i + 1);
    const wrong = moves.find((m) => m !== NULL_MOVE && !/^[a-h][1-8][a-h][1-8][qrbnk]?$/.test(m));
    if (wrong !== undefined) return bad(`not a move: ${wrong}`);
    i = words.length;
  }
  if (i < words.length) return bad(`unexpected "${words[i]}"`);
  return good({ type: 'position', fen, turn, moves });
}

function parseGo(words: readonly string[]): ParsedCommand {
  const params: Record<string, number> = {};
  for (let i = 1; i < words.length; i += 2) {
    const key = words[i] as (typeof GO_KEYS)[number];
    const value = Number(words[i + 1]);
    if (!GO_KEYS.includes(key)) return bad(`go: unknown parameter ${words[i]}`);
    if (!Number.isFinite(value) || value < 0) return bad(`go: ${key} needs milliseconds`);
    params[key] = value;
  }
  return good({ type: 'go', params });
}

/** One line an engine reads; blank lines and unknown commands are errors for the caller to report (`info string`). */
export function parseEngineCommand(line: string): ParsedCommand {
  const words = line.trim().split(/\s+/).filter((w) => w !== '');
  switch (words[0]) {
    case ENGINE_PROTOCOL:
    case 'isready':
    case 'newgame':
    case 'stop':
    case 'quit':
      return words.length === 1 ? good({ type: words[0] } as EngineCommand) : bad(`${words[0]} takes no arguments`);
    case 'variant': {
      const v = words[1] as VariantId;
      return (VARIANT_IDS as readonly string[]).includes(v) && words.length === 2 ? good({ type: 'variant', variant: v }) : bad(`unknown variant ${words[1] ?? ''}`);
    }
    case 'position':
      return parsePosition(words);
    case 'go':
      return parseGo(words);
    default:
      return bad(`unknown command ${words[0] ?? '(empty)'}`);
  }
}

/** What an engine says about itself in the handshake. */
export interface EngineId {
  readonly name: string;
  readonly author: string;
  readonly variants: readonly VariantId[];
}

/** The engine's answer to the handshake, ending with `pcpok`. */
export function formatHandshake(id: EngineId): string[] {
  return [
    `id name ${id.name}`,
    `id author ${id.author}`,
    `protocol ${ENGINE_PROTOCOL} ${ENGINE_PROTOCOL_VERSION}`,
    `variants ${id.variants.join(' ')}`,
    `${ENGINE_PROTOCOL}ok`,
  ];
}

/** What the handshake told (the engine's lines up to `pcpok`), or an error. */
export function parseHandshake(lines: readonly string[]): { ok: true; id: EngineId } | { ok: false; error: string } {
  let name = '';
  let author = '';
  let variants: VariantId[] = [];
  for (const line of lines) {
    const [w0, w1, ...rest] = line.trim().split(/\s+/);
    if (w0 === 'id' && w1 === 'name') name = rest.join(' ');
    else if (w0 === 'id' && w1 === 'author') author = rest.join(' ');
    else if (w0 === 'variants') variants = [w1 ?? '', ...rest].filter((v): v is VariantId => (VARIANT_IDS as readonly string[]).includes(v));
    else if (w0 === 'protocol' && (w1 !== ENGINE_PROTOCOL || Number(rest[0]) !== ENGINE_PROTOCOL_VERSION)) return { ok: false, error: `unsupported protocol ${line}` };
  }
  return name === '' ? { ok: false, error: 'the engine did not name itself' } : { ok: true, id: { name, author, variants } };
}

export interface InfoLine {
  readonly timeMs: number;
  readonly nodes?: number;
  /** Centipawns for the side to move after the series, or a mate within this series. */
  readonly score?: { readonly cp: number } | { readonly mate: true };
  readonly string?: string;
}

export function formatInfo(i: InfoLine): string {
  const parts = ['info', `time ${Math.round(i.timeMs)}`];
  if (i.nodes !== undefined) parts.push(`nodes ${i.nodes}`);
  if (i.score !== undefined) parts.push('cp' in i.score ? `score cp ${Math.round(i.score.cp)}` : 'score mate series');
  if (i.string !== undefined) parts.push(`string ${i.string}`);
  return parts.join(' ');
}

/** The engine's answer to `go`: the rest of its series (`bestseries`), or one move (`bestmove`). */
export function formatBest(moves: readonly string[]): string {
  return moves.length === 1 ? `bestmove ${moves[0]}` : `bestseries ${moves.join(' ')}`;
}

/** A line from the engine: its series (moves in order) when it is `bestseries` / `bestmove`, else null. */
export function parseBest(line: string): string[] | null {
  const [w0, ...rest] = line.trim().split(/\s+/);
  if (w0 !== 'bestseries' && w0 !== 'bestmove') return null;
  return w0 === 'bestmove' ? rest.slice(0, 1) : rest;
}
