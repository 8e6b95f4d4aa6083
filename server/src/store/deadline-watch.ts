import type { Store } from './store.js';

/** The store's methods that write a game's deadline. */
type Writes = Pick<Store, 'createGame' | 'createGames' | 'commitGame' | 'settleClaim'>;

/**
 * The store, telling `written` of every deadline this node writes once the write is done (the
 * deadline worker sleeps until the earliest deadline it knows of: this is how it learns of a new
 * one). Every other method is the store's own, unchanged; a refused or failed write tells nothing.
 */
export function watchDeadlines(store: Store, written: (at: number) => void): Store {
  const tell = (at: number | null | undefined): void => {
    if (typeof at === 'number') written(at);
  };
  const writes: Writes = {
    async createGame(id, write) {
      await store.createGame(id, write);
      tell(write.deadline);
    },
    async createGames(games) {
      const created = await store.createGames(games);
      games.forEach((g, i) => {
        if (created[i] === true) tell(g.write.deadline);
      });
      return created;
    },
    async commitGame(id, expectedVersion, write) {
      const r = await store.commitGame(id, expectedVersion, write);
      if (r.ok) tell(write.deadline);
      return r;
    },
    async settleClaim(id, claimedUntil, deadline) {
      await store.settleClaim(id, claimedUntil, deadline);
      tell(deadline);
    },
  };
  const own = new Map<PropertyKey, unknown>(Object.entries(writes));
  // each method bound to the store once (and again if the store's own is replaced: a test's fault injection)
  const bound = new Map<PropertyKey, { readonly of: unknown; readonly f: unknown }>();
  // (over an empty object: a proxy of the store itself could not answer a bound method for a frozen property)
  return new Proxy({} as Store, {
    get(_, name) {
      if (own.has(name)) return own.get(name);
      const value: unknown = Reflect.get(store, name, store);
      if (typeof value !== 'function') return value;
      const known = bound.get(name);
      if (known?.of === value) return known.f;
      const f: unknown = (value as (...args: unknown[]) => unknown).bind(store);
      bound.set(name, { of: value, f });
      return f;
    },
  });
}
