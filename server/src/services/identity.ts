import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { displayNameSchema, handshakeAuthSchema, idSchema, type Session } from '@progressive-chess/shared';
import { z } from 'zod';
import { DatabaseUnavailableError } from '../db/database.js';
import type { Store } from '../store/store.js';
import { newId } from '../ids.js';
import { fail, ServiceError } from './errors.js';
import { readsAsComputer } from './name-lookalike.js';

/** The stored player document: only a hash of the token is kept ('' once claimed by an account). */
interface PlayerDoc {
  readonly id: string;
  readonly name: string;
  readonly tokenHash: string;
  readonly createdAt: number;
  /** The account's username once this identity is claimed (then it plays under that name). */
  readonly account?: string;
}

const playerDocSchema = z.object({
  id: z.string(),
  name: z.string(),
  tokenHash: z.string(),
  createdAt: z.number(),
  account: z.string().optional(),
});

/** What identity needs from accounts (none: anonymous play only). */
export interface AccountDirectory {
  /** The account signed in by a `Cookie` header's session (`session`: that session's key), or null. */
  fromCookie(cookieHeader: string | undefined): Promise<{ playerId: string; username: string; session: string } | null>;
  /** The account of this username (case-insensitive), with the username as registered, or null. */
  accountNamed(name: string): Promise<{ playerId: string; username: string } | null>;
  /** Whether an account other than `playerId`'s has a username that looks like `name` (the same skeleton, name-lookalike.ts). */
  ownsLookAlike(name: string, playerId: string | null): Promise<boolean>;
}
/** An answer of the accounts that did not come: the database is unavailable. */
const AWAY = Symbol('accounts unavailable');


/** A display name normalised by the shared name schema, or `bad-name`. */
function validName(raw: string): string {
  const parsed = displayNameSchema.safeParse(raw);
  if (!parsed.success) fail('bad-name', parsed.error.issues[0]?.message ?? 'bad name');
  notTheComputer(parsed.data);
  return parsed.data;
}

/** `bad-name` for a name that reads as the computer player's in look-alike letters (`Cоmputer` with a Cyrillic о, `Cornputer`): the schema sees the plain ones. */
function notTheComputer(name: string): void {
  if (readsAsComputer(name)) fail('bad-name', "that name is the computer player's");
}

/** The player id a token names (`<id>.<secret>`), unverified; null when it is not an id. */
function tokenPlayerId(token: string): string | null {
  const id = token.split('.')[0] ?? '';
  return idSchema.safeParse(id).success ? id : null;
}

/**
 * The player a handshake's `auth.token` names, unverified: enough to refuse a handshake (a blocked or
 * full identity) before `authenticate` reads the store, never to accept one.
 */
export function claimedPlayerId(auth: unknown): string | null {
  const hs = handshakeAuthSchema.safeParse(auth ?? {});
  return hs.success && hs.data.token !== undefined ? tokenPlayerId(hs.data.token) : null;
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type Authenticated = Session & { readonly created: boolean; readonly session?: string };

export interface Identity {
  /**
   * Resolves the handshake: an account's session cookie (token '' in the answer), else `auth`'s
   * known token, else a new anonymous player, if `mayCreate` (the budget of new players of the
   * handshake's address) allows one. Throws `bad-token`, `bad-name`, or `rate-limited`.
   * `session`: the key of the account session that signed in (its connections end with it).
   */
  authenticate(auth: unknown, cookieHeader?: string, mayCreate?: () => Promise<boolean>): Promise<Authenticated>;
  setName(playerId: string, name: string): Promise<string>;
  /**
   * The player's name, asked for when the player is about to hold something (a seek, a game): it
   * keeps a new player's document for the full `playerTtlMs` (see `createIdentity`).
   */
  nameOf(playerId: string): Promise<string>;
  /** Whether the store knows the player as a guest (a document without an account): no need to ask the accounts about it. */
  isGuest(playerId: string): Promise<boolean>;
  /** The player id of a valid anonymous token (to claim it as an account). Throws `bad-token`. */
  verifyToken(token: string): Promise<string>;
  /** The identity now belongs to an account: it plays as `username` and its token stops working. */
  bindAccount(playerId: string, username: string): Promise<void>;
}

/** How long player documents are kept (limits.ts). */
export interface PlayerTtls {
  /** After the player was last seen (a handshake with its token, a rename, a seek or game it holds). */
  readonly playerTtlMs: number;
  /** A new player's document until then: a handshake without a token that never comes back costs little. */
  readonly newPlayerTtlMs: number;
}

/**
 * A player document lives `playerTtlMs` after the player was last seen (handshake with the token,
 * rename, a seek or a game it is about to hold: `nameOf`), then an anonymous token stops working; a
 * new player's document lives `newPlayerTtlMs` until it is first seen again (strangers can make
 * identities by the thousand, one per handshake without a token). An account's document is written
 * again from the account at its next signed-in handshake.
 */
export function createIdentity(store: Store, now: () => number, ttls: PlayerTtls, accounts?: AccountDirectory): Identity {
  const { playerTtlMs } = ttls;
  const newPlayerTtlMs = Math.min(ttls.newPlayerTtlMs, playerTtlMs);
  async function load(playerId: string, seen = false): Promise<PlayerDoc | null> {
    const raw = await store.getPlayer(playerId, seen ? playerTtlMs : undefined);
    if (raw === null) return null;
    const parsed = playerDocSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }

  /**
   * A name nobody else's account owns (accounts own their usernames, in any case), nor looks like
   * in other letters or in ASCII ones (`vіctim1` with a Cyrillic і, `victirn1`, `victiml` for `victim1`): the
   * accounts are looked up by the name's skeleton.
   */
  async function free(name: string, playerId: string | null): Promise<boolean> {
    return accounts ? !(await accounts.ownsLookAlike(name, playerId)) : true;
  }

  async function verifyToken(token: string, seen = false): Promise<PlayerDoc> {
    const playerId = tokenPlayerId(token);
    const doc = playerId !== null ? await load(playerId, seen) : null;
    if (doc === null || !sameHash(doc.tokenHash, sha256(token))) fail('bad-token', 'unknown or forged token');
    return doc;
  }

  /** The accounts cannot be reached (database down): the caller goes on as a guest, and says so (`accountsUnavailable`). */
  const away = <T>(p: Promise<T>): Promise<T | typeof AWAY> =>
    p.catch((e: unknown) => (e instanceof DatabaseUnavailableError ? AWAY : Promise.reject(e)));

  async function signedIn(cookieHeader: string | undefined): Promise<Authenticated | null | typeof AWAY> {
    const acc = accounts ? await away(accounts.fromCookie(cookieHeader)) : null;
    if (acc === null || acc === AWAY) return acc;
    const doc = await load(acc.playerId, true);
    if (doc === null || doc.name !== acc.username || doc.account !== acc.username) {
      const fresh: PlayerDoc = { id: acc.playerId, name: acc.username, tokenHash: '', createdAt: doc?.createdAt ?? now(), account: acc.username };
      await store.putPlayer(acc.playerId, JSON.stringify(fresh), playerTtlMs);
    }
    return { playerId: acc.playerId, token: '', name: acc.username, created: false, session: acc.session };
  }

  async function create(wanted: string | undefined): Promise<Session & { created: boolean }> {
    // a wanted name that cannot be checked against the accounts is not granted (a guest name instead)
    const granted = wanted === undefined ? false : await away(free(wanted, null));
    const name = granted === true ? wanted : undefined;
    const id = newId();
    const token = `${id}.${randomBytes(24).toString('base64url')}`;
    const doc: PlayerDoc = {
      id,
      name: name ?? `Guest ${randomInt(1000, 10000)}`,
      tokenHash: sha256(token),
      createdAt: now(),
    };
    await store.putPlayer(id, JSON.stringify(doc), newPlayerTtlMs);
    return { playerId: id, token, name: doc.name, created: true, ...(granted === AWAY ? { accountsUnavailable: true } : {}) };
  }

  /** A handshake's anonymous player: `auth`'s known token, else a new one. */
  async function guest(auth: unknown, mayCreate?: () => Promise<boolean>): Promise<Session & { created: boolean }> {
    const hs = handshakeAuthSchema.safeParse(auth ?? {});
    if (!hs.success) fail('bad-token', 'malformed handshake');
    const { token, name } = hs.data;
    // The name matters only for a new player (a known token keeps its stored name).
    if (token === undefined) {
      const wanted = name === undefined ? undefined : validName(name);
      if (mayCreate !== undefined && !(await mayCreate())) fail('rate-limited', 'too many new players from this address: try again later');
      return create(wanted);
    }
    const doc = await verifyToken(token, true);
    return { playerId: doc.id, token, name: doc.name, created: false };
  }

  return {
    async authenticate(auth, cookieHeader, mayCreate) {
      const account = await signedIn(cookieHeader);
      if (account !== null && account !== AWAY) return account;
      if (account === null) return guest(auth, mayCreate);
      // The cookie could not be checked. Its browser's token is most often the identity the account
      // claimed (it stopped working then): a new guest rather than a refusal and a second handshake.
      const session = await guest(auth, mayCreate).catch((e: unknown) =>
        e instanceof ServiceError && e.code === 'bad-token' ? guest({}, mayCreate) : Promise.reject(e),
      );
      return { ...session, accountsUnavailable: true };
    },

    async setName(playerId, name) {
      const doc = await load(playerId);
      if (doc === null) fail('bad-token', 'unknown player');
      if (doc.account !== undefined && doc.account !== name) fail('name-taken', 'an account plays under its username');
      notTheComputer(name);
      if (!(await free(name, playerId))) fail('name-taken', 'that name is the username of an account');
      await store.putPlayer(playerId, JSON.stringify({ ...doc, name }), playerTtlMs);
      return name;
    },

    async verifyToken(token) {
      return (await verifyToken(token)).id;
    },

    async bindAccount(playerId, username) {
      const doc = await load(playerId);
      const base = doc ?? { id: playerId, createdAt: now() };
      await store.putPlayer(playerId, JSON.stringify({ ...base, name: username, tokenHash: '', account: username }), playerTtlMs);
    },

    async isGuest(playerId) {
      const doc = await load(playerId);
      return doc !== null && doc.account === undefined;
    },

    async nameOf(playerId) {
      return (await load(playerId, true))?.name ?? 'Anonymous';
    },
  };
}
