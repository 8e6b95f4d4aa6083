/**
 * Collects the items queued in one synchronous run (e.g. the notices of a pairing wave's 500 games)
 * and sends them together at the end of it (a microtask): one message to the other nodes instead
 * of one per item. Order is kept; an item is never held longer than the current task.
 */
export function tickBatch<T>(send: (items: T[]) => void): (item: T) => void {
  let pending: T[] | null = null;
  return (item) => {
    if (pending) {
      pending.push(item);
      return;
    }
    pending = [item];
    queueMicrotask(() => {
      const items = pending ?? [];
      pending = null;
      send(items);
    });
  };
}
