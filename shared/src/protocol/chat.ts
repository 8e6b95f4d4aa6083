/** Game chat: players talk in one channel, spectators in their own (neither reads the other). */
export type ChatChannel = 'players' | 'spectators';

/** Longest chat line, in characters (after trimming). */
export const CHAT_MAX_LENGTH = 140;
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
