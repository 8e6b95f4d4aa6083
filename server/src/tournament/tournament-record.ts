import type { TimeControl, VariantId } from '@progressive-chess/shared';

/** What the service keeps of a tournament (the `tournaments` row). */
export type TournamentKindId = 'arena' | 'swiss' | 'roundRobin';
export type TournamentStatusId = 'upcoming' | 'running' | 'finished';

/** The settings fixed at creation (the `settings` JSON column). */
export interface TournamentSettings {
  /** Arena: its length. */
  readonly minutes?: number;
  /** Swiss: its rounds. */
  readonly rounds?: number;
  /** Round robin: every pair plays twice, colours swapped. */
  readonly double?: boolean;
  /** Correspondence Swiss and round robin: each round's deadline, in days from its start. */
  readonly roundDays?: number;
}

export interface TournamentRecord {
  readonly id: string;
  readonly name: string;
  readonly kind: TournamentKindId;
  readonly variant: VariantId;
  readonly timeControl: TimeControl;
  readonly settings: TournamentSettings;
  readonly rated: boolean;
  readonly allowBots: boolean;
  readonly maxPlayers: number;
  readonly startsAt: number;
  /** Arena: startsAt + minutes; others: set when finished. */
  readonly endsAt: number | null;
  readonly status: TournamentStatusId;
  /** Swiss and round robin: the round in play (0 before the first). */
  readonly currentRound: number;
  /** Increases on every change (players, pairings, results, status). */
  readonly version: number;
  /** The creating account's player id; null for the operator's scheduled events. */
  readonly createdBy: string | null;
  readonly creatorName: string;
  /** The operator's schedule entry and occurrence that made it (created once across nodes). */
  readonly scheduleKey: string | null;
  readonly createdAt: number;
  readonly finishedAt: number | null;
}

export interface TournamentPlayerRecord {
  readonly playerId: string;
  readonly name: string;
  readonly bot: boolean;
  readonly guest: boolean;
  /** Rating in the tournament's variant when joining (1500 for a guest). */
  readonly rating: number;
  readonly paused: boolean;
  readonly withdrawn: boolean;
  /** Arena: waves missed in a row while not connected. */
  readonly missed: number;
  /** The game (pairing) the player is in, or null: waiting. */
  readonly currentGame: string | null;
  readonly joinedAt: number;
}

export type TournamentResult = '1-0' | '0-1' | '1/2-1/2';

export interface TournamentGameRecord {
  readonly gameId: string;
  /** Swiss and round robin: its round; arena: 0. */
  readonly round: number;
  /** Arena: the pairing wave that made it; others: 0. */
  readonly wave: number;
  readonly whiteId: string;
  readonly blackId: string;
  /** Null: in play (or aborted: `endedAt` set). */
  readonly result: TournamentResult | null;
  readonly berserk: { readonly white: boolean; readonly black: boolean };
  /** The game's progressive turn number when it ended. */
  readonly turns: number;
  /** The game exists in the store (a pairing is recorded before its game is created). */
  readonly created: boolean;
  readonly pairedAt: number;
  readonly endedAt: number | null;
}

export interface TournamentRoundRecord {
  readonly round: number;
  readonly bye: string | null;
  readonly startedAt: number;
  readonly deadline: number | null;
}
