import {
  byUrgency,
  inviteLink,
  olderEntry,
  type Ack,
  type AckData,
  type AckError,
  type ClientPayload,
  type GameSummary,
  type MyGame,
  type OwnSeek,
  type Seek,
  type TimeControl,
  type VariantId,
} from '@progressive-chess/shared';
import type { ChallengesModel } from './challenges.svelte.js';
import type { FirstListing } from './lobby-first.js';
import { sentence } from './explain.js';
import { sameTimeControl } from './presets.js';
import type { RequestFn } from './socket.js';
import { refusalText } from './refusals.js';

/** The link to send for one of my open seeks: the server's when it knows its address, else on this page's; null for a public seek. */
export const ownSeekLink = (own: OwnSeek, origin: string): string | null =>
  own.seek.inviteCode === undefined ? null : (own.inviteUrl ?? inviteLink(own.seek.inviteCode, origin));

/** Where the lobby lists my open seeks (the too-many-seeks refusal points there). */
export const MY_SEEKS_TITLE = 'Your open games and invitations';

/** A refusal as the lobby shows it: a sentence, and for too many seeks where to cancel one. */
export function lobbyError(res: AckError): string {
  if (res.code === 'playban' && res.until !== undefined) {
    const at = new Date(res.until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    return `You aborted or left too many games recently: you may seek again at ${at}.`;
  }
  const text = sentence(refusalText(res.code, res.message));
  return res.code === 'too-many-seeks' ? `${text} Cancel one of yours under “${MY_SEEKS_TITLE}”.` : text;
}

/**
 * The `lobby:subscribe` ack as it may come: a server of another version (a rolling deploy) may send
 * an older ack without the lists added since (`mine`, `myGames`), so every list defaults to empty.
 */
type SubscribeAck = Partial<AckData['lobby:subscribe']>;

/** A lobby subscribe refused for the rate limit is tried again after this long, doubling up to the most. */
export const SUBSCRIBE_RETRY_MS = 2_000;
const SUBSCRIBE_RETRY_MAX_MS = 30_000;

/** My games as the lobby orders them: most urgent first, by the server's rule (shared byUrgency). */
const mostUrgentFirst = (games: readonly MyGame[]): readonly MyGame[] => [...games].sort(byUrgency);

/** The lobby's live lists: open public seeks, games in progress, my own open seeks and invitations, and my games. */
export class LobbyModel {
  seeks = $state.raw<readonly Seek[]>([]);
  games = $state.raw<readonly GameSummary[]>([]);
  /** My open seeks, public and private, oldest first (the server's, kept live by `lobby:mySeeks`). */
  mine = $state.raw<readonly OwnSeek[]>([]);
  /**
   * My games in progress, most urgent first: the server's on subscribe and `refreshMyGames`, kept
   * live by what the server pushes (`lobby:myGameUpdated` / `lobby:myGameRemoved`, and a public
   * game's `lobby:gameRemoved`). The server alone says whose turn it is (`yourTurn`).
   */
  myGames = $state.raw<readonly MyGame[]>([]);
  /**
   * Games that ended here (mine, and the public list's): a late update of one (another server node's,
   * delayed) does not bring it back; game ids are never reused.
   */
  private readonly ended = new Set<string>();
  /** The refusal of a create, cancel or game against the computer. */
  error = $state<string | null>(null);
  /** The refusal of accepting a seek of the list (shown by the list). */
  acceptError = $state<string | null>(null);
  busy = $state(false);
  /**
   * The seek a create (the form's or a quick pairing's) just opened, or found open with the same
   * settings: the lobby shows it where the player is looking (`MySeeks`' `reveal`), then clears it.
   */
  justCreated = $state<string | null>(null);
  /** Players connected (null until counted). */
  online = $state<number | null>(null);
  private readonly request: RequestFn;
  /** Where the challenges to me go (`challenges` of the subscribe ack). */
  private readonly challenges: ChallengesModel | null;
  /** The listing the first connection brought (socket.ts `claimFirstListing`): taken by the first subscribe instead of asking. */
  private readonly first: () => Promise<FirstListing | null> | null;

  constructor(request: RequestFn, challenges: ChallengesModel | null = null, first: () => Promise<FirstListing | null> | null = () => null) {
    this.request = request;
    this.challenges = challenges;
    this.first = first;
  }

  /**
   * The listing's events that came while a `lobby:subscribe` was in flight: the server joins the
   * lobby before it reads the listing, so an event may come before the ack and the ack's listing
   * may be older than it. They are applied again, in order, over the ack's listing.
   */
  private arrivedWhileSubscribing: (() => void)[] | null = null;

  private alsoAfterSubscribe(apply: () => void): void {
    this.arrivedWhileSubscribing?.push(apply);
  }

  /** The next try of a subscribe the server refused for its rate limit, while the page is open. */
  private retry: { timer: ReturnType<typeof setTimeout> | null; delayMs: number; closed: boolean } = {
    timer: null,
    delayMs: SUBSCRIBE_RETRY_MS,
    closed: false,
  };

  async subscribe(): Promise<void> {
    this.arrivedWhileSubscribing = [];
    const claimed = this.first();
    const given = claimed === null ? null : await claimed;
    const res: Ack<SubscribeAck> = given === null ? await this.request('lobby:subscribe', {}) : { ok: true, ...given.listing };
    const arrived = this.arrivedWhileSubscribing;
    this.arrivedWhileSubscribing = null;
    if (!res.ok) {
      this.error = lobbyError(res);
      // Over the room budget (many pages opened quickly): the listing would stay empty; try again later.
      if (res.code === 'rate-limited' && !this.retry.closed && this.retry.timer === null) {
        this.retry.timer = setTimeout(() => {
          this.retry.timer = null;
          void this.subscribe();
        }, this.retry.delayMs);
        this.retry.delayMs = Math.min(this.retry.delayMs * 2, SUBSCRIBE_RETRY_MAX_MS);
      }
      return;
    }
    if (this.retry.delayMs !== SUBSCRIBE_RETRY_MS) this.error = null;
    this.retry.delayMs = SUBSCRIBE_RETRY_MS;
    const ack: SubscribeAck = res;
    this.seeks = ack.seeks ?? [];
    this.games = ack.games ?? [];
    this.mine = ack.mine ?? [];
    this.myGames = mostUrgentFirst(ack.myGames ?? []);
    this.challenges?.set(ack.challenges ?? []);
    for (const apply of arrived) apply();
    // the lobby's events that came with the first connection before this page listened
    given?.replay();
  }

  /**
   * Asks the server for my games in progress again (the page is visible again: a backstop, the
   * server pushes every change). A refusal (an older server without `lobby:myGames`, a rate limit)
   * keeps the list as it was.
   */
  async refreshMyGames(): Promise<void> {
    const res = await this.request('lobby:myGames', {});
    if (res.ok) this.myGames = mostUrgentFirst((res as Partial<AckData['lobby:myGames']>).myGames ?? []);
  }

  /** My open seeks as the server now has them (`lobby:mySeeks`: one was created, cancelled or accepted, maybe in another tab). */
  mySeeks(seeks: readonly OwnSeek[]): void {
    this.mine = seeks;
  }

  async countOnline(): Promise<void> {
    const res = await this.request('lobby:online', {});
    if (res.ok) this.online = res.players;
  }

  /**
   * Quick pairing: accepts someone else's open seek of that variant and time control, else opens
   * one (random colours). Resolves with the game id when a seek was accepted.
   */
  async quickPair(variant: VariantId, timeControl: TimeControl, myId: string | null): Promise<string | null> {
    const match = this.seeks.find(
      (s) => s.creator.id !== myId && s.variant === variant && s.visibility === 'public' && sameTimeControl(s.timeControl, timeControl),
    );
    if (match) return this.accept(match.id);
    await this.create({ variant, timeControl, color: 'random', visibility: 'public' });
    return null;
  }

  async unsubscribe(): Promise<void> {
    this.retry.closed = true;
    if (this.retry.timer !== null) clearTimeout(this.retry.timer);
    await this.request('lobby:unsubscribe', {});
  }

  seekAdded(seek: Seek): void {
    this.alsoAfterSubscribe(() => this.seekAdded(seek));
    this.seeks = [...this.seeks.filter((s) => s.id !== seek.id), seek];
  }

  seekRemoved(seekId: string): void {
    this.alsoAfterSubscribe(() => this.seekRemoved(seekId));
    this.seeks = this.seeks.filter((s) => s.id !== seekId);
    this.mine = this.mine.filter((o) => o.seek.id !== seekId);
  }

  gameAdded(g: GameSummary): void {
    this.alsoAfterSubscribe(() => this.gameAdded(g));
    this.games = [g, ...this.games.filter((x) => x.id !== g.id)];
  }

  /**
   * `lobby:gameUpdated`: replaces the game's summary, or adds it. An update older than the one shown
   * (an earlier turn, delayed between server nodes, unless a takeback came between: `olderEntry`)
   * or of a game that ended is stale, and ignored.
   */
  gameUpdated(g: GameSummary): void {
    this.alsoAfterSubscribe(() => this.gameUpdated(g));
    if (this.ended.has(g.id) || this.games.some((x) => x.id === g.id && olderEntry(x, g))) return;
    this.games = this.games.some((x) => x.id === g.id) ? this.games.map((x) => (x.id === g.id ? g : x)) : [g, ...this.games];
  }

  gameRemoved(gameId: string): void {
    this.alsoAfterSubscribe(() => this.gameRemoved(gameId));
    this.games = this.games.filter((g) => g.id !== gameId);
    // it ends here (`ended`), one of mine or not
    this.myGameRemoved(gameId);
  }

  /**
   * `lobby:myGameUpdated`: one of my games started or its turn changed. It replaces that game's
   * entry (an update older than the entry, e.g. delayed between server nodes, is ignored), or is
   * added; the list stays most urgent first.
   */
  myGameUpdated(g: MyGame): void {
    if (this.ended.has(g.id)) return;
    const known = this.myGames.find((m) => m.id === g.id);
    if (known && olderEntry(known, g)) return;
    this.myGames = mostUrgentFirst(known ? this.myGames.map((m) => (m.id === g.id ? g : m)) : [g, ...this.myGames]);
  }

  /** `lobby:myGameRemoved`: one of my games ended. */
  myGameRemoved(gameId: string): void {
    this.ended.add(gameId);
    this.myGames = this.myGames.filter((g) => g.id !== gameId);
  }

  async create(req: ClientPayload<'seek:create'>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = null;
    const res = await this.request('seek:create', req);
    this.busy = false;
    if (!res.ok) {
      this.error = lobbyError(res);
      return;
    }
    const own: OwnSeek = res.inviteUrl === undefined ? { seek: res.seek } : { seek: res.seek, inviteUrl: res.inviteUrl };
    this.mine = [...this.mine.filter((o) => o.seek.id !== res.seek.id), own];
    if (res.seek.visibility === 'public') this.seekAdded(res.seek);
    this.justCreated = res.seek.id;
  }

  async cancel(seekId: string): Promise<void> {
    this.error = null;
    const res = await this.request('seek:cancel', { seekId });
    // A seek already gone (accepted, expired) leaves the list as a cancelled one does.
    if (res.ok || res.code === 'unknown-seek') this.seekRemoved(seekId);
    else this.error = lobbyError(res);
  }

  /** Accepts a public seek; the server then sends `game:start` to both players. */
  async accept(seekId: string): Promise<string | null> {
    this.acceptError = null;
    const res = await this.request('seek:accept', { seekId });
    if (!res.ok) {
      this.acceptError = lobbyError(res);
      return null;
    }
    return res.gameId;
  }

  /** A game against the computer at once; resolves with its id (the server also sends `game:start`). */
  async playBot(req: ClientPayload<'bot:play'>): Promise<string | null> {
    this.error = null;
    const res = await this.request('bot:play', req);
    if (!res.ok) {
      this.error = lobbyError(res);
      return null;
    }
    return res.gameId;
  }
}
