import { api } from './api.js';

/**
 * Who is a bot (an account playing through the Bot API), by lower-cased username: read once per
 * page load from `GET /api/bots`, on the first name asked about. Account usernames are unique in
 * any case and no guest may take one as a display name, so a name is enough.
 */
let names = $state<ReadonlySet<string>>(new Set());
let asked = false;

async function load(): Promise<void> {
  const r = await api<{ bots?: unknown }>('/api/bots');
  const list = r.ok && Array.isArray(r.data.bots) ? r.data.bots.filter((n): n is string => typeof n === 'string') : [];
  names = new Set(list.map((n) => n.toLowerCase()));
}

/** Whether `name` is a bot's (reactive: true once the list has come). */
export function isBot(name: string): boolean {
  if (!asked) {
    asked = true;
    void load();
  }
  return names.has(name.toLowerCase());
}
