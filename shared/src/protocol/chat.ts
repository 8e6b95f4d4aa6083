/** Game chat: players talk in one channel, spectators in their own (neither reads the other). */
import { forbiddenCharacter, forbiddenMessage, graphemeClusters } from './text-rules.js';

export type ChatChannel = 'players' | 'spectators';

/** Longest chat line, in user-perceived characters (grapheme clusters: an emoji is one), after trimming. */
export const CHAT_MAX_LENGTH = 140;
/**
 * A bound on the line's UTF-16 length as well (what the chat box's `maxlength` counts): room for
 * 140 emoji sequences, not for a flood of combining marks or joiners.
 */
export const CHAT_MAX_CODE_UNITS = 8 * CHAT_MAX_LENGTH;
/** Lines kept per channel of a game (the oldest go first). */
export const CHAT_HISTORY = 100;

export interface ChatMessage {
  readonly id: string;
  readonly gameId: string;
  readonly channel: ChatChannel;
  /** The sender; `seat` tells a player's line from a spectator's. */
  readonly from: { readonly id: string; readonly name: string; readonly seat: 'white' | 'black' | 'spectator' };
  /** Plain text: clients must show it as text, never as HTML. */
  readonly text: string;
  readonly at: number;
}

/** The characters of a chat line as people count them (grapheme clusters). */
export function chatLength(text: string): number {
  return graphemeClusters(text).length;
}

/**
 * A chat line as sent (NFC, trimmed), or why it is refused (a message for people). Refused like
 * display names (text-rules.ts): control characters, bidi controls (U+202E would show the line
 * reversed to everyone), invisible format characters, lone surrogates, more than 3 combining marks
 * in a row; and a line without 1 to CHAT_MAX_LENGTH characters or over CHAT_MAX_CODE_UNITS.
 */
export function normalizeChatText(raw: string): { ok: true; text: string } | { ok: false; message: string } {
  const text = raw.normalize('NFC').trim();
  const forbidden = forbiddenCharacter(text);
  if (forbidden) return { ok: false, message: forbiddenMessage('line', forbidden) };
  if (text === '') return { ok: false, message: 'the line is empty' };
  const length = chatLength(text);
  if (length > CHAT_MAX_LENGTH) return { ok: false, message: `the line is too long (${length} characters, at most ${CHAT_MAX_LENGTH})` };
  if (text.length > CHAT_MAX_CODE_UNITS) return { ok: false, message: 'the line is too long (too many combining marks or joiners)' };
  return { ok: true, text };
}
