// The game document's shape, on its own so that the modules game-doc.ts uses (absences, the lobby's
// listing) can name it without importing game-doc.ts back.
import type { BotLevel, ClockState, Color, GameRatingChanges, GameStatus, Outcome, TimeControl, TurnStartClock, VariantId } from '@progressive-chess/shared';

export interface PlayerRef {
  readonly id: string;
  readonly name: string;
  /** Rating in the game's variant when it started (accounts only). */
  readonly rating?: number;
  /** A guest (no account) in a game between people: its name is only a display name. */
  readonly guest?: boolean;
}

/** The persisted game: everything needed to resume after a restart (JSON in the store). */
export interface GameDoc {
  readonly id: string;
  readonly variant: VariantId;
  readonly timeControl: TimeControl;
  readonly players: { readonly white: PlayerRef; readonly black: PlayerRef };
  /** Position and turn number the game started from (custom starts are reused by rematches). */
  readonly initialFen: string;
  readonly initialTurn: number;
  readonly custom: { readonly fen: string; readonly turn: number } | null;
  /** The rules state (`encodeState`). */
  readonly state: string;
  /** Progressive turn number of `state` (kept for summaries without decoding). */
  readonly turn: number;
  readonly clock: ClockState;
  /** Cost variants: a turn was passed after this many moves of the log (for the PGN record). */
  readonly passes: readonly number[];
  /** Which sides have made their first move (their clock runs only from then on). */
  readonly started: { readonly white: boolean; readonly black: boolean };
  /** First-move grace: the side to move must have moved by then, else the game is aborted (null once finished). */
  readonly graceDeadline: number | null;
  readonly status: GameStatus;
  readonly outcome: Outcome | null;
  readonly drawOffer: Color | null;
  /** The side whose takeback offer stands (absent in older docs: none); any move or pass ends it. */
  readonly takebackOffer?: Color | null;
  /**
   * Each side's time left at the start of every turn of the game so far, oldest first (what a
   * takeback restores); appended when a turn starts, cut by a takeback. Absent in older docs.
   */
  readonly turnStarts?: readonly TurnStartClock[];
  /** Takebacks made (absent: none): summaries of the game are ordered by it before the turn. */
  readonly takebacks?: number;
  readonly rematchOffer: Color | null;
  readonly rematchGameId: string | null;
  readonly createdAt: number;
  /** From a private seek (invitation): never listed in the lobby. Absent in older docs = public. */
  readonly private?: boolean;
  /**
   * A game without a clock deadline is aborted as abandoned after this time; set on creation and
   * on every change (see `withActivity`). Absent in older docs = none.
   */
  readonly idleDeadline?: number | null;
  /** Rated game (absent: casual). */
  readonly rated?: boolean;
  /** Written to the durable archive (then the game expires from the live store after a grace). */
  readonly archived?: boolean;
  readonly ratings?: GameRatingChanges | null;
  /** A game against the computer: its seat (`bot:<level>`), level, and the person who started it. */
  readonly bot?: BotSeat;
  /** Bot games: until when the driver playing the bot's series holds its turn (absent: due at once). */
  readonly botHold?: number;
  /** A tournament's game (tournament/): its results go to the tournament; no rematch, no takeback. */
  readonly tournamentId?: string;
  /** A tournament arena's game: each player may berserk before their first move (`game:berserk`). */
  readonly berserkable?: boolean;
  /** Who berserked (halved their own clock) in this arena game. */
  readonly berserk?: { readonly white?: boolean; readonly black?: boolean };
  /** Extra keys this game is counted under (e.g. bot games per player), released when it ends. */
  readonly counted?: readonly string[];
  /**
   * Since when each player has had no connection to the game, on any node (absent: connected, or
   * not counted yet). Written by the room counts (`presenceTransition`, game-presence.ts).
   */
  readonly away?: { readonly white?: number; readonly black?: number };
  /** Taken off the lobby's list: every player of it away `lobbyAwayMs` (until one returns). */
  readonly unlisted?: boolean;
  /**
   * The version of the game's last change of play, when commits that change no play followed it (a
   * player leaving or coming back, the lobby's listing, time given: `Transition.activity` false): a
   * versioned command (a move) sent at any version from it on is still current.
   */
  readonly quietSince?: number;
}

export interface BotSeat {
  readonly color: Color;
  readonly level: BotLevel;
  readonly owner: string;
}
