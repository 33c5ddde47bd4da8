#!/usr/bin/env python3
"""Times the static web board (target/web/, scripts/build-web.sh) in headless
Chromium through chromedriver: from opening the page to a usable board, the
endgame tables' build in the worker, from opening the page to the engine's
first move (the engine South, hard, 1000 ms), and the engine's nodes per
second in a worker of its own (5 s analyses in 300 ms slices; the nps of the
last slice that went deeper), and the depth of 1000 ms hints at full
strength on positions out of the book (`--depths` alone: only those, for
comparing two builds; `--movetime MS` for hints of MS instead of 1000).
Serve target/web/ first, e.g. `cd target/web && python3 -m http.server
8000`, then `scripts/measure-static-board.py http://127.0.0.1:8000/
[--depths [--movetime MS]]`.
The machine is shared: take medians of a few runs."""
import argparse
import json
import subprocess
import sys
import tempfile
import time
import urllib.request

PORT = 9517
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--window-size=1200,900"]

# A worker of its own, with `call` (one request) and `stream` (an analysis
# stream) answered through its messages, and `tables` once it has built them.
WORKER = """
const done = arguments[0];
const w = new Worker('worker.js');
let id = 0; const wait = new Map(); let built = null;
const tables = new Promise((r) => { built = r; });
w.onmessage = (e) => {
  const m = e.data;
  if (m.note && m.note.includes('Built')) built();
  const f = wait.get(m.id);
  if (f) f(m);
};
const call = (msg) => new Promise((res) => {
  const i = ++id; wait.set(i, res); w.postMessage(Object.assign({ id: i }, msg));
});
const stream = (path) => new Promise((res) => {
  const i = ++id; let last = null;
  wait.set(i, (m) => { if (m.event === 'info') last = JSON.parse(m.text); else res(last); });
  w.postMessage({ id: i, method: 'GET', path, stream: true });
});
"""

NPS_SCRIPT = WORKER + """(async () => {
  const out = [];
  const g = JSON.parse((await call({ method: 'POST', path: '/api/games', type: 'application/json', text: '{}' })).text);
  await tables;
  for (const moves of [[], ['F', 'f', 'E', 'a', 'C', 'e']]) {
    const body = JSON.stringify({ moves });
    await call({ method: 'POST', path: '/api/games/' + g.id + '/position', type: 'application/json', text: body });
    const last = await stream('/api/games/' + g.id + '/analysis?movetime=5000');
    out.push({ moves: moves.join(' '), depth: last.depth, nps: last.nps });
  }
  done(out);
})();
"""


DEPTH_SCRIPT = WORKER + """(async () => {
  const out = [];
  await tables;
  const setups = [
    { variant: 'oware', position: '5-0-6-5-5-5-1-6-5-5-5-0-0-0-S' },
    { variant: 'colors16' },
    { variant: 'transparent80' },
  ];
  for (const setup of setups) {
    const g = JSON.parse((await call({ method: 'POST', path: '/api/games', type: 'application/json', text: JSON.stringify(setup) })).text);
    const hint = JSON.parse((await call({ method: 'POST', path: '/api/games/' + g.id + '/hint', type: 'application/json', text: JSON.stringify({ movetime: MOVETIME }) })).text);
    out.push({ setup: setup.variant, depth: hint.depth, book: !!hint.book });
  }
  done(out);
})();
"""


def main(url, depths_only, movetime):
    driver = subprocess.Popen(["/usr/bin/chromedriver", f"--port={PORT}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def req(method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        r = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", data=data, method=method,
                                   headers={"Content-Type": "application/json"})
        return json.loads(urllib.request.urlopen(r, timeout=180).read())

    for _ in range(100):
        try:
            req("GET", "/status")
            break
        except OSError:
            time.sleep(0.1)
    profile = tempfile.mkdtemp(prefix="awale-measure-")
    options = {"binary": "/usr/bin/chromium", "args": ARGS + [f"--user-data-dir={profile}"]}
    caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
    sid = req("POST", "/session", caps)["value"]["sessionId"]

    def js(script):
        return req("POST", f"/session/{sid}/execute/sync", {"script": script, "args": []})["value"]

    def poll(script, step=0.005, tries=4000):
        for _ in range(tries):
            value = js(script)
            if value:
                return value
            time.sleep(step)
        raise RuntimeError("the page never got to: " + script)

    try:
        req("POST", f"/session/{sid}/timeouts", {"script": 180000})
        req("POST", f"/session/{sid}/url", {"url": url})
        if depths_only:
            script = DEPTH_SCRIPT.replace("MOVETIME", str(movetime))
            depths = req("POST", f"/session/{sid}/execute/async", {"script": script, "args": []})
            for row in depths["value"]:
                print(f"{movetime} ms hint, {row['setup']}: depth {row['depth']}"
                      + (" (book)" if row["book"] else ""))
            return
        usable = poll("return document.querySelector('.hole.playable') && performance.now()")
        print(f"usable board: {usable:.0f} ms after opening the page")
        note = poll("const n = document.getElementById('note').textContent;"
                    " return n.includes('Built') && n", step=0.05, tries=1200)
        print(f"tables: {note}")
        js("sessionStorage.setItem('awale-players', JSON.stringify({mode: 'engine', humanSide: 'N',"
           " level: 'hard', movetime: 1000})); sessionStorage.removeItem('awale-game');"
           " sessionStorage.removeItem('awale-setup');")
        req("POST", f"/session/{sid}/refresh", {})
        first = poll("return window.awale && window.awale.game && window.awale.game.moves.length > 0"
                     " && performance.now()")
        print(f"first engine move: {first:.0f} ms after opening the page")
        nps = req("POST", f"/session/{sid}/execute/async", {"script": NPS_SCRIPT, "args": []})["value"]
        for row in nps:
            print(f"nps after [{row['moves']}]: {row['nps']} (depth {row['depth']})")
    finally:
        req("DELETE", f"/session/{sid}")
        driver.kill()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", nargs="?", default="http://127.0.0.1:8000/")
    parser.add_argument("--depths", action="store_true", help="only the hints' depths")
    parser.add_argument("--movetime", type=int, default=1000, metavar="MS",
                        help="the hints' time (default 1000)")
    a = parser.parse_args()
    if a.movetime < 1 or a.movetime > 60000:
        parser.error("--movetime takes 1 to 60000 milliseconds")
    main(a.url, a.depths, a.movetime)
