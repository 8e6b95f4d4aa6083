import { MAX_STREAMS_PER_TOKEN, opposite, type ApiChallenge, type ApiPlayerEvent, type Seek } from '@progressive-chess/shared';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { TokenOwner } from '../db/tokens-repo.js';
import { fail } from '../services/errors.js';
import { parseDoc, seatOf, type GameDoc } from '../services/game-doc.js';
import type { GameService } from '../services/game-service.js';
import type { LobbyService } from '../services/lobby-service.js';
import type { Store } from '../store/store.js';
import type { TokenService } from '../tokens/token-service.js';
import type { FollowedPlayerEvent, GameEvents, PlayerEvents } from './follow.js';
import { claimsOpen } from '../services/game-absence.js';
import { gameFullOf, gameStateOf, opponentGoneOf, stateChangeKey } from './game-view.js';
import { openNdjson, type StreamSlots } from './ndjson.js';
import type { StreamLeases } from './stream-lease.js';
import type { StreamCaps } from './stream-caps.js';
import type { ApiPresence } from './api-presence.js';

export interface StreamDeps {
  readonly store: Store;
  readonly games: GameService;
  readonly lobby: LobbyService;
  readonly tokens: TokenService;
  readonly gameEvents: GameEvents;
  readonly playerEvents: PlayerEvents;
  readonly slots: StreamSlots;
  /** One game stream per game and token across nodes (none: this node's count alone). */
  readonly leases?: StreamLeases;
  /** The cap on a token's open streams across nodes (none: this node's count alone). */
  readonly caps?: StreamCaps;
  /** An open game stream is its player's presence in the game (api-presence.ts). */
  readonly presence: Pick<ApiPresence, 'enter'>;
  /** How long a player must have left the game before it may be claimed (limits' `claimAfterMs`). */
  readonly claimAfterMs: number;
  readonly now: () => number;
  readonly logger: Logger;
}

export const challengeOf = (s: Seek): ApiChallenge => ({
  id: s.id,
  challenger: { id: s.creator.id, name: s.creator.name, ...(s.creator.rating === undefined ? {} : { rating: s.creator.rating }) },
  variant: s.variant,
  timeControl: s.timeControl,
  color: s.color,
  rated: s.rated === true,
});

/** A followed player event as an event-stream line (null: not one the stream tells). */
function lineOf(e: FollowedPlayerEvent): ApiPlayerEvent | null {
  switch (e.event) {
    case 'challenge:received':
      return { type: 'challenge', challenge: challengeOf(e.payload) };
    case 'challenge:removed':
      // accepted or declined by the stream's own player: it knows
      return e.payload.reason === 'cancelled' || e.payload.reason === 'expired'
        ? { type: 'challengeCanceled', challenge: { id: e.payload.seekId, reason: e.payload.reason } }
        : null;
    case 'challenge:declined':
      return { type: 'challengeDeclined', challenge: { id: e.payload.seekId, by: e.payload.by } };
    case 'game:start':
      return { type: 'gameStart', game: { id: e.payload.gameId, color: e.payload.color } };
    case 'game:finish':
      return { type: 'gameFinish', game: { id: e.payload.gameId } };
  }
}

let eventStreams = 0;

/** One more stream of the token on every node (`caps`), after this node's slot `local`; its release, or `too-many-streams`. */
async function counted(d: StreamDeps, tokenId: string, local: () => void): Promise<() => void> {
  let release: (() => void) | null = () => undefined;
  try {
    release = d.caps ? await d.caps.take(tokenId) : release;
  } catch (e) {
    local();
    throw e;
  }
  if (release === null) {
    local();
    fail('too-many-streams', `at most ${MAX_STREAMS_PER_TOKEN} open streams per token`);
  }
  const global = release;
  return () => {
    local();
    global();
  };
}

/**
 * `GET /api/stream/event`: the player's open challenges and games in progress first (as
 * `challenge` and `gameStart` lines, so a reconnecting program catches up), then every new one.
 */
export async function eventStream(d: StreamDeps, caller: TokenOwner, req: Request, res: Response): Promise<void> {
  const release = await counted(d, caller.tokenId, d.slots.take(caller.tokenId, `event:${++eventStreams}`));
  const out = openNdjson(req, res, d.slots.streams);
  out.onClose(release);
  const unfollow = d.playerEvents.follow(caller.playerId, (e) => {
    const line = lineOf(e);
    if (line) out.send(line);
  });
  out.onClose(unfollow);
  try {
    const [challenges, games] = await Promise.all([d.store.listChallengesFor(caller.playerId, d.now()), d.lobby.gamesOf(caller.playerId)]);
    for (const c of challenges) out.send({ type: 'challenge', challenge: challengeOf(JSON.parse(c.doc) as Seek) } satisfies ApiPlayerEvent);
    for (const g of games) out.send({ type: 'gameStart', game: { id: g.id, color: g.color } } satisfies ApiPlayerEvent);
  } catch (e) {
    d.logger.warn({ err: e }, 'api event stream: initial read');
    out.end();
  }
}

/**
 * `GET /api/{bot,board}/game/stream/:id`: `gameFull`, then a `gameState` whenever the game's
 * version moves and what the state tells changed (several commits in between are told as one state:
 * each carries every move so far); the stream ends after the state that finishes the game. An `opponentGone` line whenever the
 * opponent's absence changed (and after `gameFull` when the opponent is away already), or when claims
 * open or close (`claimsOpen`) while the opponent is gone.
 */
export async function gameStream(d: StreamDeps, caller: TokenOwner, gameId: string, req: Request, res: Response): Promise<void> {
  const first = await d.games.load(gameId);
  const doc = parseDoc(first.doc);
  const me = seatOf(doc, caller.playerId) ?? fail('not-a-player', 'this is not your game');
  const local = await counted(d, caller.tokenId, d.slots.take(caller.tokenId, `game:${gameId}`));
  let bots: Set<string>;
  let lease: (() => void) | null = () => undefined;
  try {
    lease = d.leases ? await d.leases.take(`${caller.tokenId}:${gameId}`) : lease;
    if (lease === null) fail('stream-open', 'this token already streams this game (on another node)');
    bots = await d.tokens.botsAmong([doc.players.white.id, doc.players.black.id]);
  } catch (e) {
    local();
    lease?.();
    throw e;
  }
  const out = openNdjson(req, res, d.slots.streams);
  out.onClose(local);
  out.onClose(lease);
  out.send(gameFullOf(first, d.now(), bots));
  if (doc.status !== 'playing') return out.end();
  // what the last opponentGone line told: 'here', or since when the opponent is gone and whether
  // claims were open (they open, or close again after a takeback, while the opponent stays gone)
  let toldGone = 'here';
  const tellAbsence = (next: GameDoc): void => {
    const since = next.away?.[opposite(me)];
    const gone = since === undefined ? 'here' : `${since}:${claimsOpen(next)}`;
    if (gone === toldGone || next.status !== 'playing') return;
    toldGone = gone;
    out.send(opponentGoneOf(next, me, d.claimAfterMs, d.now()));
  };
  tellAbsence(doc);
  out.onClose(d.presence.enter(gameId, caller.playerId));
  let last = first.version;
  let told = stateChangeKey(doc, first.moves.length);
  let running = false;
  let again = false;
  const refresh = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const s = await d.games.load(gameId);
        if (s.version <= last || out.closed) continue;
        last = s.version;
        const next = parseDoc(s.doc);
        tellAbsence(next);
        const key = stateChangeKey(next, s.moves.length);
        if (key === told) continue;
        told = key;
        const state = gameStateOf(s, d.now());
        out.send(state);
        if (state.status !== 'playing') out.end();
      } while (again && !out.closed);
    } catch (e) {
      d.logger.warn({ err: e, gameId }, 'api game stream: read');
    } finally {
      running = false;
    }
  };
  out.onClose(d.gameEvents.follow(gameId, first.version, () => void refresh()));
  out.onClose(
    d.gameEvents.followChat(gameId, (m) => out.send({ type: 'chatLine', room: 'player', username: m.from.name, text: m.text, at: m.at })),
  );
  // a commit between the first read and the follow is not missed
  void refresh();
}
