/**
 * Lua scripts of the Redis store. Every multi-key write is one script, so it is atomic.
 * Every key a script touches is declared in KEYS (none is built inside Lua), in a fixed order per
 * script (see the KEYS comments); redis-keys.ts names them.
 */

/**
 * Shared parts of create and commit. ARGV[1] id, ARGV[2] expected version (commit) or new log id
 * (create), ARGV[3] doc, ARGV[4] deadline '1' set / '0' remove / '2' keep as is, ARGV[5] deadline,
 * ARGV[6] summary '1' set / '0' remove / '2' keep as is, ARGV[7] summary, ARGV[8] expiry: ms to
 * expire after, 'p' persist, '' keep as is; ARGV[9] channel ('' none) and ARGV[10] message that
 * a commit publishes once it is made (the event's relay to the other nodes); ARGV[11] the length
 * the move log is cut to first ('' = not cut: a takeback cuts it) and ARGV[12] the cut log's new log
 * id (readers that cached the old log load it whole again); ARGV[13..] moves.
 * `game_effects` writes the game's own keys (KEYS[1] hash, KEYS[2] moves list; an expiry also
 * reaches its two chat lists, whose names are passed in: a game's chat leaves with it, the chat's
 * own TTL only outlives a game that stays) and returns the log's new length (nil when no move was
 * appended and none cut); `index_effects` the deadline and listing
 * indexes (deadlines zset, active zset with score = listing sequence, summaries hash, sequence
 * counter), whose names are passed in. Every "keep" spares a call: the server sends it for what
 * did not change, and most moves change little.
 */
const EFFECTS = `
local function game_effects(chat_players, chat_spectators)
  local length = nil
  if ARGV[11] ~= '' then
    local keep = tonumber(ARGV[11])
    if keep < 1 then redis.call('DEL', KEYS[2]) else redis.call('LTRIM', KEYS[2], 0, keep - 1) end
    redis.call('HSET', KEYS[1], 'log', ARGV[12])
    length = redis.call('LLEN', KEYS[2])
  end
  if #ARGV >= 13 then length = redis.call('RPUSH', KEYS[2], unpack(ARGV, 13)) end
  if ARGV[8] == 'p' then
    redis.call('PERSIST', KEYS[1]); redis.call('PERSIST', KEYS[2])
  elseif ARGV[8] ~= '' then
    redis.call('PEXPIRE', KEYS[1], ARGV[8]); redis.call('PEXPIRE', KEYS[2], ARGV[8])
    redis.call('PEXPIRE', chat_players, ARGV[8]); redis.call('PEXPIRE', chat_spectators, ARGV[8])
  end
  return length
end
local function index_effects(deadlines, active, summaries, seq)
  if ARGV[4] == '1' then
    redis.call('ZADD', deadlines, ARGV[5], ARGV[1])
  elseif ARGV[4] == '0' then
    redis.call('ZREM', deadlines, ARGV[1])
  end
  if ARGV[6] == '1' then
    if not redis.call('ZSCORE', active, ARGV[1]) then
      redis.call('ZADD', active, redis.call('INCR', seq), ARGV[1])
    end
    redis.call('HSET', summaries, ARGV[1], ARGV[7])
  elseif ARGV[6] == '0' then
    redis.call('ZREM', active, ARGV[1])
    redis.call('HDEL', summaries, ARGV[1], ARGV[1] .. '#w')
  end
end
`;

/** Single Redis: the game and its index entries in one script (KEYS[3..6] as in `index_effects`, KEYS[7..8] its chat lists). */
const BOTH = `local length = game_effects(KEYS[7], KEYS[8]); index_effects(KEYS[3], KEYS[4], KEYS[5], KEYS[6])`;
/** Cluster: the game's own slot only (KEYS[3..4] its chat lists); the indexes follow with INDEX_GAME. */
const GAME_ONLY = `local length = game_effects(KEYS[3], KEYS[4])`;

/** KEYS[1] game hash, KEYS[2] moves list (then the indexes). Returns 1, or 0 when the game exists. */
const create = (effects: string): string => `${EFFECTS}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'version', 1, 'doc', ARGV[3], 'log', ARGV[2])
${effects}
return 1
`;

/**
 * Compare-and-set commit on ARGV[2], the expected version, then the relay's SPUBLISH (the room's shard channel). Returns
 * {1, newVersion, move-log length} ({1, newVersion} when no move was appended), {0,
 * currentVersion} on conflict, or {-1} when the game does not exist.
 */
const commit = (effects: string): string => `${EFFECTS}
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {-1} end
if current ~= ARGV[2] then return {0, tonumber(current)} end
local v = tonumber(current) + 1
redis.call('HSET', KEYS[1], 'version', v, 'doc', ARGV[3])
${effects}
if ARGV[9] ~= '' then redis.call('SPUBLISH', ARGV[9], ARGV[10]) end
if length then return {1, v, length} end
return {1, v}
`;

/**
 * A commit that changes only the game's own hash and log (most moves: no deadline, listing or
 * expiry change and no takeback, `RedisStore.commitGame`): the same compare-and-set and effects as
 * COMMIT_GAME with every "keep as is", with 2 keys and 4 arguments instead of 8 and 12 (each one
 * costs the client on every move). KEYS[1] game hash, KEYS[2] moves list; ARGV[1] expected
 * version, ARGV[2] doc, ARGV[3] channel ('' none) and ARGV[4] message of the relay, ARGV[5..]
 * moves. Returns as COMMIT_GAME.
 */
export const COMMIT_PLAIN = `
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {-1} end
if current ~= ARGV[1] then return {0, tonumber(current)} end
local v = tonumber(current) + 1
redis.call('HSET', KEYS[1], 'version', v, 'doc', ARGV[2])
local length = nil
if #ARGV >= 5 then length = redis.call('RPUSH', KEYS[2], unpack(ARGV, 5)) end
if ARGV[3] ~= '' then redis.call('SPUBLISH', ARGV[3], ARGV[4]) end
if length then return {1, v, length} end
return {1, v}
`;

export const CREATE_GAME = create(BOTH);
export const COMMIT_GAME = commit(BOTH);
export const CREATE_GAME_ONLY = create(GAME_ONLY);
export const COMMIT_GAME_ONLY = commit(GAME_ONLY);

/**
 * Cluster: the index entries of a committed version. KEYS[1] deadlines, KEYS[2] active, KEYS[3]
 * summaries, KEYS[4] sequence, KEYS[5] versions hash; ARGV as above with ARGV[2] the version
 * committed. Applied only when newer than the last applied one (commits of two nodes may reach
 * this step out of order). Returns 1 when applied.
 */
export const INDEX_GAME = `${EFFECTS}
local last = redis.call('HGET', KEYS[5], ARGV[1])
if last and tonumber(last) >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[5], ARGV[1], ARGV[2])
index_effects(KEYS[1], KEYS[2], KEYS[3], KEYS[4])
return 1
`;

/**
 * Cluster, before a commit: KEYS[1] deadlines. ARGV[1] id, ARGV[2] the coming deadline. Moves the
 * entry earlier only, so a node that dies between the commit and INDEX_GAME leaves an entry that
 * comes due too early (the resolver settles it), never one that misses a deadline.
 */
export const LOWER_DEADLINE = `
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if s and tonumber(s) <= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
return 1
`;

/**
 * KEYS[1] game hash, KEYS[2] moves list. ARGV[1] the log id the caller has cached ('' = none),
 * ARGV[2] how many entries it has. Returns {version, doc, log id, start, moves from start...}
 * (start = ARGV[2] when the log id matches, else 0), or {} when there is no such game.
 */
export const LOAD_GAME = `
local g = redis.call('HMGET', KEYS[1], 'version', 'doc', 'log')
if not g[1] then return {} end
local start = 0
if g[3] and g[3] ~= '' and g[3] == ARGV[1] then start = tonumber(ARGV[2]) end
local out = {g[1], g[2], g[3] or '', start}
local moves = redis.call('LRANGE', KEYS[2], start, -1)
for i = 1, #moves do out[#out + 1] = moves[i] end
return out
`;

/** KEYS[1] game hash, KEYS[2] moves list. Returns {version, doc, move count} or {}. */
export const LOAD_HEAD = `
local g = redis.call('HMGET', KEYS[1], 'version', 'doc')
if not g[1] then return {} end
return {g[1], g[2], redis.call('LLEN', KEYS[2])}
`;

/**
 * KEYS[1] deadlines zset. ARGV[1] now, ARGV[2] limit, ARGV[3] lease end (now + leaseMs).
 * Moves each due id, earliest first, to the lease end (a claim is a lease). Returns the earliest
 * score left after that ('' when the set is empty), then the ids.
 */
export const CLAIM_DUE = `
local limit = tonumber(ARGV[2])
local due = {}
if limit > 0 then due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, limit) end
for i = 1, #due do redis.call('ZADD', KEYS[1], ARGV[3], due[i]) end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local out = {first[2] or ''}
for i = 1, #due do out[i + 1] = due[i] end
return out
`;

/**
 * KEYS[1] deadlines zset. ARGV[1] id, ARGV[2] lease end, ARGV[3] new deadline ('' = none).
 * Changes the entry only while it still holds that lease (no commit moved it since).
 */
export const SETTLE_CLAIM = `
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not s or tonumber(s) ~= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then redis.call('ZREM', KEYS[1], ARGV[1]) else redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
return 1
`;

/**
 * KEYS[1] active zset, KEYS[2] summaries hash (a listed game's spectator count under `<id>#w`).
 * ARGV[1] limit. Returns {id, summary, spectators, id, summary, spectators...}.
 */
export const LIST_ACTIVE = `
local ids = redis.call('ZREVRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)
local out = {}
for i = 1, #ids do
  local s = redis.call('HGET', KEYS[2], ids[i])
  if s then out[#out + 1] = ids[i]; out[#out + 1] = s; out[#out + 1] = redis.call('HGET', KEYS[2], ids[i] .. '#w') or '0' end
end
return out
`;

/**
 * A chat line: KEYS[1] the channel's list, KEYS[2] its game's hash; ARGV[1] the line, ARGV[2] the
 * cap, ARGV[3] the channel's TTL in ms, shortened to the game's own when the game expires sooner.
 */
export const APPEND_CHAT = `
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[2]), -1)
local ttl = tonumber(ARGV[3])
local game = redis.call('PTTL', KEYS[2])
if game > 0 and game < ttl then ttl = game end
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
`;

/** KEYS[1] active zset, KEYS[2] summaries hash. ARGV[1] id, ARGV[2] spectator count: set only while the game is listed. */
export const COUNT_SPECTATORS = `
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then redis.call('HSET', KEYS[2], ARGV[1] .. '#w', ARGV[2]) end
return 1
`;

/**
 * KEYS[1] the tournament's lease hash (step, until, done). ARGV[1] step, ARGV[2] now, ARGV[3]
 * lease ms, ARGV[4] how long the hash is kept. Returns 1 when claimed (see Store.claimTournamentStep).
 */
export const CLAIM_TOURNAMENT_STEP = `
local held = redis.call('HMGET', KEYS[1], 'step', 'until', 'done')
local step = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
if held[1] then
  if tonumber(held[2]) > now then return 0 end
  local s = tonumber(held[1])
  if step < s or (step == s and held[3] == '1') then return 0 end
end
redis.call('HSET', KEYS[1], 'step', ARGV[1], 'until', now + tonumber(ARGV[3]), 'done', '0')
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`;

/** KEYS[1] the tournament's lease hash; ARGV[1] step: completed and freed when it is the step claimed. */
export const COMPLETE_TOURNAMENT_STEP = `
if redis.call('HGET', KEYS[1], 'step') == ARGV[1] then redis.call('HSET', KEYS[1], 'until', '0', 'done', '1') end
return 1
`;

/**
 * Single Redis, `Store.createGames`: many games in one script, each reserved (`RESERVE_GAME`) then
 * created (`CREATE_GAME`), both run as they are inside functions whose KEYS and ARGV are the game's
 * own. ARGV[1] n; ARGV[2..3n+1] per game: its player sets' count, its game keys' count, its create
 * arguments' count; then per game its create arguments (ARGV[1] of them is its id). KEYS per game:
 * its player sets, then its game keys (as CREATE_GAME's). Returns per game 1 created, 0 it existed.
 */
export const CREATE_GAMES = (reserve: string): string => `
local function reserve_one(KEYS, ARGV)
${reserve}
end
local function create_one(KEYS, ARGV)
${CREATE_GAME}
end
local n = tonumber(ARGV[1])
local k, a = 0, 1 + 3 * n
local out = {}
for i = 1, n do
  local p, g, c = tonumber(ARGV[3 * i - 1]), tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1])
  local players, keys, args = {}, {}, {}
  for j = 1, p do players[j] = KEYS[k + j] end
  k = k + p
  for j = 1, g do keys[j] = KEYS[k + j] end
  k = k + g
  for j = 1, c do args[j] = ARGV[a + j] end
  a = a + c
  reserve_one(players, {args[1], '9007199254740991'})
  out[i] = create_one(keys, args)
end
return out
`;
