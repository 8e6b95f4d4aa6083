import { bySoonestExpiry, CLOSED_INVITES_KEPT_MS, EXPIRED_SEEKS_KEPT, type AddSeekResult, type StoredSeek } from './store.js';

const dedupeKey = (s: StoredSeek): string => `${s.owner}\n${s.settings}`;

/**
 * The seeks of the in-memory store: records, invitation codes, one open seek per owner and
 * settings, and expiry (expired seeks are deleted on the next call that sees them, and kept for
 * `takeExpired`).
 */
export class MemorySeeks {
  private readonly seeks = new Map<string, StoredSeek>();
  private readonly invites = new Map<string, string>();
  private readonly byOwnerSettings = new Map<string, string>();
  /** Each owner's open seek ids, in creation order. */
  private readonly byOwner = new Map<string, Set<string>>();
  /** Each challenged player's open challenges (seeks with a `target`). */
  private readonly byTarget = new Map<string, Set<string>>();
  /** Public seeks in listing order (insertion). */
  private readonly publicIds = new Set<string>();
  /** Codes of invitations taken or expired -> until when they are remembered (in that order: `now` only grows). */
  private readonly closedCodes = new Map<string, number>();
  /** Seeks deleted because they expired, oldest first, until `takeExpired` takes them. */
  private expired: StoredSeek[] = [];

  add(seek: StoredSeek, now: number, maxPerOwner: number, maxPerTarget = Infinity): AddSeekResult {
    this.purge(now);
    const existing = this.byOwnerSettings.get(dedupeKey(seek));
    const found = existing === undefined ? undefined : this.seeks.get(existing);
    if (found) return { ok: true, created: false, seek: { ...found } };
    if ((this.byOwner.get(seek.owner)?.size ?? 0) >= maxPerOwner) return { ok: false, reason: 'too-many' };
    if (seek.target !== undefined && (this.byTarget.get(seek.target)?.size ?? 0) >= maxPerTarget) return { ok: false, reason: 'target-full' };
    if (this.seeks.has(seek.id) || (seek.code !== null && this.invites.has(seek.code))) {
      throw new Error(`seek ${seek.id} already exists`);
    }
    this.seeks.set(seek.id, { ...seek });
    if (seek.code !== null) this.invites.set(seek.code, seek.id);
    if (seek.public) this.publicIds.add(seek.id);
    this.byOwnerSettings.set(dedupeKey(seek), seek.id);
    indexAdd(this.byOwner, seek.owner, seek.id);
    if (seek.target !== undefined) indexAdd(this.byTarget, seek.target, seek.id);
    return { ok: true, created: true, seek: { ...seek } };
  }

  get(id: string, now: number): StoredSeek | null {
    this.purge(now);
    const s = this.seeks.get(id);
    return s ? { ...s } : null;
  }

  byCode(code: string, now: number): StoredSeek | null {
    const id = this.invites.get(code);
    return id === undefined ? null : this.get(id, now);
  }

  take(id: string, now: number): StoredSeek | null {
    const s = this.get(id, now);
    if (s) this.remove(s, now);
    return s;
  }

  closed(code: string, now: number): boolean {
    this.purge(now);
    return (this.closedCodes.get(code) ?? now) > now;
  }

  listPublic(now: number, limit: number): StoredSeek[] {
    this.purge(now);
    if (limit <= 0) return [];
    const ids = [...this.publicIds];
    return ids.slice(Math.max(0, ids.length - limit)).flatMap((id) => this.get(id, now) ?? []);
  }

  listOf(owner: string, now: number): StoredSeek[] {
    this.purge(now);
    return [...(this.byOwner.get(owner) ?? [])].flatMap((id) => this.get(id, now) ?? []);
  }

  listFor(target: string, now: number): StoredSeek[] {
    this.purge(now);
    return bySoonestExpiry([...(this.byTarget.get(target) ?? [])].flatMap((id) => this.get(id, now) ?? []));
  }

  takeExpired(now: number, limit: number): StoredSeek[] {
    this.purge(now);
    return this.expired.splice(0, Math.max(0, limit));
  }

  /** Moves the seeks expired at `now` to the expired list (and forgets closed codes past their time); true when seeks expired. */
  purge(now: number): boolean {
    for (const [code, until] of this.closedCodes) {
      if (until > now) break;
      this.closedCodes.delete(code);
    }
    let any = false;
    for (const s of this.seeks.values()) {
      if (s.expiresAt > now) continue;
      this.remove(s, now);
      this.expired.push(s);
      any = true;
    }
    if (this.expired.length > EXPIRED_SEEKS_KEPT) this.expired = this.expired.slice(-EXPIRED_SEEKS_KEPT);
    return any;
  }

  /** Every seek, open (in creation order) and expired but not yet taken: a snapshot for `restore`. */
  dump(): { open: StoredSeek[]; expired: StoredSeek[]; closed: [string, number][] } {
    return { open: [...this.seeks.values()], expired: [...this.expired], closed: [...this.closedCodes] };
  }

  /** Puts back what `dump` gave (into an empty instance). */
  restore(d: { open: readonly StoredSeek[]; expired: readonly StoredSeek[]; closed?: readonly [string, number][] }): void {
    for (const s of d.open) this.add(s, -Infinity, Infinity);
    this.expired = [...d.expired];
    for (const [code, until] of d.closed ?? []) this.closedCodes.set(code, until);
  }

  private remove(s: StoredSeek, now: number): void {
    this.seeks.delete(s.id);
    this.publicIds.delete(s.id);
    if (s.code !== null) {
      this.invites.delete(s.code);
      this.closedCodes.set(s.code, now + CLOSED_INVITES_KEPT_MS);
    }
    this.byOwnerSettings.delete(dedupeKey(s));
    indexDelete(this.byOwner, s.owner, s.id);
    if (s.target !== undefined) indexDelete(this.byTarget, s.target, s.id);
  }
}

function indexAdd(index: Map<string, Set<string>>, key: string, id: string): void {
  const ids = index.get(key) ?? new Set<string>();
  index.set(key, ids.add(id));
}

function indexDelete(index: Map<string, Set<string>>, key: string, id: string): void {
  const ids = index.get(key);
  ids?.delete(id);
  if (ids?.size === 0) index.delete(key);
}
