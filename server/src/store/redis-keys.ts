/**
 * The Redis key layout (after the optional prefix). Braces are Cluster hash tags:
 *   game:{<id>}            hash: version, doc, log       game:{<id>}:moves  list of move entries
 *   {lobby}:deadlines      zset id -> epoch ms           {lobby}:games:active zset id -> listing sequence
 *   {lobby}:games:summaries hash id -> summary           {lobby}:games:seq  listing counter
 *   {lobby}:games:versions hash id -> version of the last index write (Cluster mode only)
 *   {lobby}:seeks          hash id -> seek record (JSON) {lobby}:seeks:public zset id -> sequence
 *   {lobby}:seeks:expiry   zset id -> expiresAt          {lobby}:seeks:seq  counter
 *   {lobby}:invites        hash code -> seek id          {lobby}:seeks:owned hash owner\nsettings -> seek id
 *   {lobby}:seeks:count    hash owner -> open seeks      {lobby}:playing:<player> set of game ids
 *   {lobby}:seeks:mine     hash owner -> its open seek ids, space-separated, oldest first
 *   {lobby}:seeks:expired  list of the records of expired seeks not yet announced (oldest first)
 *   {lobby}:seeks:targets  hash challenged player -> its open challenges' ids, space-separated
 *   {lobby}:invites:closed zset code -> until when the code of a closed invitation is remembered
 *   player:<id>            string with a TTL               game:{<id>}:analysis string with a TTL
 *   game:{<id>}:chat:<channel> capped list with a TTL, no longer than its game's once that has one
 *   tourn:{t:<id>}:lease   hash step, until, done: a tournament's lease (its pairing waves, its rounds)
 * One game's keys share a slot; every global structure shares the `{lobby}` slot, so each script
 * touches one slot and declares all its keys. Only a game commit spans two slots on a Cluster; it is
 * then written in steps (see redis-store.ts).
 */
export interface RedisKeys {
  game(id: string): readonly [string, string];
  readonly deadlines: string;
  readonly active: string;
  readonly summaries: string;
  readonly activeSeq: string;
  readonly indexVersions: string;
  /** Keys of the seek scripts, in their fixed KEYS order. */
  readonly seekKeys: readonly string[];
  readonly seeks: string;
  readonly invites: string;
  playing(player: string): string;
  player(id: string): string;
  /** One tournament's keys share the `{t:<id>}` slot. */
  tournamentLease(id: string): string;
}

export function redisKeys(prefix: string): RedisKeys {
  const lobby = `${prefix}{lobby}:`;
  const seeks = `${lobby}seeks`;
  const invites = `${lobby}invites`;
  return {
    game(id) {
      const g = `${prefix}game:{${id}}`;
      return [g, `${g}:moves`];
    },
    deadlines: `${lobby}deadlines`,
    active: `${lobby}games:active`,
    summaries: `${lobby}games:summaries`,
    activeSeq: `${lobby}games:seq`,
    indexVersions: `${lobby}games:versions`,
    seekKeys: [
      seeks,
      `${seeks}:public`,
      `${seeks}:expiry`,
      `${seeks}:seq`,
      invites,
      `${seeks}:owned`,
      `${seeks}:count`,
      `${seeks}:mine`,
      `${seeks}:expired`,
      `${seeks}:targets`,
      `${invites}:closed`,
    ],
    seeks,
    invites,
    playing: (player) => `${lobby}playing:${player}`,
    player: (id) => `${prefix}player:${id}`,
    tournamentLease: (id) => `${prefix}tourn:{t:${id}}:lease`,
  };
}
