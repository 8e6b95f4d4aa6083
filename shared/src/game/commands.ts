import type { z } from 'zod';
import { gameMoveSchema, gameRefSchema, gameVersionedSchema } from '../protocol/schemas.js';
import type { GameEventBody } from '../protocol/types.js';

/**
 * The ack of every game command: the game's version after it, and the event it committed when it
 * changed the game. The connection that sent the command gets that event here and not as a
 * `game:event` (the room's broadcast skips it; the player's other connections and everyone else
 * in the room get the `game:event`): apply it (`applyGameEvent`) as the `game:event` of `version`.
 */
export interface CommandAck {
  readonly version: number;
  readonly event?: GameEventBody;
}

/** One game command: the schema its payload is parsed with at the edge, and (in the type only) its ack's data. */
export interface GameCommandSpec<S extends z.ZodType, A extends CommandAck> {
  readonly schema: S;
  /** Never set: carries the ack's type (`GameCommandAck`). */
  readonly ack?: A;
}

/** An entry of `GAME_COMMANDS` whose ack is `A` (a `CommandAck` with more data, or just one). */
const command =
  <A extends CommandAck = CommandAck>() =>
  <S extends z.ZodType>(schema: S): GameCommandSpec<S, A> => ({ schema });

/**
 * THE table of game commands: one entry per command a player sends about one game, with its payload
 * schema and ack. Everything else derives from it: `CLIENT_EVENTS` and `AckData` (protocol/events.ts),
 * the server's handlers (server/src/transport/handlers.ts) and decisions (server/src/services/game-commands.ts,
 * a `Record` over these names), the web client's `GameCommandName` and `GameAction`. A new game
 * command is one entry here plus one decision there; the compiler points at the rest (the README's
 * protocol table, a refusal text). Every one is answered `{ ok: true, ...ack } | { ok: false, code, message }`;
 * the event it commits is applied by `applyGameEvent`.
 */
export const GAME_COMMANDS = {
  /** One move of the sender's series; `version`: the game's version the sender saw (else `stale-version`). */
  'game:move': command()(gameMoveSchema),
  /** Passes the rest of a cost turn (after at least one move of it). */
  'game:endTurn': command()(gameVersionedSchema),
  'game:resign': command()(gameRefSchema),
  /** Offering while the opponent's offer stands accepts it. */
  'game:drawOffer': command()(gameRefSchema),
  'game:drawAccept': command()(gameRefSchema),
  'game:drawDecline': command()(gameRefSchema),
  /** Asks to take back the sender's last series (casual games: docs/rules.md, Takebacks); offering again changes nothing. */
  'game:takebackOffer': command()(gameRefSchema),
  /** Grants the opponent's standing takeback offer (a `takeback` event). */
  'game:takebackAccept': command()(gameRefSchema),
  'game:takebackDecline': command()(gameRefSchema),
  /** Only before both sides have completed a turn (`canAbort`). */
  'game:abort': command()(gameRefSchema),
  /** After the game; offering while the opponent's offer stands accepts it (and starts the rematch). */
  'game:rematchOffer': command()(gameRefSchema),
  /** `gameId`: the rematch's game. */
  'game:rematchAccept': command<CommandAck & { gameId: string }>()(gameRefSchema),
  'game:rematchDecline': command()(gameRefSchema),
  /** Ends the game won (`opponent-left`) when the opponent has been away long enough (`GameSnapshot.absence`). */
  'game:claimVictory': command()(gameRefSchema),
  /** Ends the game drawn (`opponent-left`) on the same terms as `game:claimVictory`. */
  'game:claimDraw': command()(gameRefSchema),
  /** Adds `GIVE_TIME_MS` to the opponent's clock (a `time-given` event). */
  'game:giveTime': command()(gameRefSchema),
  /** A tournament arena's game, before one's first move: halves one's own clock for an extra point on a win (a `berserk` event). */
  'game:berserk': command()(gameRefSchema),
} as const satisfies Record<`game:${string}`, GameCommandSpec<z.ZodType, CommandAck>>;

export type GameCommandName = keyof typeof GAME_COMMANDS;
export const GAME_COMMAND_NAMES = Object.keys(GAME_COMMANDS) as GameCommandName[];
export const isGameCommand = (name: string): name is GameCommandName => Object.hasOwn(GAME_COMMANDS, name);

/** The parsed payload of a game command. */
export type GameCommandPayload<C extends GameCommandName> = z.infer<(typeof GAME_COMMANDS)[C]['schema']>;
/** What a game command's successful ack carries. */
export type GameCommandAck<C extends GameCommandName> = (typeof GAME_COMMANDS)[C] extends GameCommandSpec<z.ZodType, infer A> ? A : never;

/** Each command's payload schema, as `CLIENT_EVENTS` lists it. */
export type GameCommandSchemas = { readonly [C in GameCommandName]: (typeof GAME_COMMANDS)[C]['schema'] };
export const GAME_COMMAND_SCHEMAS = Object.fromEntries(GAME_COMMAND_NAMES.map((c) => [c, GAME_COMMANDS[c].schema])) as GameCommandSchemas;
/** Each command's ack data, as `AckData` lists it. */
export type GameCommandAcks = { [C in GameCommandName]: GameCommandAck<C> };

/**
 * The commands whose payload is the game alone (`{ gameId }`): the player's actions the server
 * decides with no local prediction (resign, offers, claims...), as the web client's buttons send them.
 */
export type GameAction = { [C in GameCommandName]: { gameId: string } extends GameCommandPayload<C> ? C : never }[GameCommandName];
