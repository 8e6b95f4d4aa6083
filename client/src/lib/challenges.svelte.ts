import { VARIANTS, type Seek } from '@progressive-chess/shared';
import { sentence } from './explain.js';
import { seekColorText } from './seek-text.js';
import type { RequestFn } from './socket.js';
import { timeControlLabel } from './time-control-text.js';
import { refusalText } from './refusals.js';

/** A challenge to me as the lobby lists it: "Alice challenges you: Scottish, 5+3 (you play Black)". */
export const challengeText = (seek: Seek): string =>
  `${seek.creator.name} challenges you: ${VARIANTS[seek.variant].name}, ${timeControlLabel(seek.timeControl)} (you play ${seekColorText(seek, false)})`;

/**
 * The challenges addressed to me (the server's: `challenges` of `lobby:subscribe`, then
 * `challenge:received` / `challenge:removed` on every page), and the last decline of one of mine.
 */
export class ChallengesModel {
  incoming = $state.raw<readonly Seek[]>([]);
  /** "Bob declined your challenge." after `challenge:declined`, until dismissed or the next one. */
  declined = $state<string | null>(null);
  /** The refusal of a decline. */
  error = $state<string | null>(null);

  /** The server's list (`lobby:subscribe`). */
  set(list: readonly Seek[]): void {
    this.incoming = list;
  }

  received(seek: Seek): void {
    this.incoming = [...this.incoming.filter((s) => s.id !== seek.id), seek];
  }

  removed(seekId: string): void {
    this.incoming = this.incoming.filter((s) => s.id !== seekId);
  }

  declinedBy(by: string): void {
    this.declined = `${by} declined your challenge.`;
  }

  async decline(request: RequestFn, seekId: string): Promise<void> {
    this.error = null;
    const res = await request('seek:decline', { seekId });
    // one already gone (cancelled, expired) leaves the list as a declined one does
    if (res.ok || res.code === 'unknown-seek') this.removed(seekId);
    else this.error = sentence(refusalText(res.code, res.message));
  }
}

export const challenges = new ChallengesModel();
