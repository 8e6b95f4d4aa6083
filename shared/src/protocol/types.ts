import type { Color } from '../chess/types.js';
import type { TimeControl } from '../clock/time-control.js';
import type { Outcome, VariantId } from '../rules/variant-ids.js';

/** Server-to-client payload types (the server produces them, so no schema is needed). */

export interface Session {
  readonly playerId: string;
  /** Secret: send it back in the Socket.IO handshake `auth.token`. */
  readonly token: string;
  readonly name: string;
}

export interface PlayerInfo {
  readonly id: string;
  readonly name: string;
  readonly online: boolean;
}

export interface Seek {
  readonly id: string;
  readonly variant: VariantId;
  readonly timeControl: TimeControl;
  readonly color: 'white' | 'black' | 'random';
  readonly visibility: 'public' | 'private';
  readonly creator: { readonly id: string; readonly name: string };
  readonly createdAt: number;
  /** Only for private seeks, and only sent to their creator or to whoever opened the invitation. */
  readonly inviteCode?: string;
}

export interface GameSummary {
  readonly id: string;
  readonly variant: VariantId;
  readonly timeControl: TimeControl;
  readonly white: string;
  readonly black: string;
  readonly turn: number;
  readonly spectators: number;
}

export interface ClockView {
  /** Milliseconds left at `serverNow` (for the running side, already counted down). */
  readonly white: number;
  readonly black: number;
  /** The side whose clock runs, or null (untimed, not started, or game over). */
  readonly running: Color | null;
  readonly serverNow: number;
}

export interface MoveRecord {
  readonly uci: string;
  readonly san: string;
  readonly color: Color;
  /** Progressive turn number (1-based). */
  readonly turn: number;
  /** Index of the move in its series (1-based). */
  readonly index: number;
  /** Cycle completed after this move (English), for the `//` mark. */
  readonly cycleEnd?: boolean;
  readonly turnEnded: boolean;
  readonly at: number;
}

export type GameStatus = 'playing' | 'finished';

export interface GameSnapshot {
  readonly id: string;
  readonly version: number;
  readonly variant: VariantId;
  readonly timeControl: TimeControl;
  readonly players: { readonly white: PlayerInfo; readonly black: PlayerInfo };
  /** Where the game started (FEN at the start of `initialTurn`). */
  readonly initialFen: string;
  readonly initialTurn: number;
  readonly moves: readonly MoveRecord[];
  /** The rules package's encoded state (`encodeState`), decoded by the client with `decodeState`. */
  readonly state: string;
  readonly clocks: ClockView;
  readonly status: GameStatus;
  readonly outcome: Outcome | null;
  readonly drawOffer: Color | null;
  readonly rematchOffer: Color | null;
  readonly rematchGameId: string | null;
  readonly spectators: number;
  readonly createdAt: number;
}

/** Versioned events broadcast to a game room (`game:event`). */
export type GameEventBody =
  | {
      readonly type: 'move';
      readonly move: MoveRecord;
      readonly state: string;
      readonly check: boolean;
      readonly clocks: ClockView;
      readonly outcome: Outcome | null;
    }
  | {
      readonly type: 'turn-passed';
      readonly color: Color;
      readonly state: string;
      readonly clocks: ClockView;
      /** Set when the pass ended the game (e.g. the opponent starts a turn mated or stalemated). */
      readonly outcome?: Outcome | null;
    }
  | { readonly type: 'game-over'; readonly outcome: Outcome; readonly clocks: ClockView }
  | { readonly type: 'draw-offer'; readonly by: Color }
  | { readonly type: 'draw-declined'; readonly by: Color }
  | { readonly type: 'rematch-offer'; readonly by: Color }
  | { readonly type: 'rematch-declined'; readonly by: Color }
  | { readonly type: 'rematch'; readonly gameId: string };

export interface GameEvent {
  readonly gameId: string;
  /** The game's version after this event. Presence and spectator updates carry the current version. */
  readonly version: number;
  readonly event: GameEventBody;
}

export interface PresenceEvent {
  readonly gameId: string;
  readonly color: Color;
  readonly online: boolean;
}

export interface SpectatorsEvent {
  readonly gameId: string;
  readonly count: number;
}

export type Seat = Color | 'spectator';
