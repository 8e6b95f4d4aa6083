/** A key's place in the queue: the promise the next task waits for, null when nothing is queued. */
interface Slot {
  tail: Promise<void> | null;
}

/**
 * Runs tasks one after another per key (one game's commands in order inside this process),
 * different keys concurrently. `idle()` resolves when nothing is queued (for shutdown).
 * A task whose key has nothing queued starts at once (no extra turn of the microtask queue: the
 * common case, one command of a game at a time, is on every move's path).
 *
 * A key's slot outlives its tasks and idle slots are swept in bulk, once the map has doubled: a
 * key added and deleted for every command made V8 rehash the long-lived map again and again, and
 * its replaced tables kept the commands' promises alive through young collections (see
 * second-chance-map.ts). Bounded: at most about twice the keys busy within one sweep.
 */
export class KeyedQueue {
  private readonly slots = new Map<string, Slot>();
  private sweepAt = 1024;

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      if (this.slots.size >= this.sweepAt) this.sweep();
      slot = { tail: null };
      this.slots.set(key, slot);
    }
    const s = slot;
    const result = s.tail === null ? task() : s.tail.then(task);
    const settled = (): void => {
      if (s.tail === tail) s.tail = null;
    };
    // the tail never rejects: the next task runs whatever this one's fate
    const tail: Promise<void> = result.then(settled, settled);
    s.tail = tail;
    return result;
  }

  /** Keys with a task queued or running. */
  get busy(): number {
    let n = 0;
    for (const s of this.slots.values()) if (s.tail !== null) n++;
    return n;
  }

  async idle(): Promise<void> {
    for (;;) {
      const tails = [...this.slots.values()].flatMap((s) => (s.tail === null ? [] : [s.tail]));
      if (tails.length === 0) return;
      await Promise.all(tails);
    }
  }

  private sweep(): void {
    for (const [key, s] of this.slots) if (s.tail === null) this.slots.delete(key);
    this.sweepAt = Math.max(1024, this.slots.size * 2);
  }
}
