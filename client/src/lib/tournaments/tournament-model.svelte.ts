/**
 * One tournament as its page shows it: the server's view (`tournament:subscribe`'s ack, then each
 * `tournament:update` newer than the one shown; each with the first page of the standings, the
 * caller's own row in the ack and in the `tournament:mine` after an update), the page of the standings shown (the others over HTTP), the caller's place in it, and
 * the join / withdraw / pause actions over HTTP with their refusals in words.
 */
import {
  standingsPage,
  standingsPages,
  tournamentApiPath,
  type TournamentAction,
  type TournamentMine,
  type TournamentPaged,
  type TournamentPairing,
  type TournamentStanding,
  type TournamentStandingsPage,
  type TournamentUpdate,
  type TournamentView,
} from '@progressive-chess/shared';
import type { ApiResult } from '../api.js';
import { sentence } from '../explain.js';
import { refusalText } from '../refusals.js';
import type { RequestFn } from '../socket.js';

/** What the model needs from the outside (the page passes the real ones, tests fakes). */
export interface TournamentDeps {
  readonly request: RequestFn;
  readonly api: <T>(path: string, body?: unknown) => Promise<ApiResult<T>>;
  /** The caller's player id (null before the session is known). */
  readonly myId: () => string | null;
}

/** The caller's place in a tournament. */
export interface MyPlace {
  readonly joined: boolean;
  readonly paused: boolean;
  readonly withdrawn: boolean;
  /** The caller's game in play in this tournament (null: none). */
  readonly gameId: string | null;
  readonly standing: TournamentStanding | null;
}

const NOBODY: MyPlace = { joined: false, paused: false, withdrawn: false, gameId: null, standing: null };

/** Every pairing of the view: the arena's latest games, or every round's. */
export function allPairings(view: TournamentView): readonly TournamentPairing[] {
  return view.rounds ? view.rounds.flatMap((r) => r.pairings) : view.pairings;
}

/**
 * The caller's place: read from the standings (or `mine`, the caller's own row `tournament:mine` brings
 * when it is not on its first page) and the games in play, else from the view's own `me` (the
 * subscribe ack's).
 */
export function placeOf(view: TournamentView, myId: string | null, mine: TournamentStanding | null = null): MyPlace {
  const standing = myId === null ? undefined : (view.standings.find((s) => s.playerId === myId) ?? (mine?.playerId === myId ? mine : undefined));
  if (!standing) {
    const me = view.me;
    return me ? { joined: me.joined, paused: me.paused, withdrawn: me.withdrawn, gameId: me.gameId, standing: null } : NOBODY;
  }
  const playing = allPairings(view).find((p) => p.result === null && (p.white.id === myId || p.black.id === myId));
  return {
    joined: !standing.withdrawn,
    paused: standing.paused,
    withdrawn: standing.withdrawn,
    gameId: playing?.gameId ?? null,
    standing,
  };
}

export class TournamentModel {
  /** The view shown (null until the first arrives). */
  view = $state.raw<TournamentView | null>(null);
  /** Why the tournament could not be shown (null: it is, or is loading). */
  loadError = $state<string | null>(null);
  /** There is no such tournament. */
  missing = $state(false);
  /** The last refused action, in words (null: none). */
  refusal = $state<string | null>(null);
  busy = $state(false);
  /** The standings' rows in all (an update's view holds the first page only). */
  standingsTotal = $state(0);
  /** The caller's own row from the last update (null: on its first page, or none). */
  mine = $state.raw<TournamentStanding | null>(null);
  /** The page of the standings shown (1-based). */
  page = $state(1);
  /** The rows of `page` fetched over HTTP (null: read from the view). */
  #fetched = $state.raw<{ page: number; rows: readonly TournamentStanding[] } | null>(null);
  readonly id: string;
  readonly #deps: TournamentDeps;

  constructor(id: string, deps: TournamentDeps) {
    this.id = id;
    this.#deps = deps;
  }

  get place(): MyPlace {
    return this.view ? placeOf(this.view, this.#deps.myId(), this.mine) : NOBODY;
  }

  get pages(): number {
    return standingsPages(this.standingsTotal);
  }

  /** The rows of the page shown: from the view when it holds them, else as fetched (empty until then). */
  get standings(): readonly TournamentStanding[] {
    const view = this.view;
    if (view === null) return [];
    if (this.page === 1 || view.standings.length >= this.standingsTotal) return standingsPage(view.standings, this.page);
    return this.#fetched?.page === this.page ? this.#fetched.rows : [];
  }

  /**
   * Shows `view` if it is newer than the one shown (updates may cross the subscribe ack, or come
   * twice after a reconnection). `paged`: the count of rows and, in an ack, the caller's own row (an
   * update's comes after it, in `tournament:mine`: the one shown is kept meanwhile; a whole view
   * holds every row). Returns whether it was shown.
   */
  apply(view: TournamentView, paged?: { readonly standingsTotal: number; readonly mine?: TournamentStanding | null }): boolean {
    if (view.summary.id !== this.id) return false;
    if (this.view !== null && view.version <= this.view.version) return false;
    // An update has no `me` (it is the same for every subscriber): the ack's is kept.
    this.view = view.me === undefined && this.view?.me !== undefined ? { ...view, me: this.view.me } : view;
    this.standingsTotal = paged?.standingsTotal ?? view.standings.length;
    this.mine = paged === undefined ? null : paged.mine === undefined ? this.mine : paged.mine;
    this.page = Math.min(this.page, this.pages);
    if (this.page > 1 && view.standings.length < this.standingsTotal) void this.showPage(this.page);
    return true;
  }

  /** A `tournament:update` event. */
  update(p: TournamentUpdate): void {
    if (p.id === this.id) this.apply(p.view, { standingsTotal: p.standingsTotal });
  }

  /** A `tournament:mine` event: the caller's own row in the view shown (one of another version is dropped). */
  updateMine(p: TournamentMine): void {
    if (p.id === this.id && p.version === this.view?.version) this.mine = p.mine;
  }

  /** Shows page `page` of the standings, fetched over HTTP unless the view holds it. */
  async showPage(page: number): Promise<void> {
    this.page = Math.max(1, Math.min(page, this.pages));
    if (this.page === 1 || (this.view?.standings.length ?? 0) >= this.standingsTotal) return;
    const res = await this.#deps.api<TournamentStandingsPage>(`${tournamentApiPath(this.id, 'standings')}?page=${this.page}`);
    if (res.ok && res.data.page === this.page) this.#fetched = { page: res.data.page, rows: res.data.standings };
  }

  /** Subscribes (again after a reconnection): the ack carries the view (paged, with `me`). */
  async subscribe(): Promise<void> {
    const res = await this.#deps.request('tournament:subscribe', { id: this.id });
    if (res.ok) {
      this.loadError = null;
      this.apply(res.view, res);
      return;
    }
    this.missing = res.code === 'tournament-not-found';
    this.loadError = sentence(refusalText(res.code, res.message));
  }

  async unsubscribe(): Promise<void> {
    await this.#deps.request('tournament:unsubscribe', { id: this.id });
  }

  /** Joins, withdraws or pauses; a refusal is kept in words (`refusal`). */
  async act(action: TournamentAction): Promise<boolean> {
    this.busy = true;
    this.refusal = null;
    const res = await this.#deps.api<TournamentPaged>(tournamentApiPath(this.id, action), {});
    this.busy = false;
    if (!res.ok) {
      this.refusal = sentence(refusalText(res.code, res.message));
      return false;
    }
    // The answer is the caller's own view (with `me`): shown even at the version an update brought.
    if (this.view === null || res.data.view.version >= this.view.version) {
      this.view = res.data.view;
      this.standingsTotal = res.data.standingsTotal;
      this.mine = res.data.mine;
      if (this.page > 1) void this.showPage(this.page);
    }
    return true;
  }
}
