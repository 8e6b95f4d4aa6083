import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Database } from '../db/database.js';

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** Where the generated keys are kept when none are configured. */
export type VapidSource = { readonly keys: VapidKeys } | { readonly dataDir: string } | { readonly db: Database };

const isKeys = (v: unknown): v is VapidKeys =>
  typeof v === 'object' && v !== null && typeof (v as VapidKeys).publicKey === 'string' && typeof (v as VapidKeys).privateKey === 'string';

/**
 * The server's VAPID keys: the configured ones (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), else generated
 * once and kept in the data folder (`vapid.json`, DATA_DIR), else in the database (one row every
 * node reads: the first to insert it wins). Keys that change would orphan every subscription.
 */
export async function vapidKeys(source: VapidSource): Promise<VapidKeys> {
  if ('keys' in source) return source.keys;
  if ('dataDir' in source) {
    const file = join(source.dataDir, 'vapid.json');
    const kept: unknown = await readFile(file, 'utf8').then(
      (t) => JSON.parse(t) as unknown,
      () => null,
    );
    if (isKeys(kept)) return kept;
    const keys = webpush.generateVAPIDKeys();
    await mkdir(source.dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    const written: unknown = JSON.parse(await readFile(file, 'utf8'));
    return isKeys(written) ? written : keys;
  }
  const fresh = webpush.generateVAPIDKeys();
  await source.db.query("INSERT INTO server_keys (name, value) VALUES ('vapid', $1) ON CONFLICT DO NOTHING", [JSON.stringify(fresh)]);
  const r = await source.db.query<{ value: string }>("SELECT value FROM server_keys WHERE name = 'vapid'");
  const stored: unknown = JSON.parse(r.rows[0]?.value ?? 'null');
  if (!isKeys(stored)) throw new Error('the stored VAPID keys are malformed');
  return stored;
}
