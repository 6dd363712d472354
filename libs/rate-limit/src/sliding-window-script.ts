/**
 * One atomic step of a sliding-window log: forget the admissions older than the window,
 * admit the request if fewer than the limit remain, and say how long until the oldest
 * admission leaves the window. Time is Redis's own (TIME), so every gateway replica
 * counts on one clock. Times are whole milliseconds: a Lua number passed to Redis is
 * written with 14 significant digits, which milliseconds since 1970 fit and microseconds
 * do not.
 *
 * KEYS[1]: the subject's log (a sorted set, scores are admission times).
 * ARGV: limit, window in ms, a member unique to this request.
 * Returns { admitted (0 or 1), admissions in the window, ms until the oldest leaves it }.
 */
export const SLIDING_WINDOW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local admitted = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  admitted = 1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local wait = 0
if oldest[2] then wait = tonumber(oldest[2]) + window - now end
return { admitted, count, wait }
`;
