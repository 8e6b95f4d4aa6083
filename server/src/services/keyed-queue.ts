/**
 * Runs tasks one after another per key (one game's commands in order inside this process),
 * different keys concurrently. `idle()` resolves when nothing is queued (for shutdown).
 * A task whose key has nothing queued starts at once (no extra turn of the microtask queue: the
 * common case, one command of a game at a time, is on every move's path).
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key);
    const result = prev === undefined ? task() : prev.then(task);
    const settled = (): void => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
    // the tail never rejects: the next task runs whatever this one's fate
    const tail: Promise<void> = result.then(settled, settled);
    this.tails.set(key, tail);
    return result;
  }

  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
