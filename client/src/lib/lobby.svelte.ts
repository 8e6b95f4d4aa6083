import type { ClientPayload, GameSummary, Seek, TimeControl, VariantId } from '@progressive-chess/shared';
import { sameTimeControl } from './presets.js';
import type { RequestFn } from './socket.js';

export const inviteLink = (code: string, origin: string): string => `${origin}/invite/${encodeURIComponent(code)}`;

/** The lobby's live lists: open public seeks and games in progress, plus my invitation. */
export class LobbyModel {
  seeks = $state.raw<readonly Seek[]>([]);
  games = $state.raw<readonly GameSummary[]>([]);
  /** My private seek waiting for its invitee. */
  invite = $state.raw<{ seek: Seek; url: string } | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);
  /** Players connected (null until counted). */
  online = $state<number | null>(null);
  private readonly request: RequestFn;

  constructor(request: RequestFn) {
    this.request = request;
  }

  async subscribe(): Promise<void> {
    const res = await this.request('lobby:subscribe', {});
    if (!res.ok) {
      this.error = res.message;
      return;
    }
    this.seeks = res.seeks;
    this.games = res.games;
  }

  /** My open public seek, if any: the lobby shows it as "waiting for an opponent". */
  waitingSeek(myId: string | null): Seek | null {
    return this.seeks.find((s) => s.creator.id === myId && s.visibility === 'public') ?? null;
  }

  async countOnline(): Promise<void> {
    const res = await this.request('lobby:online', {});
    if (res.ok) this.online = res.players;
  }

  /**
   * Quick pairing: accepts someone else's open seek of that variant and time control, else opens
   * one (random colours). Resolves with the game id when a seek was accepted.
   */
  async quickPair(variant: VariantId, timeControl: TimeControl, myId: string | null, origin: string): Promise<string | null> {
    const match = this.seeks.find(
      (s) => s.creator.id !== myId && s.variant === variant && s.visibility === 'public' && sameTimeControl(s.timeControl, timeControl),
    );
    if (match) return this.accept(match.id);
    await this.create({ variant, timeControl, color: 'random', visibility: 'public' }, origin);
    return null;
  }

  async unsubscribe(): Promise<void> {
    await this.request('lobby:unsubscribe', {});
  }

  seekAdded(seek: Seek): void {
    this.seeks = [...this.seeks.filter((s) => s.id !== seek.id), seek];
  }

  seekRemoved(seekId: string): void {
    this.seeks = this.seeks.filter((s) => s.id !== seekId);
    if (this.invite?.seek.id === seekId) this.invite = null;
  }

  gameAdded(g: GameSummary): void {
    this.games = [g, ...this.games.filter((x) => x.id !== g.id)];
  }

  gameUpdated(g: GameSummary): void {
    this.games = this.games.some((x) => x.id === g.id) ? this.games.map((x) => (x.id === g.id ? g : x)) : [g, ...this.games];
  }

  gameRemoved(gameId: string): void {
    this.games = this.games.filter((g) => g.id !== gameId);
  }

  async create(req: ClientPayload<'seek:create'>, origin: string): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = null;
    const res = await this.request('seek:create', req);
    this.busy = false;
    if (!res.ok) {
      this.error = res.message;
      return;
    }
    if (req.visibility === 'private') {
      const code = res.seek.inviteCode ?? '';
      this.invite = { seek: res.seek, url: res.inviteUrl ?? inviteLink(code, origin) };
    } else {
      this.seekAdded(res.seek);
    }
  }

  async cancel(seekId: string): Promise<void> {
    const res = await this.request('seek:cancel', { seekId });
    if (!res.ok) this.error = res.message;
    else this.seekRemoved(seekId);
  }

  /** Accepts a public seek; the server then sends `game:start` to both players. */
  async accept(seekId: string): Promise<string | null> {
    this.error = null;
    const res = await this.request('seek:accept', { seekId });
    if (!res.ok) {
      this.error = res.message;
      return null;
    }
    return res.gameId;
  }

  /** A game against the computer at once; resolves with its id (the server also sends `game:start`). */
  async playBot(req: ClientPayload<'bot:play'>): Promise<string | null> {
    this.error = null;
    const res = await this.request('bot:play', req);
    if (!res.ok) {
      this.error = res.message;
      return null;
    }
    return res.gameId;
  }
}
