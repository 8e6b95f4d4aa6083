/** Deadlines sorted by (time, id); a map gives each id's current deadline for removal (the memory store's). */
export class DeadlineQueue {
  private readonly sorted: { at: number; id: string }[] = [];
  private readonly byId = new Map<string, number>();

  set(id: string, at: number | null): void {
    this.remove(id);
    if (at === null) return;
    const i = this.indexOf(at, id);
    this.sorted.splice(i, 0, { at, id });
    this.byId.set(id, at);
  }

  remove(id: string): void {
    const at = this.byId.get(id);
    if (at === undefined) return;
    const i = this.indexOf(at, id);
    this.sorted.splice(i, 1);
    this.byId.delete(id);
  }

  /** Returns up to `limit` ids due at `now`, earliest first, each leased until `now + leaseMs`. */
  claim(now: number, limit: number, leaseMs: number): string[] {
    let n = 0;
    while (n < limit && n < this.sorted.length && (this.sorted[n]?.at ?? Infinity) <= now) n++;
    const due = this.sorted.slice(0, n).map((d) => d.id);
    for (const id of due) this.set(id, now + leaseMs);
    return due;
  }

  /** The earliest deadline (null: none). */
  first(): number | null {
    return this.sorted[0]?.at ?? null;
  }

  /** Sets the deadline only while the entry still holds the lease `claimedUntil`. */
  settle(id: string, claimedUntil: number, at: number | null): void {
    if (this.byId.get(id) === claimedUntil) this.set(id, at);
  }

  /** Every entry, earliest first (a snapshot; `set` each back to restore). */
  entries(): [id: string, at: number][] {
    return this.sorted.map((d) => [d.id, d.at]);
  }

  /** First index whose entry is >= (at, id). */
  private indexOf(at: number, id: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = this.sorted[mid];
      if (e !== undefined && (e.at < at || (e.at === at && e.id < id))) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
