import { CLOSED_INVITES_KEPT_MS } from './store.js';

/**
 * Lua scripts of the seeks and of the per-player game counts. All their keys share the `{lobby}`
 * hash tag, so each script is atomic on a Cluster too, and every key is declared in KEYS.
 *
 * Seek scripts take KEYS in this order (redis-keys.ts `seekKeys`): [1] records hash id -> JSON
 * record {owner, settings, code, public, doc, expiresAt}, [2] public zset id -> sequence, [3] expiry
 * zset id -> expiresAt, [4] sequence counter, [5] invites hash code -> id, [6] owned hash
 * "owner\nsettings" -> id, [7] count hash owner -> open seeks, [8] mine hash owner -> its open seek
 * ids (space-separated, oldest first), [9] expired list: the records of the seeks `purge` removed,
 * until `TAKE_EXPIRED_SEEKS` takes them (so that one node announces each end), [10] targets hash
 * challenged player -> its open challenges' ids (space-separated), [11] closed invitations zset
 * code -> until when it is remembered (`CLOSED_INVITES_KEPT_MS` after it was taken or expired).
 * ARGV[1] is always `now`.
 */
const SEEK_LIB = `
local CLOSED_KEPT = ${CLOSED_INVITES_KEPT_MS}
local function list_in(key, field)
  local out = {}
  local s = redis.call('HGET', key, field)
  if s then for id in string.gmatch(s, '%S+') do out[#out + 1] = id end end
  return out
end
local function set_list(key, field, ids)
  if #ids == 0 then redis.call('HDEL', key, field) else redis.call('HSET', key, field, table.concat(ids, ' ')) end
end
local function without(ids, id)
  local kept = {}
  for _, x in ipairs(ids) do if x ~= id then kept[#kept + 1] = x end end
  return kept
end
local function ids_of(owner) return list_in(KEYS[8], owner) end
local function set_ids(owner, ids) set_list(KEYS[8], owner, ids) end
local function drop(id, now)
  local raw = redis.call('HGET', KEYS[1], id)
  redis.call('ZREM', KEYS[2], id)
  redis.call('ZREM', KEYS[3], id)
  if not raw then return false end
  local r = cjson.decode(raw)
  redis.call('HDEL', KEYS[1], id)
  if r.code ~= cjson.null and r.code ~= '' then
    redis.call('HDEL', KEYS[5], r.code)
    redis.call('ZADD', KEYS[11], tonumber(now) + CLOSED_KEPT, r.code)
  end
  redis.call('HDEL', KEYS[6], r.owner .. '\\n' .. r.settings)
  if redis.call('HINCRBY', KEYS[7], r.owner, -1) <= 0 then redis.call('HDEL', KEYS[7], r.owner) end
  set_ids(r.owner, without(ids_of(r.owner), id))
  if type(r.target) == 'string' then set_list(KEYS[10], r.target, without(list_in(KEYS[10], r.target), id)) end
  return raw
end
local function purge(now)
  redis.call('ZREMRANGEBYSCORE', KEYS[11], '-inf', now)
  local old = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now, 'LIMIT', 0, 100)
  for i = 1, #old do
    local raw = drop(old[i], now)
    if raw then redis.call('RPUSH', KEYS[9], raw) end
  end
end
`;

/**
 * ARGV[2] max open seeks per owner, [3] id, [4] owner, [5] settings, [6] code ('' = none),
 * [7] public '1'/'0', [8] expiresAt, [9] record, [10] the challenged player ('' = none), [11] max
 * open challenges per challenged player. Returns {1} stored, {0, record} the owner's open seek with
 * these settings, {-1} too many, {-2} id or code taken, {-3} the challenged player has too many.
 */
export const ADD_SEEK = `${SEEK_LIB}
purge(ARGV[1])
local owned = ARGV[4] .. '\\n' .. ARGV[5]
local same = redis.call('HGET', KEYS[6], owned)
if same then
  local raw = redis.call('HGET', KEYS[1], same)
  if raw then return {0, raw} end
end
if tonumber(redis.call('HGET', KEYS[7], ARGV[4]) or '0') >= tonumber(ARGV[2]) then return {-1} end
local challenged = ARGV[10] ~= '' and list_in(KEYS[10], ARGV[10]) or nil
if challenged and #challenged >= tonumber(ARGV[11]) then return {-3} end
if redis.call('HEXISTS', KEYS[1], ARGV[3]) == 1 then return {-2} end
if ARGV[6] ~= '' and redis.call('HEXISTS', KEYS[5], ARGV[6]) == 1 then return {-2} end
redis.call('HSET', KEYS[1], ARGV[3], ARGV[9])
redis.call('ZADD', KEYS[3], ARGV[8], ARGV[3])
if ARGV[7] == '1' then redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[4]), ARGV[3]) end
if ARGV[6] ~= '' then redis.call('HSET', KEYS[5], ARGV[6], ARGV[3]) end
redis.call('HSET', KEYS[6], owned, ARGV[3])
redis.call('HINCRBY', KEYS[7], ARGV[4], 1)
local mine = ids_of(ARGV[4])
mine[#mine + 1] = ARGV[3]
set_ids(ARGV[4], mine)
if challenged then
  challenged[#challenged + 1] = ARGV[3]
  set_list(KEYS[10], ARGV[10], challenged)
end
return {1}
`;

/** ARGV[2] challenged player. Returns the records of its open challenges. */
export const LIST_CHALLENGES_FOR = `${SEEK_LIB}
purge(ARGV[1])
local ids = list_in(KEYS[10], ARGV[2])
if #ids == 0 then return {} end
local out = {}
local raws = redis.call('HMGET', KEYS[1], unpack(ids))
for i = 1, #ids do if raws[i] then out[#out + 1] = raws[i] end end
return out
`;

/** ARGV[2] id. Removes the seek from every index; returns its record unless it had expired, or false. */
export const TAKE_SEEK = `${SEEK_LIB}
purge(ARGV[1])
return drop(ARGV[2], ARGV[1])
`;

/**
 * ARGV[2] limit, [3] how many not yet taken are kept at most. Returns the records of up to `limit`
 * expired seeks, oldest first, and removes them from the expired list (each is taken once).
 */
export const TAKE_EXPIRED_SEEKS = `${SEEK_LIB}
purge(ARGV[1])
redis.call('LTRIM', KEYS[9], -tonumber(ARGV[3]), -1)
local out = redis.call('LRANGE', KEYS[9], 0, tonumber(ARGV[2]) - 1)
if #out > 0 then redis.call('LTRIM', KEYS[9], #out, -1) end
return out
`;

/** ARGV[2] limit. Returns the records of the `limit` most recent public seeks, newest first. */
export const LIST_PUBLIC_SEEKS = `${SEEK_LIB}
purge(ARGV[1])
local ids = redis.call('ZREVRANGE', KEYS[2], 0, tonumber(ARGV[2]) - 1)
if #ids == 0 then return {} end
local out = {}
local raws = redis.call('HMGET', KEYS[1], unpack(ids))
for i = 1, #ids do if raws[i] then out[#out + 1] = raws[i] end end
return out
`;

/**
 * ARGV[2] owner. Returns the records of the owner's open seeks, oldest first. When the owner's ids
 * disagree with its count (seeks stored or taken by a server that kept no ids), they are found
 * again in the owned hash (any order then) and the ids are rewritten.
 */
export const LIST_SEEKS_OF = `${SEEK_LIB}
purge(ARGV[1])
local owner = ARGV[2]
local ids = ids_of(owner)
local live, out = {}, {}
if #ids > 0 then
  local raws = redis.call('HMGET', KEYS[1], unpack(ids))
  for i = 1, #ids do
    if raws[i] then live[#live + 1] = ids[i]; out[#out + 1] = raws[i] end
  end
end
local stale = #live ~= #ids
if #live ~= tonumber(redis.call('HGET', KEYS[7], owner) or '0') then
  stale, live, out = true, {}, {}
  local prefix, seen, cursor = owner .. '\\n', {}, '0'
  repeat
    local page = redis.call('HSCAN', KEYS[6], cursor, 'COUNT', 500)
    cursor = page[1]
    for i = 1, #page[2], 2 do
      local id = page[2][i + 1]
      if string.sub(page[2][i], 1, #prefix) == prefix and not seen[id] then
        seen[id] = true
        local raw = redis.call('HGET', KEYS[1], id)
        if raw then live[#live + 1] = id; out[#out + 1] = raw end
      end
    end
  until cursor == '0'
end
if stale then set_ids(owner, live) end
return out
`;

/** KEYS[1] invites hash, KEYS[2] records hash. ARGV[1] code. Returns the record or false. */
export const SEEK_BY_CODE = `
local id = redis.call('HGET', KEYS[1], ARGV[1])
if not id then return false end
return redis.call('HGET', KEYS[2], id)
`;

/**
 * ARGV[2] code. Returns 1 when an invitation with this code was taken or expired (the purge first
 * closes those that expired by `now`) less than `CLOSED_INVITES_KEPT_MS` ago, else 0.
 */
export const INVITE_CLOSED = `${SEEK_LIB}
purge(ARGV[1])
local remembered = redis.call('ZSCORE', KEYS[11], ARGV[2])
if remembered and tonumber(remembered) > tonumber(ARGV[1]) then return 1 end
return 0
`;

/**
 * KEYS: one games set per player. ARGV[1] game id, ARGV[2] max. Returns 0 when the game now
 * counts for every player, else the 1-based index of a player who already has max other games.
 */
export const RESERVE_GAME = `
for i = 1, #KEYS do
  if redis.call('SISMEMBER', KEYS[i], ARGV[1]) == 0 and redis.call('SCARD', KEYS[i]) >= tonumber(ARGV[2]) then
    return i
  end
end
for i = 1, #KEYS do redis.call('SADD', KEYS[i], ARGV[1]) end
return 0
`;
