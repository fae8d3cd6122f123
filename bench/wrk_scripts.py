"""The wrk Lua scripts of bench/bench_http.py: every one reports its own percentiles.

wrk calls a script's `request()` once on its first thread to check it, and sends nothing for
that call; the record script therefore changes no state in `request()` and learns each
game's next version from the ETag of the answer, so no write is refused as stale because of
a request that was never sent.
"""

from __future__ import annotations

import json
from pathlib import Path

# wrk's latency histogram is in microseconds; one line that bench_http.py reads back.
DONE = """
local all_threads = {}
function setup(thread)
  thread:set("tid", #all_threads)
  table.insert(all_threads, thread)
end
function done(summary, latency, requests)
  local e = summary.errors
  for _, t in ipairs(all_threads) do
    local bad = t:get("bad_statuses")
    if bad and bad ~= "" then io.write("NON2XX " .. bad .. "\\n") end
  end
  io.write(string.format("BENCH %d %d %d %d %d %d %d %d\\n", summary.requests,
    summary.duration, latency:percentile(50), latency:percentile(99),
    latency:percentile(99.9), latency.max, e.status,
    e.connect + e.read + e.write + e.timeout))
end
"""

READ = DONE

INSERT = (
    """
wrk.method = "POST"
wrk.body = '{"name": "a row"}'
wrk.headers["Content-Type"] = "application/json"
"""
    + DONE
)

RECORD = (  # a %-template: games, versions, body; DONE is added after filling it in
    """
local games = {%s}
local version = {%s}
local mine, idx, seq, run = {}, 0, 0, "0"
local body = '%s'
function init(args)
  local threads = tonumber(args[1])
  run = args[2]
  for i, g in ipairs(games) do
    if (i - 1) %% threads == tid then table.insert(mine, g) end
  end
end
function request()
  -- No state but the round-robin position changes here (see the module docstring).
  idx = idx %% #mine + 1
  seq = seq + 1
  local g = mine[idx]
  local headers = {
    ["Authorization"] = "Bearer " .. g[2],
    ["If-Match"] = '"' .. version[g[1]] .. '"',
    ["Idempotency-Key"] = string.format("bench-%%s-%%d-%%010d", run, tid, seq),
    ["Content-Type"] = "application/json",
  }
  return wrk.format("POST", "/api/v1/games/" .. g[1] .. "/hands", headers, body)
end
bad_statuses = ""
function response(status, headers, answer)
  if status >= 300 then bad_statuses = bad_statuses .. status .. ":" .. string.sub(answer, 1, 120) .. " | " end
  local id = string.match(answer, '"id": *"(%%a+%%d+)"')  -- pool00012, long0003
  local etag = headers["ETag"] or headers["etag"]
  if id and etag then version[id] = tonumber(string.match(etag, "%%d+")) end
end
"""
)


def record_script(pool: list[tuple[str, str, int]], hand: dict, path: Path) -> Path:
    """Writes the record script over the write pool's (id, token, current version)."""
    games = ", ".join(f'{{"{g}", "{t}"}}' for g, t, _ in pool)
    versions = ", ".join(f'["{g}"] = {v}' for g, _, v in pool)
    path.write_text(RECORD % (games, versions, json.dumps(hand)) + DONE)
    return path
