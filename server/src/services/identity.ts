import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { displayNameSchema, idSchema, type Session } from '@progressive-chess/shared';
import { z } from 'zod';
import type { Store } from '../store/store.js';
import { newId } from '../ids.js';
import { fail } from './errors.js';

/** The stored player document: only a hash of the token is kept. */
interface PlayerDoc {
  readonly id: string;
  readonly name: string;
  readonly tokenHash: string;
  readonly createdAt: number;
}

const playerDocSchema = z.object({ id: z.string(), name: z.string(), tokenHash: z.string(), createdAt: z.number() });
const handshakeSchema = z.object({
  token: z.string().max(200).optional(),
  name: z.string().optional(),
});

/** A display name normalised by the shared name schema, or `bad-name`. */
function validName(raw: string): string {
  const parsed = displayNameSchema.safeParse(raw);
  if (!parsed.success) fail('bad-name', parsed.error.issues[0]?.message ?? 'bad name');
  return parsed.data;
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface Identity {
  /** Resolves the handshake `auth`: a known token, or a new anonymous player. Throws `bad-token`. */
  authenticate(auth: unknown): Promise<Session & { created: boolean }>;
  setName(playerId: string, name: string): Promise<string>;
  nameOf(playerId: string): Promise<string>;
}

/**
 * Players are anonymous: a player document lives `playerTtlMs` after the player was last seen
 * (handshake with the token, rename), then the token stops working.
 */
export function createIdentity(store: Store, now: () => number, playerTtlMs: number): Identity {
  async function load(playerId: string, seen = false): Promise<PlayerDoc | null> {
    const raw = await store.getPlayer(playerId, seen ? playerTtlMs : undefined);
    if (raw === null) return null;
    const parsed = playerDocSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }

  async function create(name: string | undefined): Promise<Session & { created: boolean }> {
    const id = newId();
    const token = `${id}.${randomBytes(24).toString('base64url')}`;
    const doc: PlayerDoc = {
      id,
      name: name ?? `Guest ${randomInt(1000, 10000)}`,
      tokenHash: sha256(token),
      createdAt: now(),
    };
    await store.putPlayer(id, JSON.stringify(doc), playerTtlMs);
    return { playerId: id, token, name: doc.name, created: true };
  }

  return {
    async authenticate(auth) {
      const hs = handshakeSchema.safeParse(auth ?? {});
      if (!hs.success) fail('bad-token', 'malformed handshake');
      const { token, name } = hs.data;
      // The name matters only for a new player (a known token keeps its stored name).
      if (token === undefined) return create(name === undefined ? undefined : validName(name));
      const playerId = token.split('.')[0] ?? '';
      const doc = idSchema.safeParse(playerId).success ? await load(playerId, true) : null;
      if (doc === null || !sameHash(doc.tokenHash, sha256(token))) fail('bad-token', 'unknown or forged token');
      return { playerId: doc.id, token, name: doc.name, created: false };
    },

    async setName(playerId, name) {
      const doc = await load(playerId);
      if (doc === null) fail('bad-token', 'unknown player');
      await store.putPlayer(playerId, JSON.stringify({ ...doc, name }), playerTtlMs);
      return name;
    },

    async nameOf(playerId) {
      return (await load(playerId))?.name ?? 'Anonymous';
    },
  };
}
