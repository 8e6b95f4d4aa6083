/**
 * A map for bounded caches that evicts roughly the least recently used entries (CLOCK, or second
 * chance) without moving an entry on every access. An access marks its entry; eviction walks from
 * the oldest inserted, deletes unmarked entries and sends marked ones to the back once, unmarked.
 *
 * Why not `delete` then `set` on every access (the usual exact LRU on a Map): on a long-lived Map
 * that churn makes V8 rehash the Map's table over and over, each new table in the old generation
 * (as the Map is); a replaced table stays there until the next full collection, still pointing to
 * the values it held, so every young collection keeps those values alive and promotes them. With
 * the game memo, the move log cache and the command queue churning so, a young collection of the
 * game server under bench:server's load promoted some 2.3 MB (the games' docs and states of the
 * last second) and paused 6-7 ms; without the churn, 0.2-0.8 MB and 4-5 ms (measured with
 * auto-pipelining off, so that ioredis's own retention, ioredis-pipeline.ts, did not hide it).
 * Here a hit only sets a flag and an update replaces the value in place; the Map's order changes
 * only while entries are evicted.
 */
export class SecondChanceMap<K, V> {
  private readonly slots = new Map<K, { value: V; used: boolean }>();

  get size(): number {
    return this.slots.size;
  }

  /** The value, marking it used. */
  get(key: K): V | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined) return undefined;
    slot.used = true;
    return slot.value;
  }

  /** The value, without marking it. */
  peek(key: K): V | undefined {
    return this.slots.get(key)?.value;
  }

  /** Replaces a known key's value in place (marking it used), or adds the key at the back. */
  set(key: K, value: V): void {
    const slot = this.slots.get(key);
    if (slot === undefined) this.slots.set(key, { value, used: false });
    else {
      slot.value = value;
      slot.used = true;
    }
  }

  delete(key: K): boolean {
    return this.slots.delete(key);
  }

  /**
   * Evicts while `over()` holds: the oldest unmarked entry goes (`onEvict` is told), a marked one
   * is unmarked and sent to the back, where this walk meets it again (a Map's iteration visits the
   * keys added during it), so it ends with the map empty at worst.
   */
  evict(over: () => boolean, onEvict?: (key: K, value: V) => void): void {
    for (const [key, slot] of this.slots) {
      if (!over()) return;
      this.slots.delete(key);
      if (slot.used) {
        slot.used = false;
        this.slots.set(key, slot);
      } else onEvict?.(key, slot.value);
    }
  }
}
