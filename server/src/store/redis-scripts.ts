/**
 * Lua scripts of the Redis store. Every multi-key write is one script, so it is atomic.
 * Key order is fixed per script (see the KEYS comments); redis-store.ts builds the keys.
 */

/**
 * Shared tail of create and commit: deadline and active-list bookkeeping.
 * KEYS[3] deadlines zset, KEYS[4] active zset (score = listing sequence), KEYS[5] summaries hash,
 * KEYS[6] active sequence counter. ARGV[1] id, ARGV[3] doc, ARGV[4] has deadline '1'/'0',
 * ARGV[5] deadline, ARGV[6] summary '1' set / '0' remove / '2' keep as is, ARGV[7] summary, ARGV[8..] moves.
 */
const SIDE_EFFECTS = `
local function side_effects()
  for i = 8, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
  if ARGV[4] == '1' then
    redis.call('ZADD', KEYS[3], ARGV[5], ARGV[1])
  else
    redis.call('ZREM', KEYS[3], ARGV[1])
  end
  if ARGV[6] == '1' then
    if not redis.call('ZSCORE', KEYS[4], ARGV[1]) then
      redis.call('ZADD', KEYS[4], redis.call('INCR', KEYS[6]), ARGV[1])
    end
    redis.call('HSET', KEYS[5], ARGV[1], ARGV[7])
  elseif ARGV[6] == '0' then
    redis.call('ZREM', KEYS[4], ARGV[1])
    redis.call('HDEL', KEYS[5], ARGV[1])
  end
end
`;

/**
 * KEYS[1] game hash, KEYS[2] moves list, then as above; ARGV[2] a random log id (it tells a
 * node's move-log cache that the list is the one it cached). Returns 1, or 0 when the game exists.
 */
export const CREATE_GAME = `${SIDE_EFFECTS}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'version', 1, 'doc', ARGV[3], 'log', ARGV[2])
side_effects()
return 1
`;

/**
 * Compare-and-set commit. ARGV[2] expected version.
 * Returns {1, newVersion, move-log length}, {0, currentVersion} on conflict, or {-1} when the game does not exist.
 */
export const COMMIT_GAME = `${SIDE_EFFECTS}
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {-1} end
if current ~= ARGV[2] then return {0, tonumber(current)} end
local v = redis.call('HINCRBY', KEYS[1], 'version', 1)
redis.call('HSET', KEYS[1], 'doc', ARGV[3])
side_effects()
return {1, v, redis.call('LLEN', KEYS[2])}
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
 * Returns the due ids, earliest first, and moves each to the lease end (a claim is a lease).
 */
export const CLAIM_DUE = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for i = 1, #due do redis.call('ZADD', KEYS[1], ARGV[3], due[i]) end
return due
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

/** KEYS[1] active zset, KEYS[2] summaries hash. ARGV[1] limit. Returns {id, summary, id, summary...}. */
export const LIST_ACTIVE = `
local ids = redis.call('ZREVRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)
local out = {}
for i = 1, #ids do
  local s = redis.call('HGET', KEYS[2], ids[i])
  if s then out[#out + 1] = ids[i]; out[#out + 1] = s end
end
return out
`;

/**
 * KEYS[1] seek hash, KEYS[2] public seeks zset, KEYS[3] seek sequence counter.
 * ARGV[1] id, ARGV[2] code ('' = none), ARGV[3] public '1'/'0', ARGV[4] doc, ARGV[5] invite key prefix.
 * Invite keys are derived from the code, so they are built here (single-node Redis only).
 */
export const PUT_SEEK = `
local old = redis.call('HGET', KEYS[1], 'code')
if old and old ~= '' and old ~= ARGV[2] then redis.call('DEL', ARGV[5] .. old) end
redis.call('HSET', KEYS[1], 'code', ARGV[2], 'public', ARGV[3], 'doc', ARGV[4])
if ARGV[2] ~= '' then redis.call('SET', ARGV[5] .. ARGV[2], ARGV[1]) end
if ARGV[3] == '1' then
  if not redis.call('ZSCORE', KEYS[2], ARGV[1]) then
    redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), ARGV[1])
  end
else
  redis.call('ZREM', KEYS[2], ARGV[1])
end
return 1
`;

/** KEYS[1] seek hash, KEYS[2] public seeks zset. ARGV[1] id, ARGV[2] invite key prefix. Returns {code, public, doc} or {}. */
export const TAKE_SEEK = `
local s = redis.call('HMGET', KEYS[1], 'code', 'public', 'doc')
if not s[3] then return {} end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if s[1] ~= '' then redis.call('DEL', ARGV[2] .. s[1]) end
return s
`;

/** KEYS[1] invite key. ARGV[1] seek key prefix. Returns {id, code, public, doc} or {}. */
export const SEEK_BY_CODE = `
local id = redis.call('GET', KEYS[1])
if not id then return {} end
local s = redis.call('HMGET', ARGV[1] .. id, 'code', 'public', 'doc')
if not s[3] then return {} end
return {id, s[1], s[2], s[3]}
`;

/** KEYS[1] public seeks zset. ARGV[1] seek key prefix. Returns {id, code, public, doc, ...} oldest first. */
export const LIST_PUBLIC_SEEKS = `
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
local out = {}
for i = 1, #ids do
  local s = redis.call('HMGET', ARGV[1] .. ids[i], 'code', 'public', 'doc')
  if s[3] then out[#out + 1] = ids[i]; out[#out + 1] = s[1]; out[#out + 1] = s[2]; out[#out + 1] = s[3] end
end
return out
`;
