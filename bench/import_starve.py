"""An anonymous web import of an 11 MB or 48 MB file, and a table saving hands meanwhile.

    .venv/bin/python bench/import_starve.py [--games 2000] [--only 11|48] [--alone 0.5]

For each size (2,000 games: 27 hands each make 11 MB; 50 each, indented, 48 MB) it
serves a fresh instance with `scorekeeper serve`'s waitress in a process of its own (loopback,
a free port), starts one game through the API, then uploads the file to /import as a phone
would while a thread saves a hand every 20 ms and times each save. It reads the server's
/proc (Linux): CPU (user + system) spent on the import, resident memory before, at its peak
(VmHWM) and once the import answered. Prints per size: MB, CPU s per MB, the longest save and
the saves' median, RSS before / peak / after, and when the longest saves began. --alone S
saves for S seconds before the upload (0.5 by default); from 5 s on it prints those saves'
longest too, the machine's own tail with no import, and the main line counts only the saves
that began once the upload did. Bounded: one import per size, at most 3,000 saves, every
request with a 300 s timeout.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.import_lock import export_text  # noqa: E402
from scorekeeper.api.openapi import EXAMPLE_GAME  # noqa: E402

QUIET = {"melded_points": 50, "hand_points": 50}
# MB: (hands per game, JSON indent) for 2,000 games. 48 MB: 100,000 hands, the most a file
# may hold, written with indent 5 to reach the 48 MB (the extra is whitespace).
SIZES = {"11": (27, 1), "48": (50, 5)}
TICK = os.sysconf("SC_CLK_TCK")
SERVER = """
import socket, sys
from scorekeeper import create_app
from scorekeeper.hosting.limits import make_server
app = create_app()
listener = socket.socket(); listener.bind(("127.0.0.1", 0))
server = make_server(app, listener, threads=8)
print(server.effective_port, flush=True)
server.run()
"""


def status(pid: int) -> dict[str, int]:
    """Returns the process's VmRSS and VmHWM in MB, and its CPU ticks (user + system)."""
    found = dict(re.findall(r"(VmRSS|VmHWM):\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text()))
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return {
        "rss": int(found["VmRSS"]) // 1024,
        "hwm": int(found["VmHWM"]) // 1024,
        # its own CPU and its finished children's: a large import runs in a child process
        "ticks": sum(int(fields[n]) for n in (11, 12, 13, 14)),
    }


def family_rss(pid: int) -> int:
    """Returns the resident MB of the process and its children together."""
    total = 0
    children = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children += (task / "children").read_text().split()
    for one in [str(pid), *children]:
        try:
            found = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{one}/status").read_text())
        except FileNotFoundError:
            continue
        total += int(found[1]) // 1024 if found else 0
    return total


def sampling(pid: int, stop: threading.Event, peak: list[int]) -> None:
    """Keeps the highest family RSS seen, every 50 ms until stop (at most 20 minutes)."""
    for _ in range(24_000):
        if stop.is_set():
            return
        peak[0] = max(peak[0], family_rss(pid))
        time.sleep(0.05)


def post(url: str, data: bytes, headers: dict[str, str]) -> bytes:
    """Sends one POST and returns the body (a refusal raises)."""
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=300) as answer:
        return answer.read()


def saving(
    base: str, game: dict, stop: threading.Event, waits: list[float], starts: list[float]
) -> None:
    """Saves a hand every 20 ms until stop (at most 3,000), timing each and noting its start."""
    for n in range(1, 3_001):
        if stop.is_set():
            return
        if n % 900 == 0:  # a game takes at most 1,000 hands: the table starts another
            game = json.loads(
                post(
                    f"{base}/api/v1/games",
                    json.dumps(EXAMPLE_GAME).encode(),
                    {"Content-Type": "application/json"},
                )
            )
        headers = {
            "Content-Type": "application/json",
            "Authorization": f"Bearer {game['tokens']['edit']}",
            "If-Match": f'"{n % 900 + 1 if n >= 900 else n}"',
            "Idempotency-Key": uuid.uuid4().hex,
        }
        hand = json.dumps({"hand": {"We": QUIET, "They": QUIET}}).encode()
        began = time.perf_counter()
        post(f"{base}/api/v1/games/{game['id']}/hands", hand, headers)
        waits.append(time.perf_counter() - began)
        starts.append(began)
        time.sleep(0.02)


class Stay(urllib.request.HTTPRedirectHandler):
    """Leaves a redirect unfollowed: the import's 303 home is its answer."""

    def redirect_request(self, *_args: object, **_kwargs: object) -> None:
        """Follows nothing."""
        return None


def upload(base: str, data: bytes) -> int:
    """Opens /import as a browser does (cookie, CSRF token), uploads data; returns the status."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), Stay
    )
    with opener.open(f"{base}/import", timeout=300) as page:
        token = re.search(r'name="csrf_token" value="([^"]+)"', page.read().decode())
    assert token is not None
    boundary = uuid.uuid4().hex
    head = f"--{boundary}\r\n"
    body = (
        (
            f'{head}Content-Disposition: form-data; name="csrf_token"\r\n\r\n{token[1]}\r\n'
            f'{head}Content-Disposition: form-data; name="file"; filename="x.json"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    request = urllib.request.Request(
        f"{base}/import",
        data=body,
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
        method="POST",
    )
    try:
        with opener.open(request, timeout=300) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def one(games: int, hands: int, indent: int, alone: float = 0.5) -> None:
    """Serves a fresh instance, imports one file of games x hands, prints its figures."""
    data = json.dumps(json.loads(export_text(games, hands)), indent=indent).encode()
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "SCOREKEEPER_INSTANCE": scratch, "SCOREKEEPER_CACHE": "on"}
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER], env=env, stdout=subprocess.PIPE, text=True
        )
        try:
            assert server.stdout is not None
            base = f"http://127.0.0.1:{server.stdout.readline().strip()}"
            game = json.loads(
                post(
                    f"{base}/api/v1/games",
                    json.dumps(EXAMPLE_GAME).encode(),
                    {"Content-Type": "application/json"},
                )
            )
            time.sleep(1)
            before = status(server.pid)
            stop, waits, starts = threading.Event(), [], []
            saver = threading.Thread(target=saving, args=(base, game, stop, waits, starts))
            peak = [family_rss(server.pid)]
            sampler = threading.Thread(target=sampling, args=(server.pid, stop, peak))
            saver.start()
            sampler.start()
            time.sleep(alone)  # the saves with no import beside them: the machine's own tail
            if alone >= 5:  # the import's CPU, not that of the saves before it
                before = {**status(server.pid), "rss": before["rss"]}
            sent = time.perf_counter()
            answered = upload(base, data)
            took = time.perf_counter() - sent
            after_import = status(server.pid)
            stop.set()
            saver.join(120)
            sampler.join(120)
            time.sleep(1)
            settled = status(server.pid)
        finally:
            server.terminate()
            server.wait(30)
            if server.stdout is not None:
                server.stdout.close()
    mb = len(data) / 1e6
    cpu = (after_import["ticks"] - before["ticks"]) / TICK
    alone_waits = [wait for wait, at in zip(waits, starts, strict=True) if at < sent]
    timed = list(zip(waits, starts, strict=True))
    if alone >= 5:
        timed = [(wait, at) for wait, at in timed if at >= sent]
        waits = [wait for wait, _at in timed]
    print(
        f"{games} games x {hands} hands, {mb:.1f} MB: answer {answered}; CPU {cpu:.2f} s "
        f"({cpu / mb:.3f} s/MB, saves included); saves {len(waits)}, median "
        f"{statistics.median(waits) * 1000:.0f} ms, longest {max(waits) * 1000:.0f} ms; "
        f"RSS before {before['rss']} MB, peak {after_import['hwm']} MB (with the import's "
        f"process {peak[0]} MB), after {settled['rss']} MB"
    )
    if alone >= 5:
        print(
            f"  with no import, {alone:.0f} s before it: saves {len(alone_waits)}, median "
            f"{statistics.median(alone_waits) * 1000:.0f} ms, "
            f"longest {max(alone_waits) * 1000:.0f} ms"
        )
    # When the longest waits began, counted from the upload's start: which stage they fell in.
    worst = sorted(timed, reverse=True)[:5]
    print(
        f"  import answered after {took:.1f} s; longest saves began at "
        + ", ".join(f"{at - sent:+.1f} s ({wait * 1000:.0f} ms)" for wait, at in worst)
    )


def main() -> None:
    """Runs one import per --hands size."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--only", choices=["11", "48"], help="one size only")
    parser.add_argument(
        "--alone", type=float, default=0.5, help="seconds of saves before the import starts"
    )
    args = parser.parse_args()
    for size, (hands, indent) in SIZES.items():
        if args.only in (None, size):
            one(args.games, hands, indent, args.alone)


if __name__ == "__main__":
    main()
