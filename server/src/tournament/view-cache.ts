import type { TournamentView } from '@progressive-chess/shared';
import type { TournamentGameRecord, TournamentPlayerRecord } from './tournament-record.js';

/** A tournament's view at one version, with the players and games it was made of (for each caller's `me`). */
export interface MadeView {
  readonly view: TournamentView;
  readonly players: readonly TournamentPlayerRecord[];
  readonly games: readonly TournamentGameRecord[];
}

/**
 * The latest view made of each tournament this node shows, by version (every change bumps it), so
 * that a thousand players opening an arena's page at once, or the update timer and a subscriber,
 * read its players and games and rank its standings once, not once each; callers of one version
 * share the same promise. At most `max` tournaments are kept (the least recently made dropped).
 */
export class ViewCache {
  private readonly made = new Map<string, { version: number; view: Promise<MadeView> }>();

  constructor(private readonly max = 64) {}

  view(id: string, version: number, make: () => Promise<MadeView>): Promise<MadeView> {
    const known = this.made.get(id);
    if (known && known.version === version) return known.view;
    const view = make();
    if (known && known.version > version) return view; // an older read than the cached one: not kept
    this.made.delete(id);
    this.made.set(id, { version, view });
    view.catch(() => {
      if (this.made.get(id)?.view === view) this.made.delete(id);
    });
    for (const oldest of this.made.keys()) {
      if (this.made.size <= this.max) break;
      this.made.delete(oldest);
    }
    return view;
  }
}
