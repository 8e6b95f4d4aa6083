/**
 * Coalesces reads per key without ever answering a caller with a read issued before it asked: the
 * callers of one event-loop turn share one read, issued after that turn (`setImmediate`); a caller
 * that comes while that read is already on its way waits for the next one. So N joins of one game
 * arriving together cost one read, and each answer is at least as new as its request.
 */
export class FreshRead<T> {
  /** Per key: the read not yet issued, which new callers join. */
  private readonly pending = new Map<string, Promise<T>>();

  constructor(private readonly read: (key: string) => Promise<T>) {}

  get(key: string): Promise<T> {
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    const p = new Promise<T>((resolve, reject) => {
      setImmediate(() => {
        this.pending.delete(key);
        this.read(key).then(resolve, reject);
      });
    });
    this.pending.set(key, p);
    return p;
  }
}
