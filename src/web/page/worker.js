// The engine of the static board (scripts/build-web.sh): the awale engine
// compiled to WebAssembly, answering the page's requests as `awale serve`
// answers them (docs/web.md), in a Web Worker so that the page never
// freezes while it thinks.
//
// A search here is synchronous: the worker reads no message while it runs.
// So every search thinks in slices (an analysis of SLICE_MS, an engine
// move, a hint or the values of the moves of THINK_SLICE_MS), each slice
// going on with the deepening where the one before left it (its
// transposition table kept), reading its messages in between: a stop, or
// any other request on the game, ends it within a slice. A stopped engine
// move is not played (409, as on the server); a stopped hint or values of
// the moves answer what they found so far.
"use strict";

/// How long an analysis thinks before it reads its messages, in ms.
const SLICE_MS = 300;
/// The same for an engine move, a hint or the values of the moves: longer,
/// since the iteration a slice is in when it ends is searched again by the
/// next (BENCHMARKS.md, "Engine moves and hints in slices"), so the page's
/// default 1000 ms search runs as one slice.
const THINK_SLICE_MS = 1000;

let engine = null;
const queue = [];
const cancelled = new Set();
let pumping = false;
let tablesAsked = false;

/// Says on the page that the engine cannot run, and why.
function failed(why) {
  postMessage({
    failed:
      "The engine could not be loaded (" + why + "), so this static board cannot play. " +
      "The served board runs the same page with the engine on your computer: build awale and run `awale serve`.",
  });
}

try {
  importScripts("awale_wasm.js");
  wasm_bindgen({ module_or_path: "awale_wasm_bg.wasm" })
    .then(() => {
      engine = new wasm_bindgen.Engine();
      pump();
    })
    .catch((e) => failed(String(e && e.message ? e.message : e)));
} catch (e) {
  failed(String(e && e.message ? e.message : e));
}

self.onmessage = (e) => {
  const m = e.data || {};
  if (m.cancel) cancelled.add(m.cancel);
  else queue.push(m);
  pump();
};

/// Lets the messages that came during a search in.
function breathe() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/// The game a path names (`/api/games/ID/...`), or null.
function gameOf(path) {
  const m = /^\/api\/games\/([^/?]+)/.exec(path || "");
  return m ? m[1] : null;
}

/// Whether a message has come since that stops the search of request `m`.
function stopped(m) {
  const game = gameOf(m.path);
  return cancelled.has(m.id) || queue.some((q) => gameOf(q.path) === game);
}

/// Sends the answer `a` (an Answer of the engine) to request `m`.
function reply(m, a) {
  postMessage({ id: m.id, status: a.status, type: a.kind, text: a.text });
}

/// Answers the queued requests one at a time, then builds the tables.
async function pump() {
  if (pumping || !engine) return;
  pumping = true;
  try {
    while (queue.length > 0) {
      const m = queue.shift();
      if (cancelled.delete(m.id)) continue;
      if (m.stream) await analyse(m);
      else await serve(m);
      cancelled.delete(m.id);
      await breathe();
    }
  } finally {
    pumping = false;
  }
  if (!tablesAsked) {
    tablesAsked = true;
    setTimeout(buildTables, 0);
  }
}

/// Thinks in slices of at most `sliceMs` (`slice(ms)` runs one and says
/// whether more time may find more) until `total` ms are spent, the
/// search has found all it can, or a message stops the request `m`
/// between two slices. The first slice runs however little time is left.
async function inSlices(m, total, sliceMs, slice) {
  const deadline = performance.now() + total;
  for (;;) {
    const left = Math.max(deadline - performance.now(), 1);
    if (!slice(Math.min(sliceMs, left)) || performance.now() >= deadline) return;
    await breathe();
    if (stopped(m)) return;
  }
}

/// One request: a search when the engine says the path is one, else a
/// plain call.
async function serve(m) {
  if (!engine.searches(m.method, m.path)) {
    reply(m, engine.request(m.method, m.path, m.text === undefined ? null : m.text));
    return;
  }
  const started = engine.think_start(m.path, m.text === undefined ? null : m.text);
  if (started.status !== 200) {
    reply(m, started);
    return;
  }
  await inSlices(m, Number(started.text), THINK_SLICE_MS, (ms) => engine.think_slice(ms));
  const found = engine.think_done();
  if (found.status !== 200 || !engine.plays(m.path)) {
    reply(m, found);
    return;
  }
  await breathe();
  if (stopped(m)) {
    reply(m, engine.refused("another request on the game stopped the engine's search"));
    return;
  }
  reply(m, engine.play_found(m.path));
}

/// An analysis stream: slices until its time is up or a message stops it,
/// each new depth sent as an `info` event, then its `done` (or `error`).
async function analyse(m) {
  const started = engine.analysis_start(m.path);
  if (started.status !== 200) {
    postMessage({ id: m.id, event: "error", text: started.text });
    return;
  }
  const info = (text) => postMessage({ id: m.id, event: "info", text });
  if (!stopped(m)) {
    await inSlices(m, Number(started.text), SLICE_MS, (ms) => engine.analysis_slice(m.path, ms, info));
  }
  if (cancelled.has(m.id)) {
    engine.analysis_drop(m.path);
    return;
  }
  const done = engine.analysis_done(m.path);
  postMessage({ id: m.id, event: done.status === 200 ? "done" : "error", text: done.text });
}

/// The endgame tables the engine builds at start-up, once the page is
/// usable, with a note on the page while they build.
function buildTables() {
  if (!engine.wants_tables()) return;
  postMessage({ note: "Building the endgame tables…" });
  const started = performance.now();
  const said = engine.build_tables();
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  postMessage({ note: said + " Built in " + secs + " s." });
  setTimeout(() => postMessage({ note: null }), 4000);
}
