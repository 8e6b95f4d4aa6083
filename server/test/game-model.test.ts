import {
  applyGameEvent,
  canPass,
  legalMoves,
  makeUci,
  snapshotOfView,
  viewOf,
  type GameEvent,
  type GameEventBody,
  type GameRatingChanges,
  type GameView,
  type TimeControl,
  type VariantId,
} from '@progressive-chess/shared';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { settingsOf } from '../src/config.js';
import { createMetrics } from '../src/metrics.js';
import { ServiceError } from '../src/services/errors.js';
import type { GameArchive } from '../src/services/game-archive.js';
import { GameCommands } from '../src/services/game-commands.js';
import { parseGame, snapshotOf, type LiveInfo } from '../src/services/game-doc.js';
import { GameService } from '../src/services/game-service.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import { manualClock } from './helpers.js';
import { recordingPublisher } from './recording-publisher.js';

/*
 * The one game model (shared/src/game): for every change the server commits, the client-visible
 * game after it is `applyGameEvent` of the one before and the committed event. Played games in
 * several variants and time controls, with random moves, passes, offers, time given, absences,
 * flags, claims, resignations, rematches and the archive's mark; after every step each event
 * committed meanwhile is applied with the reducer, and the result must be the snapshot the server
 * sends for `game:join`/`game:resync` (at the time of the view's clocks).
 */

const W = { id: 'w1', name: 'W' };
const B = { id: 'b1', name: 'B' };
const LIVE: LiveInfo = { spectators: 0, online: { white: true, black: true } };
const RATINGS: GameRatingChanges = { white: { before: 1500, after: 1510, provisional: true }, black: { before: 1500, after: 1490, provisional: true } };

/** A small seeded generator (mulberry32): the same games on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function server() {
  const clock = manualClock();
  const store = createMemoryStore();
  const publisher = recordingPublisher();
  const archive: GameArchive = {
    graceMs: 3_600_000,
    archive: () => Promise.resolve(RATINGS),
    load: () => Promise.resolve(null),
    deleteAborted: () => Promise.resolve(0),
  };
  const settings = settingsOf({ store });
  const games = new GameService({ store, publisher, now: clock.now, logger: pino({ level: 'silent' }), settings, metrics: createMetrics(() => 0, store), archive });
  // who is in the game's room: both players, unless the game made one leave
  const away = new Set<string>();
  const commands = new GameCommands(games, () => Promise.resolve([W.id, B.id].filter((id) => !away.has(id))));
  return { clock, store, publisher, games, commands, away, claimAfterMs: settings.limits.claimAfterMs };
}

type Server = ReturnType<typeof server>;

/** Plays one game at random and checks the reducer against the server's snapshot after every step; the event types seen. */
async function playChecked(s: Server, variant: VariantId, timeControl: TimeControl, seed: number): Promise<Set<GameEventBody['type']>> {
  const rnd = random(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const gameId = await s.games.create({ variant, timeControl, white: W, black: B });
  const served = async (at: number) => snapshotOf(parseGame((await s.store.loadGame(gameId))!), LIVE, at, s.claimAfterMs);
  const first = viewOf(await served(s.clock.now()));
  if (!first.ok) throw new Error(first.error.message);
  let view: GameView = first.value;
  let read = 0;
  const seen = new Set<GameEventBody['type']>();

  const check = async (step: string): Promise<void> => {
    const events = s.publisher.sent
      .filter(([name, e]) => name === 'game:event' && (e as GameEvent).gameId === gameId)
      .map(([, e]) => e as GameEvent);
    for (const e of events.slice(read)) {
      const next = applyGameEvent(view, e);
      if (!next.ok) throw new Error(`${step}: event ${e.version} ${e.event.type}: ${next.error.message}`);
      view = next.value;
      seen.add(e.event.type);
    }
    read = events.length;
    expect(snapshotOfView(view), `${variant} seed ${seed} after ${step}`).toEqual(await served(view.clocks.serverNow));
  };
  /** A command; the server's refusals are part of the game (an expired clock commits the game's end first). */
  const attempt = async (run: () => Promise<unknown>): Promise<void> => {
    try {
      await run();
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
    }
  };
  const idOf = (c: 'white' | 'black') => (c === 'white' ? W.id : B.id);

  for (let step = 0; step < 90 && view.status === 'playing'; step++) {
    s.clock.advance(Math.floor(rnd() * 4_000));
    const toMove = view.state.color;
    const anyone = pick(['white', 'black'] as const);
    const r = rnd();
    let what: string;
    if (view.takebackOffer !== null && r < 0.6) {
      const by = view.takebackOffer === 'white' ? 'black' : 'white';
      what = `takeback granted (or declined) by ${by}`;
      await attempt(() => s.commands.run(r < 0.3 ? 'game:takebackAccept' : 'game:takebackDecline', idOf(by), { gameId }));
    } else if (view.drawOffer !== null && r < 0.2) {
      const by = view.drawOffer === 'white' ? 'black' : 'white';
      what = `draw declined (or accepted) by ${by}`;
      await attempt(() => s.commands.run(r < 0.17 ? 'game:drawDecline' : 'game:drawAccept', idOf(by), { gameId }));
    } else if (r < 0.1) {
      what = `draw offer by ${anyone}`;
      await attempt(() => s.commands.run('game:drawOffer', idOf(anyone), { gameId }));
    } else if (canPass(view.state, toMove) && r < 0.35) {
      what = `pass by ${toMove}`;
      await attempt(() => s.commands.run('game:endTurn', idOf(toMove), { gameId, version: view.version }));
    } else if (r < 0.16) {
      what = `time given by ${anyone}`;
      await attempt(() => s.commands.run('game:giveTime', idOf(anyone), { gameId }));
    } else if (r < 0.2) {
      const gone = pick([[], [W.id], [B.id]] as const);
      what = `presence: away ${gone.join() || 'nobody'}`;
      s.away.clear();
      for (const id of gone) s.away.add(id);
      await s.games.recordPresence(gameId, { white: !s.away.has(W.id), black: !s.away.has(B.id) });
    } else if (r < 0.21 && s.away.size > 0) {
      what = 'claim';
      s.clock.advance(s.claimAfterMs);
      const claimer = s.away.has(W.id) ? 'black' : 'white';
      await attempt(() => s.commands.run(rnd() < 0.5 ? 'game:claimVictory' : 'game:claimDraw', idOf(claimer), { gameId }));
    } else if (r < 0.23) {
      what = 'a long wait (flag or first-move abort)';
      s.clock.advance(10 * 60_000);
      await s.games.resolveDeadline(gameId, s.clock.now());
    } else if (r < 0.235) {
      what = `takeback offer by ${anyone}`;
      await attempt(() => s.commands.run('game:takebackOffer', idOf(anyone), { gameId }));
    } else if (r < 0.24) {
      what = `resignation or abort by ${anyone}`;
      await attempt(() => s.commands.run(rnd() < 0.5 ? 'game:resign' : 'game:abort', idOf(anyone), { gameId }));
    } else {
      const move = makeUci(pick(legalMoves(view.state)));
      what = `${toMove} ${move}`;
      await attempt(() => s.commands.run('game:move', idOf(toMove), { gameId, version: view.version, move }));
    }
    await check(`step ${step}: ${what}`);
  }
  if (view.status === 'playing') {
    await s.commands.run('game:resign', W.id, { gameId });
    await check('resignation');
  }
  // after the game: the archive's mark, then rematch offers
  await s.games.resolveDeadline(gameId, s.clock.now());
  await vi.waitFor(async () => expect(JSON.parse((await s.store.loadGameHead(gameId))!.doc)).toMatchObject({ archived: true }));
  await check('archived');
  await s.commands.run('game:rematchOffer', W.id, { gameId });
  await check('rematch offer');
  if (rnd() < 0.5) {
    await s.commands.run('game:rematchDecline', B.id, { gameId });
    await check('rematch declined');
    await s.commands.run('game:rematchOffer', B.id, { gameId });
    await check('rematch offer again');
  }
  await s.commands.run('game:rematchAccept', view.rematchOffer === 'white' ? B.id : W.id, { gameId });
  await check('rematch');
  return seen;
}

describe('the one game model: the server\'s snapshot after each commit is applyGameEvent of the one before', () => {
  it('over played games in several variants and time controls, every event type', async () => {
    const s = server();
    const seen = new Set<string>();
    const games: [VariantId, TimeControl][] = [
      ['scottish', { kind: 'fischer', initial: 300, increment: 2 }],
      ['english', { kind: 'none' }],
      ['cost', { kind: 'fischer', initial: 120, increment: 5 }],
      ['cost-fibonacci', { kind: 'none' }],
      ['italian', { kind: 'fischer', initial: 60, increment: 0 }],
      ['escalation', { kind: 'fischer', initial: 600, increment: 0 }],
      ['take-all', { kind: 'none' }],
      ['logical', { kind: 'fischer', initial: 180, increment: 3 }],
    ];
    for (const [i, [variant, tc]] of games.entries()) {
      for (const t of await playChecked(s, variant, tc, 1000 + i)) seen.add(t);
    }
    const all: GameEventBody['type'][] = [
      'move', 'turn-passed', 'game-over', 'draw-offer', 'draw-declined', 'rematch-offer', 'rematch-declined', 'rematch', 'absence', 'time-given', 'archived',
      'takeback-offer', 'takeback-declined', 'takeback',
    ];
    expect([...seen].sort()).toEqual([...all].sort());
    await s.games.close();
    await s.store.close();
  });
});
