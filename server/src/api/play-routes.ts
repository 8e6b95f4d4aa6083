import { apiChatSchema, idSchema, PASS_MOVE as PASS, seriesSchema, uciSchema, type CommandAck, type ErrorCode, type GameAction } from '@progressive-chess/shared';
import express, { type Request } from 'express';
import type { z } from 'zod';
import type { ChatService } from '../services/chat-service.js';
import { ServiceError, fail } from '../services/errors.js';
import type { GameCommands } from '../services/game-commands.js';
import type { Store } from '../store/store.js';
import { callerOf, needKind, needScope } from './api-auth.js';
import { gameStream, type StreamDeps } from './streams.js';


export interface PlayDeps {
  readonly store: Store;
  readonly commands: GameCommands;
  readonly chat: ChatService;
  readonly streams: StreamDeps;
}

/** Parses once with a shared schema; a failure is `bad-request`. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  return r.success ? r.data : fail('bad-request', r.error.issues[0]?.message ?? 'bad request');
}

export const gameIdOf = (req: Request): string => parse(idSchema, req.params.id);

/** A stale version (the opponent's draw offer, a clock flag committed meanwhile) is tried again on the new one. */
const STALE_RETRIES = 3;

/**
 * One move of the caller's series (or `0000`: end the turn), through `GameCommands` as a person's
 * move: the command is versioned with the game's stored version, and tried again when another
 * change was committed in between.
 */
async function playOne(d: PlayDeps, playerId: string, gameId: string, uci: string): Promise<CommandAck> {
  const move = uci === PASS ? PASS : parse(uciSchema, uci);
  for (let attempt = 0; ; attempt++) {
    const version = (await d.store.gameVersion(gameId)) ?? fail('unknown-game', `no game ${gameId}`);
    try {
      return move === PASS
        ? await d.commands.run('game:endTurn', playerId, { gameId, version })
        : await d.commands.run('game:move', playerId, { gameId, version, move });
    } catch (e) {
      if (!(e instanceof ServiceError && e.code === 'stale-version') || attempt >= STALE_RETRIES) throw e;
    }
  }
}

/** A refused move of a series: its index (0-based) and how many moves before it were played. */
class SeriesRefusal extends ServiceError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly index: number,
  ) {
    super(code, message);
  }
}
export const refusalExtra = (e: unknown): object => (e instanceof SeriesRefusal ? { index: e.index, applied: e.index } : {});

/**
 * The actions of the Bot API (`kind` 'bot', scope `bot:play`, bot accounts only) and of the Board
 * API ('board', scope `board:play`, people only): the same routes under `/api/bot` and `/api/board`.
 */
export function playRoutes(d: PlayDeps, kind: 'bot' | 'board'): express.Router {
  const r = express.Router();
  r.use(needScope(kind === 'bot' ? 'bot:play' : 'board:play'), needKind(kind));
  const me = (res: express.Response): string => callerOf(res).playerId;

  r.get('/game/stream/:id', async (req, res) => {
    await gameStream(d.streams, callerOf(res), gameIdOf(req), req, res);
  });
  r.post('/game/:id/move/:uci', async (req, res) => {
    const c = await playOne(d, me(res), gameIdOf(req), String(req.params.uci));
    res.json({ ok: true, version: c.version });
  });
  r.post('/game/:id/series', async (req, res) => {
    const gameId = gameIdOf(req);
    const { moves } = parse(seriesSchema, req.body ?? {});
    let version = 0;
    for (const [i, uci] of moves.entries()) {
      try {
        version = (await playOne(d, me(res), gameId, uci)).version;
      } catch (e) {
        if (e instanceof ServiceError) throw new SeriesRefusal(e.code, `move ${i} (${uci}): ${e.message}`, i);
        throw e;
      }
    }
    res.json({ ok: true, version, applied: moves.length });
  });
  /** An action of the game's command table (`{ gameId }` alone), on its route. */
  const action = (path: string, command: GameAction): void => {
    r.post(`/game/:id/${path}`, async (req, res) => {
      const c = await d.commands.run(command, me(res), { gameId: gameIdOf(req) });
      res.json({ ok: true, version: c.version });
    });
  };
  action('resign', 'game:resign');
  action('abort', 'game:abort');
  action('draw/offer', 'game:drawOffer');
  action('draw/accept', 'game:drawAccept');
  action('draw/decline', 'game:drawDecline');
  // casual games only (docs/rules.md, Takebacks): a rated or tournament game answers takeback-not-allowed
  action('takeback/offer', 'game:takebackOffer');
  action('takeback/accept', 'game:takebackAccept');
  action('takeback/decline', 'game:takebackDecline');
  action('claim-victory', 'game:claimVictory');
  action('claim-draw', 'game:claimDraw');
  action('give-time', 'game:giveTime');
  r.post('/game/:id/chat', async (req, res) => {
    const { text } = parse(apiChatSchema, req.body ?? {});
    const caller = callerOf(res);
    const { message } = await d.chat.send({ playerId: caller.playerId, name: caller.username }, gameIdOf(req), text);
    res.json({ ok: true, message });
  });
  return r;
}
