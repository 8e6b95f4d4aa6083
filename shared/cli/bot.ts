import { VARIANT_IDS, type VariantId } from '@progressive-chess/shared';
import { UsageError, intOption, type Args } from './args.js';
import { startEngine, type EngineProcess } from './bot-engine.js';
import { victoryClaimer } from './bot-claim.js';
import { takebackDecliner } from './bot-takeback.js';
import { apiClient, type ApiClient } from './bot-http.js';

type Line = Record<string, unknown>;
type Accept = 'rated' | 'casual' | 'all';

interface BotConfig {
  readonly api: ApiClient;
  readonly engine: string;
  readonly variants: readonly VariantId[] | null;
  readonly accept: Accept;
  readonly maxGames: number | null;
  /** Claims victory when the opponent has left the game long enough (`opponentGone`). */
  readonly claim: boolean;
  readonly log: (m: string) => void;
}

function configOf(args: Args): BotConfig {
  const need = (name: string): string => {
    const v = args.options.get(name);
    if (v === undefined) throw new UsageError(`bot: --${name} is required`);
    return v;
  };
  const list = args.options.get('variants')?.split(',').map((v) => v.trim());
  const unknown = list?.find((v) => !(VARIANT_IDS as readonly string[]).includes(v));
  if (unknown !== undefined) throw new UsageError(`bot: unknown variant "${unknown}"`);
  const accept = args.options.get('accept') ?? 'all';
  if (accept !== 'rated' && accept !== 'casual' && accept !== 'all') throw new UsageError('bot: --accept is rated, casual or all');
  const claim = args.options.get('claim') ?? 'on';
  if (claim !== 'on' && claim !== 'off') throw new UsageError('bot: --claim is on or off');
  const stamp = (): string => new Date().toISOString();
  return {
    api: apiClient(need('server'), need('token')),
    engine: need('engine'),
    variants: (list as VariantId[] | undefined) ?? null,
    accept,
    maxGames: intOption(args, 'max-games', 1, 1_000_000) ?? null,
    claim: claim === 'on',
    log: (m) => process.stderr.write(`${stamp()} ${m}\n`),
  };
}

/** Refused series in a row after which the bot resigns (an engine that keeps proposing illegal moves). */
const MAX_REFUSALS = 3;

/** The `go` parameters of a game state: each side's time left and increment, in ms. */
function goCommand(full: Line, state: Line): string {
  const clocks = state.clocks as { white: number; black: number };
  const tc = full.timeControl as { kind: string; increment?: number };
  const inc = tc.kind === 'fischer' ? (tc.increment ?? 0) * 1000 : 0;
  if (tc.kind === 'none' || tc.kind === 'correspondence') return 'go movetime 1000';
  return `go wtime ${Math.round(clocks.white)} btime ${Math.round(clocks.black)} winc ${inc} binc ${inc}`;
}

/**
 * One game: its stream, one engine process, a series whenever it is the bot's turn. Resolves with
 * the result when the game ends.
 */
async function playGame(c: BotConfig, gameId: string, color: 'white' | 'black'): Promise<string> {
  const log = (m: string): void => c.log(`game ${gameId}: ${m}`);
  const engine: EngineProcess = await startEngine(c.engine, log);
  log(`playing ${color} with ${engine.id.name}`);
  let full: Line | null = null;
  /** The move count the game reaches once the series sent is applied (states before it are in-between ones). */
  let answered = -1;
  let refusals = 0;
  let thinking = false;
  let latest: Line | null = null;
  let result: string | null = null;
  const series: { turn: number; moves: string[]; ms: number }[] = [];
  const claimer = victoryClaimer(c.api, gameId, c.claim, log);
  const takebacks = takebackDecliner(c.api, gameId, color, log);

  const onState = async (state: Line): Promise<void> => {
    latest = state;
    takebacks.onState(state);
    if (state.status !== 'playing') {
      const outcome = state.outcome as { result: string; reason: string } | null;
      result = outcome ? `${outcome.result} (${outcome.reason})` : 'ended';
      return;
    }
    if (full === null || state.color !== color || thinking) return;
    const moves = state.moves as string[];
    if (moves.length <= answered) return;
    thinking = true;
    answered = moves.length;
    try {
      const started = Date.now();
      const answer = await engine.think([
        `variant ${String(full.variant)}`,
        `position fen ${String(full.initialFen)} turn ${String(full.initialTurn)}${moves.length ? ` moves ${moves.join(' ')}` : ''}`,
        goCommand(full, state),
      ]);
      if (answer === 'resign') {
        log('the engine resigns');
        await c.api.request('POST', `/api/bot/game/${gameId}/resign`);
        return;
      }
      const res = await c.api.request('POST', `/api/bot/game/${gameId}/series`, { moves: answer });
      const ms = Date.now() - started;
      const applied = res.body.ok === true ? answer.length : typeof res.body.index === 'number' ? res.body.index : 0;
      answered = moves.length + applied - 1;
      refusals = res.body.ok === true ? 0 : refusals + 1;
      if (refusals >= MAX_REFUSALS) {
        log(`the engine's series were refused ${refusals} times: resigning`);
        await c.api.request('POST', `/api/bot/game/${gameId}/resign`);
      }
      series.push({ turn: Number(state.turn), moves: answer, ms });
      log(`turn ${String(state.turn)}: ${answer.join(' ')} (${ms} ms)${res.body.ok === true ? '' : ` refused: ${JSON.stringify(res.body)}`}`);
    } catch (e) {
      log(`series failed: ${(e as Error).message}`);
    } finally {
      thinking = false;
    }
    // a state that came while the engine thought (or this one again, when the series was refused)
    if (latest !== null && (latest !== state || refusals > 0)) void onState(latest);
  };

  const stream = c.api.follow(
    `/api/bot/game/stream/${gameId}`,
    (v) => {
      if (v.type === 'gameFull') {
        full = v;
        void onState(v.state as Line);
      } else if (v.type === 'gameState') void onState(v);
      else if (v.type === 'chatLine') log(`chat ${String(v.username)}: ${String(v.text)}`);
      else if (v.type === 'opponentGone') claimer.onLine(v);
    },
    { done: () => result !== null, log },
  );
  await stream.stopped;
  claimer.stop();
  engine.quit();
  const total = series.reduce((s, x) => s + x.ms, 0);
  log(`finished: ${result ?? 'stream lost'}; ${series.length} series, ${total} ms in all`);
  return result ?? 'unknown';
}

/** Accepts a challenge the bot can play, declines any other. */
async function answerChallenge(c: BotConfig, ch: Line, variants: ReadonlySet<string>): Promise<void> {
  const id = String(ch.id);
  const rated = ch.rated === true;
  const wanted = variants.has(String(ch.variant)) && (c.accept === 'all' || (c.accept === 'rated') === rated);
  const res = await c.api.request('POST', `/api/challenge/${id}/${wanted ? 'accept' : 'decline'}`);
  const who = (ch.challenger as { name?: string } | undefined)?.name ?? '?';
  c.log(`challenge ${id} from ${who} (${String(ch.variant)}${rated ? ', rated' : ''}): ${wanted ? 'accepted' : 'declined'} ${res.status}`);
}

/**
 * `pchess bot`: listens to the account's event stream, answers challenges, plays each game it
 * starts with its own engine process, and reconnects when a stream drops. With `--max-games`,
 * exits after that many games ended.
 */
export async function botCommand(args: Args): Promise<number> {
  const c = configOf(args);
  const me = await c.api.request('GET', '/api/account');
  if (me.body.ok !== true) {
    c.log(`the server refused the token: ${JSON.stringify(me.body)}`);
    return 1;
  }
  if (me.body.bot !== true) {
    c.log(`${String(me.body.username)} is not a bot account: POST /api/bot/account/upgrade first`);
    return 1;
  }
  const probe = await startEngine(c.engine, c.log);
  probe.quit();
  const variants = new Set<string>(probe.id.variants.filter((v) => c.variants === null || c.variants.includes(v)));
  c.log(`${String(me.body.username)} online with ${probe.id.name}; variants ${[...variants].join(', ')}`);
  const games = new Map<string, Promise<string>>();
  let finished = 0;
  const enough = (): boolean => c.maxGames !== null && finished >= c.maxGames;
  const events = c.api.follow(
    '/api/stream/event',
    (v) => {
      if (v.type === 'challenge') void answerChallenge(c, v.challenge as Line, variants).catch((e: unknown) => c.log(`challenge: ${(e as Error).message}`));
      if (v.type !== 'gameStart') return;
      const g = v.game as { id: string; color: 'white' | 'black' };
      if (games.has(g.id)) return;
      const played = playGame(c, g.id, g.color).catch((e: unknown) => `error: ${(e as Error).message}`);
      games.set(g.id, played);
      void played.then(() => {
        finished++;
        if (enough()) events.stop();
      });
    },
    { done: enough, log: c.log },
  );
  await events.stopped;
  await Promise.all(games.values());
  return 0;
}
