import { writeSync } from 'node:fs';
import type { NotationError, ParsedGame } from '@progressive-chess/shared';

/** The JSON line `pchess replay` prints for a game read to its end. */
export function replayOk(parsed: ParsedGame, notation: string): Record<string, unknown> {
  const { state } = parsed;
  return {
    ok: true,
    variant: state.variant,
    turns: parsed.turnsPlayed,
    status: state.outcome ? 'finished' : 'playing',
    result: state.outcome?.result ?? null,
    reason: state.outcome?.reason ?? null,
    next: { turn: state.turn, moveIndex: state.moveIndex + 1 },
    notation,
  };
}

/** The JSON line for the first illegal or unreadable move. */
export function replayError(error: NotationError): Record<string, unknown> {
  return { ok: false, turn: error.turn, move: error.move, san: error.san, code: error.code, message: error.message };
}

/**
 * Prints one JSON line, written to the descriptor directly: a one-shot command's process.stdout
 * would load the stream modules behind it first. A descriptor that would block (a non-blocking
 * pipe that is full) gets the rest through process.stdout, which waits for it.
 */
export function printJson(value: unknown): void {
  const line = Buffer.from(`${JSON.stringify(value)}\n`);
  let written = 0;
  try {
    while (written < line.length) written += writeSync(1, line, written);
  } catch {
    process.stdout.write(line.subarray(written));
  }
}
