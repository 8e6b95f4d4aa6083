/**
 * The number of distinct players connected (any node), for the lobby. Counting asks every node,
 * so the figure is cached for `ttlMs` and shared by concurrent callers.
 */
export function onlineCounter(members: () => Promise<readonly string[]>, now: () => number, ttlMs = 5000): () => Promise<number> {
  let cached: { at: number; count: Promise<number> } | null = null;
  return () => {
    const t = now();
    if (cached === null || t - cached.at >= ttlMs) {
      const count = members().then((ids) => new Set(ids).size);
      cached = { at: t, count };
      // A failed count is not kept: the next caller asks again.
      count.catch(() => {
        if (cached?.count === count) cached = null;
      });
    }
    return cached.count;
  };
}
