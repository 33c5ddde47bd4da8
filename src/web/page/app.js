// The awale web board. Plain JavaScript, no framework, no build step.
//
// The page never applies a rule: every legal move, the holes it sows and
// captures and the state after it come from the server (docs/web.md). The
// page draws the state it is given, animates a move from the `sown` and
// `captured` lists of its `legal` entry while the server plays it, and then
// draws the state the server answered.
"use strict";

// Test hook: every error the page meets lands here, so that a browser test
// can read it back; the page itself never writes to the console.
window.awaleErrors = [];
window.addEventListener("error", (e) => {
  window.awaleErrors.push(String(e.message || e));
});
window.addEventListener("unhandledrejection", (e) => {
  window.awaleErrors.push("unhandled rejection: " + String(e.reason));
});

(() => {
  const $ = (id) => document.getElementById(id);

  // ---- state of the page ----
  const page = {
    game: null, // the server's state of the game (docs/web.md)
    variants: [], // GET /api/variants
    levels: [], // GET /api/levels: the strength ladder, weakest first
    // A fresh page plays against the engine, the person South; the toolbar's
    // mode button turns the game into one for two people.
    mode: "engine", // "two", "engine", "watch"
    humanSide: "S",
    level: "hard", // a step of the ladder as the API takes it
    movetime: 1000,
    flipped: false,
    paused: false,
    epoch: 0, // bumped by every action of the person: stale answers are dropped
    busy: 0, // requests and animations under way (not the analysis)
    thinking: false, // the engine is choosing a move
    hint: null, // {hole, move} shown on the board
    preview: null, // the legal entry shown on hover / focus
    anim: null, // the running animation
    analysis: null, // EventSource
    keyBuffer: "",
    keyTimer: 0,
    latencies: [], // ms from a click or key to the move on the board
    // Milliseconds per sown seed; none with reduced motion. The browser
    // test lowers it to get through a whole game quickly.
    seedMs: window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 70,
  };
  // Read by the browser test.
  window.awale = page;

  const SIDE_NAME = { S: "South", N: "North" };

  /// The entry of GET /api/variants for the variant called `name`, if any.
  function variantInfo(name) {
    return page.variants.find((v) => v.name === name);
  }

  /// The seed kinds of the server's variants (their `seeds`), each drawn in
  /// its colour by the stylesheet (`.seed.<kind>`).
  function seedKinds() {
    return new Set(page.variants.flatMap((v) => v.seeds || []));
  }

  // ---- messages ----
  function showError(text) {
    $("message-text").textContent = text;
    $("message").hidden = false;
    $("message").classList.add("error");
  }
  function showInfo(text) {
    $("message-text").textContent = text;
    $("message").hidden = false;
    $("message").classList.remove("error");
  }
  function clearMessage() {
    $("message").hidden = true;
  }
  $("message-close").addEventListener("click", clearMessage);
  /// The small note of the engine about itself (the tables being built);
  /// empty hides it.
  function showNote(text) {
    $("note").textContent = text || "";
    $("note").hidden = !text;
  }

  function setBusy(delta) {
    page.busy = Math.max(0, page.busy + delta);
    document.body.dataset.busy = page.busy > 0 || page.thinking ? "1" : "0";
  }

  // ---- the engine's home ----
  class ApiError extends Error {}

  /// Reads an answer of the API (docs/web.md), from the server or the
  /// worker alike: the parsed JSON (or the text), or an ApiError with its
  /// `error` text for a 4xx/5xx status.
  function readAnswer(path, status, type, text) {
    let data = null;
    if (status !== 204) {
      if ((type || "").includes("json")) {
        try {
          data = JSON.parse(text);
        } catch (e) {
          throw new ApiError("The engine sent bad JSON for " + path);
        }
      } else {
        data = text;
      }
    }
    if (status >= 400) {
      const msg = data && data.error ? data.error : "HTTP " + status;
      throw new ApiError(msg);
    }
    return data;
  }

  /// The body of a request as HTTP carries it: text stays text, anything
  /// else becomes JSON.
  function encodeBody(body) {
    if (body === undefined) return null;
    if (typeof body === "string") return { type: "text/plain", text: body };
    return { type: "application/json", text: JSON.stringify(body) };
  }

  /// The served home: HTTP to `awale serve`, its analysis as server-sent
  /// events. Every home has the same two calls: `request(method, path,
  /// body, {signal})` answers what the API answers, and `stream(path, on)`
  /// calls `on.info(text)`, then `on.done(text)` or `on.error(text|null)`
  /// (null: the stream closed early), and answers `{close()}`.
  function servedHome() {
    return {
      async request(method, path, body, opts = {}) {
        const init = { method, headers: {}, signal: opts.signal };
        const enc = encodeBody(body);
        if (enc) {
          init.headers["Content-Type"] = enc.type;
          init.body = enc.text;
        }
        let res;
        try {
          res = await fetch(path, init);
        } catch (e) {
          if (e && e.name === "AbortError") throw e;
          throw new ApiError("The server cannot be reached (" + e.message + ")");
        }
        const text = res.status === 204 ? "" : await res.text();
        return readAnswer(path, res.status, res.headers.get("Content-Type"), text);
      },
      stream(path, on) {
        const es = new EventSource(path);
        let over = false;
        const end = (fn, arg) => {
          es.close();
          if (over) return;
          over = true;
          fn(arg);
        };
        es.addEventListener("info", (e) => on.info(e.data));
        es.addEventListener("done", (e) => end(on.done, e.data));
        // The server's `error` event carries {"error": ...}; a bare one
        // means the stream closed (EventSource must not reconnect: that
        // would start a new search).
        es.addEventListener("error", (e) => end(on.error, e.data || null));
        return { close: () => es.close() };
      },
    };
  }

  /// The worker home: the same requests as messages to worker.js, which
  /// answers them with the engine compiled to WebAssembly. `onNote` shows
  /// what the worker says of itself (the tables being built).
  function workerHome(onNote) {
    const worker = new Worker("worker.js");
    const waiting = new Map();
    let next = 1;
    let broken = null;
    const fail = (text) => {
      broken = text;
      for (const w of waiting.values()) w.fail(new ApiError(text));
      waiting.clear();
    };
    worker.onmessage = (e) => {
      const m = e.data || {};
      if (m.note !== undefined) return onNote(m.note);
      if (m.failed) return fail(m.failed);
      const w = waiting.get(m.id);
      if (w) w.take(m);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      fail("The engine's worker stopped: " + (e.message || "unknown error"));
    };
    const post = (msg, w) => {
      if (broken) throw new ApiError(broken);
      const id = next++;
      waiting.set(id, w);
      worker.postMessage(Object.assign({ id }, msg));
      return id;
    };
    return {
      request(method, path, body, opts = {}) {
        return new Promise((resolve, reject) => {
          const enc = encodeBody(body);
          const w = {
            fail: reject,
            take(m) {
              waiting.delete(id);
              try {
                resolve(readAnswer(path, m.status, m.type, m.text));
              } catch (err) {
                reject(err);
              }
            },
          };
          const id = post({ method, path, type: enc && enc.type, text: enc && enc.text }, w);
          if (opts.signal) {
            opts.signal.addEventListener("abort", () => {
              if (!waiting.delete(id)) return;
              worker.postMessage({ cancel: id });
              reject(new DOMException("aborted", "AbortError"));
            });
          }
        });
      },
      stream(path, on) {
        const w = {
          fail: (err) => on.error(err.message),
          take(m) {
            if (m.event === "info") return on.info(m.text);
            waiting.delete(id);
            if (m.event === "done") on.done(m.text);
            else on.error(m.text || null);
          },
        };
        const id = post({ method: "GET", path, stream: true }, w);
        return {
          close() {
            if (waiting.delete(id)) worker.postMessage({ cancel: id });
          },
        };
      },
    };
  }

  /// Why the page has no engine (a browser that cannot run the worker
  /// home), said again by every call: empty when it has one.
  let homeless = "";
  /// Where the engine is: the static build (scripts/build-web.sh) marks
  /// its page `data-home="worker"`; `awale serve` sends it as written.
  const home = document.body.dataset.home === "worker" ? staticHome() : servedHome();

  /// The worker home, or null (said on the page, naming what the browser
  /// lacks) in a browser that cannot run it.
  function staticHome() {
    const lacks = [];
    if (typeof WebAssembly !== "object") lacks.push("WebAssembly");
    if (typeof Worker !== "function") lacks.push("Web Workers");
    if (lacks.length === 0) return workerHome(showNote);
    homeless =
      "This browser cannot run the engine in the page: it lacks " + lacks.join(" and ") + ". " +
      "Use a current browser, or the served board (awale serve).";
    showError(homeless);
    return null;
  }

  /// Calls the API through the page's home (without one, fails with the
  /// reason, so that a button pressed then says it again).
  function api(method, path, body, opts = {}) {
    if (!home) return Promise.reject(new ApiError(homeless));
    return home.request(method, path, body, opts);
  }
  // Read by the browser test: the API of whichever home the page has.
  window.awaleApi = (method, path, body) => api(method, path, body);

  /// Runs an action of the person: shows its error, keeps the page busy.
  async function run(fn) {
    setBusy(1);
    try {
      await fn();
    } catch (e) {
      if (!(e && e.name === "AbortError")) showError(e.message || String(e));
    } finally {
      setBusy(-1);
    }
  }

  // ---- drawing ----
  function half() {
    return page.game.holes / 2;
  }
  /// Holes of the top and bottom rows, left to right. South's row runs
  /// left to right at the bottom and North's right to left on top, so the
  /// seeds go round counter-clockwise as South sees it.
  function rows() {
    const h = half();
    const south = [];
    const north = [];
    for (let i = 1; i <= h; i++) south.push(i);
    for (let i = page.game.holes; i > h; i--) north.push(i);
    if (!page.flipped) return { top: north, bottom: south, topSide: "N", bottomSide: "S" };
    const southRev = south.slice().reverse();
    const northFwd = north.slice().reverse();
    return { top: southRev, bottom: northFwd, topSide: "S", bottomSide: "N" };
  }

  function legalFor(hole) {
    if (!page.game || page.game.end) return [];
    return page.game.legal.filter((m) => m.hole === hole);
  }

  function personMayPlay() {
    const g = page.game;
    if (!g || g.end || page.thinking) return false;
    if (page.mode === "watch") return false;
    if (page.mode === "engine" && g.side !== page.humanSide) return false;
    return true;
  }

  /// Draws seeds of a hole: one dot per seed (up to a cap), coloured by kind.
  function seedDots(seeds, total) {
    const box = document.createElement("span");
    box.className = "seeds";
    const cap = 30;
    let drawn = 0;
    const kinds = seedKinds();
    for (const s of seeds || []) {
      const kind = kinds.has(s.kind) ? s.kind : "plain";
      for (let i = 0; i < s.count && drawn < cap; i++, drawn++) {
        const d = document.createElement("span");
        d.className = "seed " + kind;
        if (kind === "special") d.textContent = "★";
        box.appendChild(d);
      }
    }
    if (total > cap) box.classList.add("many");
    return box;
  }

  function holeTitle(entry, moves) {
    let t = "hole " + entry.label + ": " + entry.total + " seed" + (entry.total === 1 ? "" : "s");
    for (const s of entry.seeds || []) {
      if (s.count > 0 && s.kind !== "plain") t += ", " + s.count + " " + s.kind;
    }
    if (moves.length === 1) t += " — play " + moves[0].move;
    else if (moves.length > 1) t += " — " + moves.length + " moves";
    return t;
  }

  /// Draws the whole board from `board` (the server's entries, or the
  /// animation's working copy).
  function drawBoard(board) {
    const g = page.game;
    const r = rows();
    const may = personMayPlay();
    const fill = (el, holes) => {
      el.textContent = "";
      el.style.setProperty("--n", holes.length);
      for (const n of holes) {
        const entry = board[n - 1];
        const moves = may && !page.anim ? legalFor(n) : [];
        const hole = document.createElement("div");
        hole.className = "hole " + (entry.owner === "S" ? "south" : "north");
        hole.dataset.hole = String(n);
        hole.dataset.label = entry.label;
        if (moves.length > 0) {
          hole.classList.add("playable");
          hole.tabIndex = 0;
          hole.setAttribute("role", "button");
        } else {
          hole.setAttribute("aria-disabled", "true");
        }
        hole.setAttribute("aria-label", holeTitle(entry, moves));
        hole.title = holeTitle(entry, moves);
        const label = document.createElement("span");
        label.className = "label";
        label.textContent = entry.label;
        const count = document.createElement("span");
        count.className = "count";
        count.textContent = String(entry.total);
        hole.append(label, seedDots(entry.seeds, entry.total), count);
        el.appendChild(hole);
      }
    };
    fill($("row-top"), r.top);
    fill($("row-bottom"), r.bottom);
    drawInfo($("info-top"), r.topSide);
    drawInfo($("info-bottom"), r.bottomSide);
    markLast();
    markHint();
    markPreview();
    $("board").dataset.variant = g.variant;
  }

  function drawInfo(el, side) {
    const g = page.game;
    const i = side === "S" ? 0 : 1;
    el.textContent = "";
    const name = document.createElement("span");
    name.className = "who";
    let who = SIDE_NAME[side];
    if (page.mode === "engine") who += side === page.humanSide ? " (you)" : " (engine)";
    if (page.mode === "watch") who += " (engine)";
    name.textContent = who;
    const score = document.createElement("span");
    score.className = "score";
    score.dataset.side = side;
    score.textContent = String(g.scores[i]);
    el.append(name, score);
    if (g.hand && g.hand[side]) {
      const hand = document.createElement("span");
      hand.className = "hand";
      hand.append("in hand: ");
      for (let k = 0; k < g.hand[side]; k++) {
        const d = document.createElement("span");
        d.className = "seed special";
        d.textContent = "★";
        hand.appendChild(d);
      }
      el.appendChild(hand);
    }
    el.classList.toggle("to-move", !g.end && g.side === side);
  }

  function holeEl(n) {
    return document.querySelector('.hole[data-hole="' + n + '"]');
  }

  function markLast() {
    const last = page.game.last;
    const el = $("last-move");
    if (!last) {
      el.textContent = "";
      return;
    }
    const src = holeEl(last.hole);
    if (src) src.classList.add("last-from");
    for (const c of last.captured || []) {
      const h = holeEl(c);
      if (h) h.classList.add("last-captured");
    }
    let t = "Last move: " + SIDE_NAME[last.side] + " played " + last.move;
    if (last.gain > 0) {
      t += ", captured " + last.gain + " from " + last.captured.map(labelOf).join(" ");
    }
    el.textContent = t;
  }

  function labelOf(n) {
    const e = page.game.board[n - 1];
    return e ? e.label : String(n);
  }

  function markHint() {
    document.querySelectorAll(".hole.hint").forEach((h) => h.classList.remove("hint"));
    if (page.hint) {
      const h = holeEl(page.hint.hole);
      if (h) h.classList.add("hint");
    }
  }

  function markPreview() {
    document
      .querySelectorAll(".hole.sown, .hole.captured, .hole.source")
      .forEach((h) => h.classList.remove("sown", "captured", "source"));
    const m = page.preview;
    if (!m) {
      $("move-info").innerHTML = "&nbsp;";
      return;
    }
    const src = holeEl(m.hole);
    if (src) src.classList.add("source");
    const laps = {};
    for (const n of m.sown) laps[n] = (laps[n] || 0) + 1;
    for (const n of Object.keys(laps)) {
      const h = holeEl(n);
      if (h) {
        h.classList.add("sown");
        h.dataset.laps = String(laps[n]);
      }
    }
    for (const n of m.captured) {
      const h = holeEl(n);
      if (h) h.classList.add("captured");
    }
    let t = "Move " + m.move + ": sows " + m.sown.length + " seed" + (m.sown.length === 1 ? "" : "s");
    t += m.gain > 0 ? ", captures " + m.gain : ", captures nothing";
    if (m.choice) t += " (" + m.choice + ")";
    $("move-info").textContent = t;
  }

  function setPreview(m) {
    page.preview = m;
    if (!page.anim) markPreview();
  }

  function drawStatus() {
    const g = page.game;
    let t;
    if (g.end) t = "Game over";
    else {
      t = SIDE_NAME[g.side] + " to move";
      if (page.thinking) t += " — the engine is thinking…";
      else if (page.mode === "engine" && g.side === page.humanSide) t += " — your move";
      else if (page.mode === "watch" && page.paused) t += " — paused";
      if (g.hand && (g.hand.S || g.hand.N)) t += " (place a special seed)";
    }
    $("status").textContent = t;
    $("status").dataset.side = g.side;
  }

  function drawBanner() {
    const g = page.game;
    const b = $("banner");
    if (!g.end) {
      b.hidden = true;
      return;
    }
    const e = g.end;
    const s = e.scores || g.scores;
    let win;
    if (e.winner === "S" || e.winner === "N") win = SIDE_NAME[e.winner] + " wins";
    else win = "A draw";
    $("banner-text").textContent =
      e.text.charAt(0).toUpperCase() + e.text.slice(1) + ". Final score: South " + s[0] + ", North " + s[1] + ". " + win + ".";
    b.dataset.winner = e.winner || "draw";
    b.dataset.scores = s[0] + "-" + s[1];
    b.hidden = false;
  }

  function drawTable() {
    const t = page.game.table;
    if (!t) {
      $("an-table").textContent = "–";
      return;
    }
    const side = SIDE_NAME[page.game.side];
    $("an-table").textContent =
      (t.exact ? "exact: " : "") +
      side +
      " collects " +
      t.value +
      " more seed" +
      (Math.abs(t.value) === 1 ? "" : "s") +
      (t.scores ? ", final score " + t.scores[0] + "–" + t.scores[1] : "");
  }

  function drawButtons() {
    const g = page.game;
    $("btn-undo").disabled = !g || g.moves.length === 0;
    $("btn-redo").disabled = !g || g.redo.length === 0;
    const info = g && variantInfo(g.variant);
    $("btn-save-ogn").disabled = !info || !info.ogn;
    // While the engine thinks, a hint, an analysis or the values would stop
    // its search (the server then refuses to play the move it cut short).
    const idle = !!g && !g.end && !page.thinking;
    $("btn-hint").disabled = !idle;
    $("btn-values").disabled = !idle;
    $("btn-analyse").disabled = !page.analysis && !idle;
    $("btn-mode").textContent = page.mode === "two" ? "Play the engine" : "Two players";
    $("btn-mode").title =
      page.mode === "two"
        ? "Play this game against the engine: you take the side to move"
        : "Two people at this board: the engine stops playing";
    $("btn-pause").hidden = page.mode !== "watch";
    $("btn-pause").textContent = page.paused ? "Resume" : "Pause";
  }

  /// Draws the whole page from the game state.
  function render() {
    const g = page.game;
    if (!g) return;
    drawBoard(g.board);
    drawStatus();
    drawBanner();
    drawTable();
    drawButtons();
    const pos = $("position");
    if (document.activeElement !== pos) pos.value = g.position;
    try {
      sessionStorage.setItem("awale-game", g.id);
      // The game itself, for a home that no longer has it after a reload
      // (the static board's worker starts empty; a restarted server).
      sessionStorage.setItem(
        "awale-setup",
        JSON.stringify({ variant: g.variant, options: g.options, position: g.start, moves: g.moves })
      );
      sessionStorage.setItem(
        "awale-players",
        JSON.stringify({ mode: page.mode, humanSide: page.humanSide, level: page.level, movetime: page.movetime })
      );
    } catch (e) {
      // Storage may be off (private mode): the page works without it.
    }
  }

  // ---- the sowing animation ----
  function wait(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /// Animates `move` (a legal entry, or the state's `last`) on a copy of
  /// `board`: the source hole empties, the seeds go one by one along
  /// `sown`, then the captured holes fade out. Resolves when done or
  /// skipped. `onFirstFrame` is called once the move shows on the board.
  async function animate(board, move, onFirstFrame) {
    const work = board.map((e) => ({
      hole: e.hole,
      owner: e.owner,
      label: e.label,
      total: e.total,
      seeds: e.seeds.map((s) => ({ kind: s.kind, count: s.count })),
    }));
    // Seeds in the order they leave the source hole (kinds as drawn).
    const g = page.game;
    const placing = !!(g.hand && g.hand[g.side] > 0);
    const src = work[move.hole - 1];
    const flying = [];
    if (placing) flying.push("special");
    else for (const s of src.seeds) for (let i = 0; i < s.count; i++) flying.push(s.kind);
    const sown = move.sown || [];
    const anim = { skipped: false, wake: null };
    page.anim = anim;
    page.preview = null;
    setBusy(1);
    try {
      if (!placing && sown.length > 0) {
        src.total = 0;
        src.seeds = [];
      }
      drawBoard(work);
      holeEl(move.hole) && holeEl(move.hole).classList.add("source");
      if (onFirstFrame) requestAnimationFrame(() => onFirstFrame());
      const step = Math.min(page.seedMs, 1400 / Math.max(1, sown.length));
      if (step <= 0) anim.skipped = true;
      for (let i = 0; i < sown.length && !anim.skipped; i++) {
        await sleepOrSkip(anim, step);
        if (anim.skipped) break;
        const dest = work[sown[i] - 1];
        const kind = flying[i] || (flying.length ? flying[flying.length - 1] : "plain");
        dest.total += 1;
        const same = dest.seeds.find((s) => s.kind === kind);
        if (same) same.count += 1;
        else dest.seeds.push({ kind, count: 1 });
        drawBoard(work);
        const h = holeEl(sown[i]);
        if (h) h.classList.add("landing");
      }
      if (!anim.skipped && move.captured && move.captured.length) {
        await sleepOrSkip(anim, step);
        for (const n of move.captured) {
          const h = holeEl(n);
          if (h) h.classList.add("capturing");
        }
        await sleepOrSkip(anim, Math.max(4 * step, 60));
      }
    } finally {
      page.anim = null;
      setBusy(-1);
    }
  }

  function sleepOrSkip(anim, ms) {
    return new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      anim.wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
  }

  function skipAnimation() {
    const a = page.anim;
    if (!a) return false;
    a.skipped = true;
    if (a.wake) a.wake();
    return true;
  }

  // ---- playing ----
  /// Plays the legal entry `m`: animates it at once from the entry, posts
  /// it, then draws the server's state.
  function playMove(m, t0) {
    if (!personMayPlay() || page.busy > 0) return;
    closeChoice();
    stopAnalysis();
    clearAnalysis();
    page.hint = null;
    const epoch = ++page.epoch;
    const started = t0 || performance.now();
    const g = page.game;
    run(async () => {
      const post = api("POST", "/api/games/" + g.id + "/move", { move: m.move });
      // Swallow nothing: the error is rethrown by `await post` below.
      post.catch(() => {});
      await animate(g.board, m, () => {
        const ms = performance.now() - started;
        page.latencies.push(Math.round(ms * 10) / 10);
      });
      let state;
      try {
        state = await post;
      } catch (e) {
        if (epoch === page.epoch) render();
        throw e;
      }
      if (epoch !== page.epoch) return;
      page.game = state;
      render();
      maybeEngine();
    });
  }

  /// Lets the engine move when it is its turn.
  function maybeEngine() {
    const g = page.game;
    if (!g || g.end || page.thinking) return;
    const engineTurn =
      (page.mode === "engine" && g.side !== page.humanSide) || (page.mode === "watch" && !page.paused);
    if (!engineTurn) return;
    // The engine's move makes the hint, the values and the analysis of
    // this position stale: answers still on their way are dropped.
    const epoch = ++page.epoch;
    stopAnalysis();
    page.hint = null;
    page.thinking = true;
    const ctl = new AbortController();
    page.engineAbort = ctl;
    drawStatus();
    render();
    run(async () => {
      let state;
      try {
        state = await api(
          "POST",
          "/api/games/" + g.id + "/engine",
          { level: page.level, movetime: page.movetime },
          { signal: ctl.signal }
        );
      } finally {
        page.thinking = false;
        page.engineAbort = null;
        setBusy(0);
        drawButtons();
      }
      if (epoch !== page.epoch) return;
      if (state.last) await animate(page.game.board, state.last);
      if (epoch !== page.epoch) return;
      page.game = state;
      if (state.engine) {
        $("an-depth").textContent = state.engine.book ? "book" : String(state.engine.depth);
        $("an-score").textContent = formatScore(state.engine.score, state.engine.mate);
        $("an-pv").textContent = (state.engine.pv || []).join(" ");
      }
      render();
      // The engine against itself: the next move after a short breath.
      if (page.mode === "watch") await wait(150);
      if (epoch === page.epoch) maybeEngine();
    });
  }

  /// Every action of the person that changes the game: drop stale answers,
  /// stop the engine and the analysis.
  function interrupt() {
    page.epoch++;
    // A move typed before the change must not be played after it.
    clearTimeout(page.keyTimer);
    page.keyBuffer = "";
    clearAnalysis();
    skipAnimation();
    if (page.engineAbort) page.engineAbort.abort();
    page.thinking = false;
    stopAnalysis();
    closeChoice();
    page.hint = null;
    page.preview = null;
  }

  function gameCall(path, body) {
    if (!page.game) return;
    interrupt();
    const epoch = page.epoch;
    run(async () => {
      const state = await api("POST", "/api/games/" + page.game.id + path, body);
      if (epoch !== page.epoch) return;
      page.game = state;
      render();
      maybeEngine();
    });
  }

  /// One step back (`/undo`) or forward (`/redo`); against the engine a
  /// second one, while `more(state)`, so that the person is to move again.
  function step(path, more) {
    interrupt();
    const epoch = page.epoch;
    run(async () => {
      let state = await api("POST", "/api/games/" + page.game.id + path);
      if (page.mode === "engine" && state.side !== page.humanSide && more(state)) {
        state = await api("POST", "/api/games/" + page.game.id + path);
      }
      if (epoch !== page.epoch) return;
      page.game = state;
      if (path === "/undo" && page.mode === "watch") page.paused = true;
      render();
      maybeEngine();
    });
  }

  function undo() {
    if (page.game && page.game.moves.length > 0) step("/undo", (s) => s.moves.length > 0);
  }

  function redo() {
    if (page.game && page.game.redo.length > 0) step("/redo", (s) => s.redo.length > 0);
  }

  function hint() {
    const g = page.game;
    if (!g || g.end || page.thinking) return;
    const epoch = page.epoch;
    run(async () => {
      $("move-info").textContent = "Looking for a hint…";
      const h = await api("POST", "/api/games/" + g.id + "/hint", { movetime: page.movetime });
      if (epoch !== page.epoch) return;
      const m = g.legal.find((x) => x.move === h.move);
      page.hint = m ? { hole: m.hole, move: h.move } : null;
      markHint();
      $("move-info").textContent =
        "Hint: " + h.move + " (score " + formatScore(h.score, h.mate) +
        (h.book ? ", opening book)" : ", depth " + h.depth + ")");
    });
  }

  function flip() {
    page.flipped = !page.flipped;
    render();
  }

  /// Shows `mode`, `humanSide` and `level` in the new-game form, so that
  /// the next new game keeps them.
  function syncForm() {
    const radio = document.querySelector('input[name="mode"][value="' + page.mode + '"]');
    if (radio) radio.checked = true;
    $("human-side").value = page.humanSide;
    $("level").value = page.level;
    $("movetime").value = String(page.movetime);
  }

  /// The mode button: the game on the board goes on between two people,
  /// or (from two people) against the engine, the person taking the side
  /// to move. No new game starts.
  function toggleMode() {
    const g = page.game;
    if (!g) return;
    interrupt();
    page.paused = false;
    if (page.mode === "two") {
      page.mode = "engine";
      if (!g.end) page.humanSide = g.side;
      page.flipped = page.humanSide === "N";
    } else {
      page.mode = "two";
    }
    syncForm();
    render();
    maybeEngine();
  }

  // ---- the choice menu ----
  function openChoice(hole, moves) {
    const menu = $("choice-menu");
    menu.textContent = "";
    for (const m of moves) {
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("role", "menuitem");
      b.dataset.move = m.move;
      b.textContent = (m.choice || m.move) + " (" + m.key + ")";
      b.addEventListener("click", (e) => {
        e.stopPropagation();
        playMove(m, performance.now());
      });
      b.addEventListener("mouseenter", () => setPreview(m));
      b.addEventListener("focus", () => setPreview(m));
      menu.appendChild(b);
    }
    const h = holeEl(hole);
    const wrap = menu.parentElement.getBoundingClientRect();
    const r = h.getBoundingClientRect();
    menu.hidden = false;
    const left = Math.max(0, Math.min(r.left - wrap.left, wrap.width - menu.offsetWidth));
    menu.style.left = left + "px";
    menu.style.top = r.bottom - wrap.top + 4 + "px";
    menu.dataset.hole = String(hole);
    menu.firstChild.focus();
  }

  function closeChoice() {
    const menu = $("choice-menu");
    if (!menu.hidden) {
      menu.hidden = true;
      menu.textContent = "";
    }
  }

  /// A click or Enter on a hole: one move plays, several open the menu.
  function activateHole(n, t0) {
    const moves = personMayPlay() ? legalFor(n) : [];
    if (moves.length === 0) return;
    if (moves.length === 1) playMove(moves[0], t0);
    else openChoice(n, moves);
  }

  // ---- board events ----
  const boardEl = $("board");
  boardEl.addEventListener("click", (e) => {
    if (skipAnimation()) return;
    const h = e.target.closest(".hole");
    if (!h || !h.classList.contains("playable")) return;
    activateHole(Number(h.dataset.hole), performance.now());
  });
  boardEl.addEventListener("mouseover", (e) => {
    const h = e.target.closest(".hole");
    if (!h || page.anim) return;
    const moves = h.classList.contains("playable") ? legalFor(Number(h.dataset.hole)) : [];
    setPreview(moves.length ? moves[0] : null);
  });
  boardEl.addEventListener("mouseleave", () => {
    if ($("choice-menu").hidden) setPreview(null);
  });
  boardEl.addEventListener("focusin", (e) => {
    const h = e.target.closest(".hole");
    if (!h || page.anim) return;
    const moves = legalFor(Number(h.dataset.hole));
    setPreview(moves.length ? moves[0] : null);
  });
  document.addEventListener("click", (e) => {
    if (page.anim && !e.target.closest("#board")) skipAnimation();
    if (!e.target.closest("#choice-menu") && !e.target.closest(".hole")) closeChoice();
  });

  // ---- keyboard ----
  /// Arrow keys: to the previous / next playable hole in the order they
  /// are drawn (top row, then bottom row), wrapping round.
  function moveFocus(step) {
    const holes = Array.from(document.querySelectorAll(".hole.playable"));
    if (holes.length === 0) return;
    const cur = document.activeElement && document.activeElement.closest && document.activeElement.closest(".hole");
    let i = holes.indexOf(cur);
    if (i < 0) i = step > 0 ? -1 : 0;
    holes[(i + step + holes.length) % holes.length].focus();
  }

  function typedKey(ch) {
    const g = page.game;
    if (!g || !personMayPlay() || page.busy > 0) return false;
    const buf = page.keyBuffer + ch;
    const t0 = performance.now();
    const exact = (b) => g.legal.find((m) => m.key === b || m.move === b);
    const prefix = (b) => g.legal.some((m) => m.key.startsWith(b) && m.key !== b);
    const holeByLabel = (b) => g.board.find((e) => e.label === b && legalFor(e.hole).length > 0);
    const settle = (b) => {
      page.keyBuffer = "";
      const m = exact(b);
      if (m) {
        playMove(m, t0);
        return true;
      }
      const h = holeByLabel(b);
      if (h) {
        activateHole(h.hole, t0);
        return true;
      }
      return false;
    };
    clearTimeout(page.keyTimer);
    for (const b of [buf, ch]) {
      if (!exact(b) && !prefix(b) && !holeByLabel(b)) continue;
      if (prefix(b)) {
        // More may follow ("1" before "10", "3" before "3R").
        page.keyBuffer = b;
        if (holeByLabel(b) && legalFor(holeByLabel(b).hole).length > 1) activateHole(holeByLabel(b).hole, t0);
        page.keyTimer = setTimeout(() => {
          if (page.keyBuffer === b) {
            if (!settle(b)) page.keyBuffer = "";
          }
        }, 800);
        return true;
      }
      return settle(b);
    }
    page.keyBuffer = "";
    return false;
  }

  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (page.anim) {
      skipAnimation();
      e.preventDefault();
      return;
    }
    if (e.key === "Escape") {
      closeChoice();
      clearMessage();
      return;
    }
    const onHole = e.target.closest && e.target.closest(".hole");
    if ((e.key === "Enter" || e.key === " ") && onHole) {
      e.preventDefault();
      activateHole(Number(onHole.dataset.hole), performance.now());
      return;
    }
    const arrows = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (arrows[e.key] && !e.target.closest("#choice-menu")) {
      e.preventDefault();
      moveFocus(arrows[e.key]);
      return;
    }
    if (e.key.length !== 1 || tag === "BUTTON" && e.key === " ") return;
    // A hole's key wins over a shortcut with the same letter.
    if (typedKey(e.key)) {
      e.preventDefault();
      return;
    }
    const shortcuts = { u: undo, r: redo, n: newGameFromForm, h: hint, f: flip };
    if (shortcuts[e.key]) {
      e.preventDefault();
      shortcuts[e.key]();
    }
  });

  // ---- buttons ----
  $("btn-undo").addEventListener("click", undo);
  $("btn-redo").addEventListener("click", redo);
  $("btn-flip").addEventListener("click", flip);
  $("btn-hint").addEventListener("click", hint);
  $("btn-mode").addEventListener("click", toggleMode);
  $("btn-new").addEventListener("click", () => {
    $("setup").open = true;
    $("variant").focus();
  });
  $("banner-new").addEventListener("click", newGameFromForm);
  $("btn-pause").addEventListener("click", () => {
    page.paused = !page.paused;
    render();
    // Pausing stops the server's search and shows the game as the server
    // has it: a move the engine already played (perhaps still being
    // animated) stays, one it was still thinking about is not played.
    if (page.paused) gameCall("/stop");
    else maybeEngine();
  });

  // ---- new game ----
  /// The step of the ladder that `value` names (a number, or a level's
  /// name such as "hard" that the ladder lists), as text; null if none.
  function levelStep(value) {
    const text = String(value).toLowerCase();
    const step = page.levels.find((l) => String(l.step) === text || l.level === text);
    return step ? String(step.step) : null;
  }

  /// Lists the ladder's steps in the level picker: number, word, and the
  /// step's rating on the ladder's own scale.
  function fillLevels() {
    const sel = $("level");
    if (!page.levels.length) return;
    sel.textContent = "";
    for (const l of page.levels) {
      const o = document.createElement("option");
      o.value = String(l.step);
      const name = l.level ? " (" + l.level + ")" : "";
      o.textContent = l.step + " " + l.word + name + " · " + l.rating;
      sel.appendChild(o);
    }
    page.level = levelStep(page.level) || String(page.levels[page.levels.length - 1].step);
    sel.value = page.level;
  }

  function fillVariants() {
    const sel = $("variant");
    sel.textContent = "";
    for (const v of page.variants) {
      const o = document.createElement("option");
      o.value = v.name;
      o.textContent = v.name + " (" + v.holes + " holes)";
      sel.appendChild(o);
    }
    if (page.game) sel.value = page.game.variant;
    fillOptions();
  }

  function fillOptions() {
    const box = $("options");
    box.textContent = "";
    const v = page.variants.find((x) => x.name === $("variant").value);
    if (!v) return;
    for (const opt of v.options || []) {
      const label = document.createElement("label");
      label.append(opt.name + " ");
      let input;
      const def = String(opt.default);
      if (opt.kind === "check") {
        input = document.createElement("input");
        input.type = "checkbox";
        input.checked = def === "true";
      } else if (opt.choices && opt.choices.length) {
        input = document.createElement("select");
        for (const c of opt.choices) {
          const o = document.createElement("option");
          o.value = String(c);
          o.textContent = String(c);
          input.appendChild(o);
        }
        input.value = def;
      } else {
        input = document.createElement("input");
        input.type = "text";
        input.value = def;
      }
      input.dataset.option = opt.name;
      label.appendChild(input);
      box.appendChild(label);
    }
  }
  $("variant").addEventListener("change", fillOptions);

  function readForm() {
    const options = {};
    for (const el of $("options").querySelectorAll("[data-option]")) {
      options[el.dataset.option] = el.type === "checkbox" ? String(el.checked) : el.value;
    }
    const mode = document.querySelector('input[name="mode"]:checked').value;
    return {
      variant: $("variant").value,
      options,
      mode,
      humanSide: $("human-side").value,
      level: $("level").value,
      movetime: Math.max(10, Number($("movetime").value) || 1000),
    };
  }

  /// Starts a new game with the settings of the form.
  function newGameFromForm() {
    const f = readForm();
    interrupt();
    page.mode = f.mode;
    page.humanSide = f.humanSide;
    page.level = f.level;
    page.movetime = f.movetime;
    page.paused = false;
    page.flipped = f.mode === "engine" && f.humanSide === "N";
    const epoch = page.epoch;
    run(async () => {
      const body = {};
      if (f.variant) body.variant = f.variant;
      if (Object.keys(f.options).length) body.options = f.options;
      const state = await api("POST", "/api/games", body);
      if (epoch !== page.epoch) return;
      page.game = state;
      clearMessage();
      $("move-values").textContent = "";
      render();
      maybeEngine();
    });
  }
  $("new-form").addEventListener("submit", (e) => {
    e.preventDefault();
    newGameFromForm();
  });

  // ---- analysis ----
  function formatScore(score, mate) {
    if (mate !== undefined && mate !== null) {
      return (mate > 0 ? "wins in " : "loses in ") + Math.abs(mate) + " plies";
    }
    if (score === undefined || score === null) return "–";
    const s = Number(score);
    return (s > 0 ? "+" : "") + s.toFixed(1) + " seeds";
  }

  /// Empties the analysis panel (its lines belong to another position).
  function clearAnalysis() {
    for (const id of ["an-depth", "an-score", "an-pv"]) $(id).textContent = "–";
    $("move-values").textContent = "";
  }

  function stopAnalysis() {
    if (page.analysis) {
      page.analysis.close();
      page.analysis = null;
    }
    $("btn-analyse").textContent = "Start analysis";
  }

  function startAnalysis() {
    const g = page.game;
    if (!g || g.end || page.thinking) return;
    stopAnalysis();
    const ms = Math.max(100, Number($("analysis-time").value) || 10000);
    const show = (d) => {
      if (d.depth !== undefined) $("an-depth").textContent = String(d.depth);
      $("an-score").textContent = formatScore(d.score, d.mate);
      $("an-pv").textContent = (d.pv || []).join(" ");
    };
    const stream = home.stream("/api/games/" + g.id + "/analysis?movetime=" + ms, {
      info(text) {
        const d = parseAnalysis(text);
        if (d) show(d);
      },
      done(text) {
        const d = parseAnalysis(text);
        if (d) {
          show(d);
          const m = g.legal.find((x) => x.move === d.move);
          if (m && page.game === g) {
            page.hint = { hole: m.hole, move: d.move };
            markHint();
          }
        }
        if (page.analysis === stream) stopAnalysis();
      },
      // The engine's `error` event (the search failed), or the stream
      // closed before its `done` event.
      error(text) {
        if (page.analysis !== stream) return;
        if (text) {
          let said = text;
          try {
            said = JSON.parse(text).error || text;
          } catch (err) {
            // Not JSON: show the text as it is.
          }
          showError("Analysis: " + said);
        } else {
          showError("The analysis stream was closed by the server");
        }
        stopAnalysis();
      },
    });
    page.analysis = stream;
    $("btn-analyse").textContent = "Stop analysis";
  }

  /// An `info` or `done` event of the analysis, or null (said) when it is
  /// not JSON.
  function parseAnalysis(text) {
    try {
      return JSON.parse(text);
    } catch (err) {
      showError("Bad analysis data from the server");
      return null;
    }
  }

  $("btn-analyse").addEventListener("click", () => {
    if (page.analysis) stopAnalysis();
    else startAnalysis();
  });

  $("btn-values").addEventListener("click", () => {
    const g = page.game;
    if (!g || g.end || page.thinking) return;
    stopAnalysis();
    const ms = Math.max(100, Math.min(Number($("analysis-time").value) || 1000, 5000));
    const epoch = page.epoch;
    run(async () => {
      $("move-values").textContent = "";
      const r = await api("POST", "/api/games/" + g.id + "/moves", { movetime: ms });
      if (epoch !== page.epoch) return;
      for (const m of r.moves) {
        const li = document.createElement("li");
        li.textContent = m.move + ": " + formatScore(m.score, m.mate) + (m.pv && m.pv.length ? " — " + m.pv.join(" ") : "");
        const entry = g.legal.find((x) => x.move === m.move);
        if (entry) {
          li.addEventListener("mouseenter", () => setPreview(entry));
          li.addEventListener("mouseleave", () => setPreview(null));
        }
        $("move-values").appendChild(li);
      }
    });
  });

  // ---- positions and records ----
  $("btn-copy").addEventListener("click", () => {
    if (!page.game) return;
    const text = page.game.position;
    run(async () => {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
      } else {
        const pos = $("position");
        pos.value = text;
        pos.select();
        if (!document.execCommand("copy")) throw new Error("Copy failed: select the text and copy it by hand");
      }
      showInfo("Position copied: " + text);
    });
  });

  $("btn-setup").addEventListener("click", () => {
    const text = $("position").value.trim();
    if (!text) {
      showError("Paste a position string first");
      return;
    }
    gameCall("/position", { position: text, moves: [] });
  });

  // Downloads the game: the records format (".txt") or OGN (".ogn").
  function saveGame(ogn) {
    const g = page.game;
    if (!g) return;
    run(async () => {
      const text = await api("GET", "/api/games/" + g.id + "/record" + (ogn ? "?format=ogn" : ""));
      const blob = new Blob([typeof text === "string" ? text : JSON.stringify(text)], { type: "text/plain" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "awale-" + g.variant + "-" + new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-") + (ogn ? ".ogn" : ".txt");
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    });
  }
  $("btn-save").addEventListener("click", () => saveGame(false));
  $("btn-save-ogn").addEventListener("click", () => saveGame(true));

  $("load-file").addEventListener("change", (e) => {
    const file = e.target.files && e.target.files[0];
    if (!file || !page.game) return;
    interrupt();
    const epoch = page.epoch;
    run(async () => {
      const text = await file.text();
      e.target.value = "";
      const state = await api("POST", "/api/games/" + page.game.id + "/record", text);
      if (epoch !== page.epoch) return;
      page.game = state;
      page.mode = "two";
      syncForm();
      render();
    });
  });

  // ---- start ----
  /// The game this tab last showed, played again from its start in a new
  /// game, or null when there is none or it no longer builds.
  async function restoredGame() {
    try {
      const setup = JSON.parse(sessionStorage.getItem("awale-setup") || "null");
      if (!setup || typeof setup.variant !== "string") return null;
      return await api("POST", "/api/games", setup);
    } catch (e) {
      return null;
    }
  }

  async function start() {
    if (!home) return;
    setBusy(1);
    try {
      page.variants = await api("GET", "/api/variants");
      fillVariants();
      page.levels = await api("GET", "/api/levels");
      let state = null;
      let id = null;
      try {
        id = sessionStorage.getItem("awale-game");
        // A reload keeps the players the tab had (two people stay two).
        const players = JSON.parse(sessionStorage.getItem("awale-players") || "null");
        if (players && ["two", "engine", "watch"].includes(players.mode)) {
          page.mode = players.mode;
          if (players.humanSide === "S" || players.humanSide === "N") page.humanSide = players.humanSide;
          if (levelStep(players.level)) page.level = levelStep(players.level);
          const ms = Number(players.movetime);
          if (ms >= 10 && ms <= 60000) page.movetime = ms;
          page.flipped = page.mode === "engine" && page.humanSide === "N";
        }
      } catch (e) {
        id = null;
      }
      if (id) {
        try {
          state = await api("GET", "/api/games/" + encodeURIComponent(id));
        } catch (e) {
          state = null; // dropped by the server, or a fresh worker
        }
      }
      if (!state) state = await restoredGame();
      if (!state) state = await api("POST", "/api/games", {});
      page.game = state;
      $("variant").value = state.variant;
      fillOptions();
      fillLevels();
      syncForm();
      render();
      // A game restored with the engine to move: it plays.
      maybeEngine();
    } catch (e) {
      showError(e.message || String(e));
    } finally {
      setBusy(-1);
    }
  }
  start();
})();
