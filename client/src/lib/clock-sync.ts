import { viewRemainingMs, type ClockView, type Color } from '@progressive-chess/shared';

/**
 * Maps server timestamps to local time. The offset is the smallest (local - server) seen:
 * the sample with the least network delay.
 */
export class ClockSync {
  private offset: number | null = null;

  observe(serverNow: number, localNow: number = Date.now()): void {
    const o = localNow - serverNow;
    this.offset = this.offset === null ? o : Math.min(this.offset, o);
  }

  /** The server's clock, estimated, at local time `localNow`. */
  serverTime(localNow: number): number {
    return localNow - (this.offset ?? 0);
  }

  /** Milliseconds left for `color` at local time `localNow` (the running side counts down). */
  remaining(view: ClockView, color: Color, localNow: number): number {
    return viewRemainingMs(view, color, this.serverTime(localNow));
  }
}
