/**
 * The distinct players connected (any node): for the lobby's count and the friends list. Asking
 * every node costs, so the set is cached for `ttlMs` and shared by concurrent callers.
 */
export function onlinePlayers(members: () => Promise<readonly string[]>, now: () => number, ttlMs = 5000): () => Promise<ReadonlySet<string>> {
  let cached: { at: number; players: Promise<ReadonlySet<string>> } | null = null;
  return () => {
    const t = now();
    if (cached === null || t - cached.at >= ttlMs) {
      const players = members().then((ids) => new Set(ids));
      cached = { at: t, players };
      // A failed read is not kept: the next caller asks again.
      players.catch(() => {
        if (cached?.players === players) cached = null;
      });
    }
    return cached.players;
  };
}

/** The number of distinct players connected (any node), for the lobby (cached as `onlinePlayers`). */
export function onlineCounter(members: () => Promise<readonly string[]>, now: () => number, ttlMs = 5000): () => Promise<number> {
  const players = onlinePlayers(members, now, ttlMs);
  return async () => (await players()).size;
}
