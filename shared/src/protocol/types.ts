import type { Color } from '../chess/types.js';
import type { TimeControl } from '../clock/time-control.js';
import type { Outcome, VariantId } from '../rules/variant-ids.js';
import type { GameRatingChanges, RatingView } from './accounts.js';

/** Server-to-client payload types (the server produces them, so no schema is needed). */

export interface Session {
  readonly playerId: string;
  /** Secret: send it back in the Socket.IO handshake `auth.token`. */
  readonly token: string;
  readonly name: string;
  /**
   * The accounts could not be reached at this handshake (database unavailable): a session cookie
   * was not checked (this is a guest session) and a wanted name was not granted. Reconnect later to sign in.
   */
  readonly accountsUnavailable?: true;
}

export interface PlayerInfo {
  readonly id: string;
  readonly name: string;
  readonly online: boolean;
  /** A guest (no account): its name is only a display name, shown marked as such. Absent: an account, or the computer. */
  readonly guest?: boolean;
}

export interface Seek {
  readonly id: string;
  readonly variant: VariantId;
  readonly timeControl: TimeControl;
  readonly color: 'white' | 'black' | 'random';
  readonly visibility: 'public' | 'private';
  /** With the creator's rating (ratingView) when they have an account; `guest`: the creator has no account (its name is only a display name, shown marked as such). */
  readonly creator: { readonly id: string; readonly name: string; readonly guest?: boolean } & Partial<Pick<RatingView, 'rating' | 'provisional'>>;
  readonly createdAt: number;
  /** Rated game (both players need accounts); absent = casual. */
  readonly rated?: boolean;
  /** Only players rated within this range (in the seek's variant) may accept. */
  readonly ratingRange?: { readonly min: number; readonly max: number };
  /** Only for private seeks, and only sent to their creator or to whoever opened the invitation. */
  readonly inviteCode?: string;
  /**
   * A challenge: the one player (an account) who may accept or decline it. A challenge is private,
   * has no invitation code, and is accepted with `{ seekId }` by that player only.
   */
  readonly opponent?: { readonly id: string; readonly name: string };
}

/** Why a challenge left its target's list (`challenge:removed`). */
export type ChallengeEnd = 'cancelled' | 'declined' | 'expired' | 'accepted';

/**
 * One of the player's own open seeks (public or private), as only its creator gets it: the seek
 * with its `inviteCode` when private, and the invitation link when the server knows its public
 * address (else the client builds it on its own origin, `/invite/<code>`).
 */
export interface OwnSeek {
  readonly seek: Seek;
  readonly inviteUrl?: string;
}

/**
 * One of the caller's own games in progress (public, private or against the computer), as only
 * its player gets it (`myGames` of `lobby:subscribe` and `lobby:myGames`): enough for the lobby's
 * "Your games" to link back to `/game/<id>`.
 */
export interface MyGame {
  readonly id: string;
  readonly variant: VariantId;
  readonly timeControl: TimeControl;
  /** The colour the caller plays. */
  readonly color: Color;
  /** The opponent's display name (`Computer (level N)` in a game against the computer). */
  readonly opponent: string;
  /** Progressive turn number now. */
  readonly turn: number;
  /** Takebacks so far (absent: none): with `turn`, orders the entries of one game (`olderEntry`). */
  readonly takebacks?: number;
  /** The caller is to move. */
  readonly yourTurn: boolean;
  /** When the side to move flags or the game is aborted for no first move (epoch ms), or null: what orders the list. */
  readonly deadline: number | null;
  readonly createdAt: number;
  /** From an invitation (not listed among the games in progress). */
  readonly private?: boolean;
  readonly rated?: boolean;
  /** Against the computer. */
  readonly bot?: boolean;
}

export interface GameSummary {
  readonly id: string;
  readonly variant: VariantId;
  readonly timeControl: TimeControl;
  readonly white: string;
  readonly black: string;
  readonly turn: number;
  /** Takebacks so far (absent: none): with `turn`, orders the summaries of one game (`olderEntry`). */
  readonly takebacks?: number;
  readonly spectators: number;
  readonly rated?: boolean;
  /** Players' ratings in the variant at the start (accounts only). */
  readonly whiteRating?: number;
  readonly blackRating?: number;
}

export interface ClockView {
  /** Milliseconds left at `serverNow` (for the running side, already counted down). */
  readonly white: number;
  readonly black: number;
  /** The side whose clock runs, or null (untimed, not started, or game over). */
  readonly running: Color | null;
  readonly serverNow: number;
  /**
   * Server time by which the side to move must make its first move, or the game is aborted
   * (Fischer and per-turn games, until each side has moved; absent otherwise). In the `game-over`
   * event that ends a game, the deadline that was running then. Why a game was aborted is its
   * outcome's `abort` (`first-move-timeout`, `player`, `abandoned`).
   */
  readonly firstMoveBy?: number;
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
  /** The side whose takeback offer stands (casual games). */
  readonly takebackOffer: Color | null;
  readonly rematchOffer: Color | null;
  readonly rematchGameId: string | null;
  readonly spectators: number;
  readonly createdAt: number;
  readonly rated?: boolean;
  /** Rating changes once a rated game is archived (null: not rated, or not archived yet). */
  readonly ratings?: GameRatingChanges | null;
  /** Which players have left the game, and when the other may claim (absent: both present). */
  readonly absence?: Absence;
  /** A tournament's game: its id (no rematch is offered). */
  readonly tournamentId?: string;
  /** A tournament arena's game: each player may berserk before their first move; who did. */
  readonly berserk?: { readonly allowed: boolean; readonly white: boolean; readonly black: boolean };
}

/**
 * A player whose every connection to the game has left (on every server node): since when, and
 * from when the other player may claim the victory or a draw (`game:claimVictory`, `game:claimDraw`;
 * null: never by absence, e.g. in a correspondence game or against the computer). Server times.
 */
export interface SeatAbsence {
  readonly since: number;
  readonly claimFrom: number | null;
}

/** Each player's absence (null: connected to the game). */
export interface Absence {
  readonly white: SeatAbsence | null;
  readonly black: SeatAbsence | null;
}

/**
 * Versioned events broadcast to a game room (`game:event`); the connection whose command made one
 * gets it in that command's ack instead (`CommandAck`).
 */
export type GameEventBody =
  | {
      readonly type: 'move';
      /**
       * The move, as UCI. Its record (SAN, colour, turn, index, marks) follows from the rules state
       * before it: `moveRecord(state, move, played, clocks.serverNow)`, as the server made it.
       */
      readonly uci: string;
      /** `stateHash` of the rules state after the move: apply `uci` with the rules and compare. */
      readonly hash: string;
      readonly clocks: ClockView;
      /** Set when the move ended the game (a finish the rules decide). */
      readonly outcome?: Outcome;
    }
  | {
      readonly type: 'turn-passed';
      readonly color: Color;
      /** `stateHash` of the rules state after the pass (`endTurn`). */
      readonly hash: string;
      readonly clocks: ClockView;
      /** Set when the pass ended the game (e.g. the opponent starts a turn mated or stalemated). */
      readonly outcome?: Outcome | null;
    }
  | { readonly type: 'game-over'; readonly outcome: Outcome; readonly clocks: ClockView }
  | { readonly type: 'draw-offer'; readonly by: Color }
  | { readonly type: 'draw-declined'; readonly by: Color }
  /** `by` asks to take back its last series (docs/rules.md, Takebacks); lapses with the next move or pass. */
  | { readonly type: 'takeback-offer'; readonly by: Color }
  | { readonly type: 'takeback-declined'; readonly by: Color }
  /** The game went back to the start of `turn`: cut the move log to `moves` entries (`applyTakeback`). */
  | TakebackEvent
  | { readonly type: 'rematch-offer'; readonly by: Color }
  | { readonly type: 'rematch-declined'; readonly by: Color }
  | { readonly type: 'rematch'; readonly gameId: string }
  /** A player left the game or came back: the game's absences now (`GameSnapshot.absence`). */
  | { readonly type: 'absence'; readonly absence: Absence }
  /** `by` gave the opponent `GIVE_TIME_MS` more (`game:giveTime`). */
  | { readonly type: 'time-given'; readonly by: Color; readonly clocks: ClockView }
  /** `by` berserked (`game:berserk`, a tournament arena's game): their own clock halved. */
  | { readonly type: 'berserk'; readonly by: Color; readonly clocks: ClockView }
  /** The finished game was written to the archive; carries its rating changes when it was rated. */
  | { readonly type: 'archived'; readonly ratings: GameRatingChanges | null };

export interface GameEvent {
  readonly gameId: string;
  /** The game's version after this event (one more than the previous event's). */
  readonly version: number;
  readonly event: GameEventBody;
}

/*
 * Presence, spectator and heartbeat events are not versioned changes: they carry the game's
 * version as read when they were sent (it may trail or lead the `game:event`s in flight). A client
 * that still sees a higher version than its own shortly after (no event came) resyncs.
 */

export interface PresenceEvent {
  readonly gameId: string;
  readonly color: Color;
  readonly online: boolean;
  /** The game's version when the event was sent. */
  readonly version: number;
}

export interface SpectatorsEvent {
  readonly gameId: string;
  readonly count: number;
  /** The game's version when the event was sent. */
  readonly version: number;
}

/** `game:heartbeat`: the game's current version, sent periodically and after the server's reconnection to Redis. */
export interface HeartbeatEvent {
  readonly gameId: string;
  readonly version: number;
}

/**
 * `game:gone`: the game no longer exists on the server (neither in the live store nor in the
 * archive: e.g. lost with a store restarted without persistence, or expired). Sent by the
 * heartbeat to the game room instead of a version; any command on it would answer `unknown-game`.
 */
export interface GoneEvent {
  readonly gameId: string;
}

export type Seat = Color | 'spectator';

/** The `takeback` event: the game went back to the start of `turn` (a `by`'s series). */
export interface TakebackEvent {
  readonly type: 'takeback';
  /** The side that offered it (whose series is taken back). */
  readonly by: Color;
  readonly turn: number;
  /** Move-log entries kept: the log is cut to this length. */
  readonly moves: number;
  /** The rules state at the start of `turn` (`encodeState`). */
  readonly state: string;
  readonly clocks: ClockView;
}
