import type { GameSummary, TvChannel, VariantId } from '@progressive-chess/shared';
import { parseDoc } from '../services/game-doc.js';
import type { Store } from '../store/store.js';

/** Games in progress looked at to choose from (the most recent first, as the store lists them). */
export const TV_CANDIDATES = 500;
/** How long a channel's choice is kept: every viewer's poll costs one store read per this at most. */
const TV_CACHE_MS = 2_000;

const averageRating = (g: GameSummary): number =>
  g.whiteRating !== undefined && g.blackRating !== undefined ? (g.whiteRating + g.blackRating) / 2 : -Infinity;

/**
 * The game most worth watching among `games`: the highest rated (both players' average), else the
 * most watched, else the most recent (the first listed). Null when there is none.
 */
export function mostWorthWatching(games: readonly GameSummary[], variant?: VariantId): GameSummary | null {
  let best: GameSummary | null = null;
  for (const g of games) {
    if (variant !== undefined && g.variant !== variant) continue;
    if (best === null) best = g;
    else {
      const [a, b] = [averageRating(g), averageRating(best)];
      if (a > b || (a === b && g.spectators > best.spectators)) best = g;
    }
  }
  return best;
}

/**
 * TV: per channel (a variant, or every variant) the game to watch now, from the lobby's summaries
 * of public games in progress (private games are never listed there).
 */
export class TvService {
  private readonly cache = new Map<string, { at: number; channel: Promise<TvChannel> }>();

  constructor(
    private readonly store: Pick<Store, 'listActiveGames' | 'loadGameHead'>,
    private readonly now: () => number,
  ) {}

  /** The channel's game; with `watching` (the game shown now), whether that one is over, when it is not the channel's game. */
  async watch(variant: VariantId | undefined, watching: string | undefined): Promise<TvChannel> {
    const channel = await this.channel(variant);
    if (watching === undefined) return channel;
    return { ...channel, watchingOver: channel.game?.id !== watching && !(await this.inProgress(watching)) };
  }

  private async inProgress(gameId: string): Promise<boolean> {
    const head = await this.store.loadGameHead(gameId);
    return head !== null && parseDoc(head.doc).status === 'playing';
  }

  channel(variant?: VariantId): Promise<TvChannel> {
    const key = variant ?? '';
    const t = this.now();
    const hit = this.cache.get(key);
    if (hit && t - hit.at < TV_CACHE_MS) return hit.channel;
    const channel = this.store.listActiveGames(TV_CANDIDATES).then(async (rows): Promise<TvChannel> => {
      const game = mostWorthWatching(
        rows.map((r) => JSON.parse(r.summary) as GameSummary),
        variant,
      );
      const head = game === null ? null : await this.store.loadGameHead(game.id);
      return { game, state: head === null ? null : parseDoc(head.doc).state };
    });
    this.cache.set(key, { at: t, channel });
    channel.catch(() => this.cache.delete(key));
    return channel;
  }
}
