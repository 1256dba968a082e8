// @ts-check
// The board shows what happened: each seat's latest move (track laid, a delivery's route and
// its two cities, an urbanized city) stays marked in the seat's colour until that seat moves
// again, older ones fainter. A move that just arrived pulses for a moment and is said in the
// ticker over the board, so bot moves, which arrive one update at a time, can be followed
// step by step; a new build comes in hex by hex and a new delivery's cube runs along its
// route (nothing moves under prefers-reduced-motion). An undo is said as such (ticker and log) and its marks go.

import { CUBE_FILL, el, ownerColor } from "../common.js";
import { cityName, playerName, swatch } from "./names.js";
import { S, board } from "./state.js";

const SVGNS = "http://www.w3.org/2000/svg";
const TICKER_MS = 6000; // how long the ticker keeps a move
const UNDONE_MS = 2500; // how long an undone move's marks stay, struck through
const PULSE_MS = 2400; // a new move's pulse (style.css: three times 0.8 s)
const TILE_MS = 250; // a new build: one hex after another, at most this far apart
const HOP_MS = 220; // a new delivery: the cube's time from one hex of its route to the next

/** @typedef {import("./state.js").LastMove} LastMove */
/** @typedef {import("./state.js").View} View */

/** What the page last drew: the newest move index seen, an undone move being shown. */
const seen = {
  /** @type {number} */ newest: -1,
  /** @type {Set<string>} moves that arrived in the latest update (they pulse) */
  fresh: new Set(),
  /** @type {number} when they arrived (performance.now) */
  freshAt: 0,
  /** @type {LastMove | null} */ undone: null,
  /** @type {number | undefined} */ undoneTimer: undefined,
  /** @type {number | undefined} */ tickerTimer: undefined,
  /** @type {number} the action index whose undo was already told */
  undoTold: -1,
};

/** Every move the ticker told, in order (for the console and the browser tests).
 * @type {Array<{index: number, seat: number | null, kind: string, lines: string[]}>} */
export const told = [];

/** Every new move drawn, the first time it is: whether it moved (a build tile by tile, a
 * delivery's cube along its route) and in how many parts (for the browser tests).
 * @type {Array<{index: number, seat: number, kind: string, animated: boolean, parts: number}>} */
export const motions = [];

/** @param {LastMove} m
 * @param {LastMove} m
 */
function moveKey(m) {
  return `${m.seat}:${m.index}:${m.kind}`;
}

/**
 * A new position arrived (a live update, not a replay step): find what changed since
 * ``prev`` and tell it (ticker, log note for an undo). ``first``: the page's first view,
 * whose moves are old news and do not pulse.
 * @param {View | null} prev
 * @param {View} next
 * @param {number} index the new position's action index
 * @param {boolean} first
 * @param {boolean} [replaying] a replay step: told and marked, but nothing added to the log
 */
export function noteUpdate(prev, next, index, first, replaying = false) {
  const moves = next.last_moves || [];
  seen.fresh = new Set();
  seen.freshAt = performance.now();
  if (!first) {
    for (const m of moves) if (m.index > seen.newest) seen.fresh.add(moveKey(m));
  }
  seen.newest = moves.reduce((top, m) => Math.max(top, m.index), -1);
  const undone = next.undone || null;
  if (undone && !first && seen.undoTold !== index) {
    seen.undoTold = index;
    const text = `${playerName(undone.seat)} took back ${undone.seat === S.seat ? "your" : "their"} last move (${moveName(undone)})`;
    if (!replaying) S.notes.push({ at: (next.log || []).length, text, cls: "log-undo" });
    showUndone(undone);
    tick([text], undone.seat, "undo", index);
    return;
  }
  if (first || !prev) return;
  const added = newLines(prev.log || [], next.log || []);
  if (added.length) tick(added, actorOf(prev, next), "move", index);
}

/** A position drawn without news (a replay step back): nothing pulses, and a later step on
 * is new again from here.
 * @param {View} view */
export function noteQuietly(view) {
  seen.fresh = new Set();
  seen.newest = (view.last_moves || []).reduce((top, m) => Math.max(top, m.index), -1);
}

/** The log lines ``next`` has beyond ``prev`` (none when the log was cut or rewritten). */
function newLines(/** @type {string[]} */ prev, /** @type {string[]} */ next) {
  if (next.length <= prev.length) return [];
  for (let i = prev.length - 1; i >= Math.max(0, prev.length - 3); i--) {
    if (prev[i] !== next[i]) return next.slice(-1); // the window moved: show the newest
  }
  return next.slice(prev.length);
}

/** Who moved between two positions: the seat whose newest move changed, else who was to act. */
function actorOf(/** @type {View} */ prev, /** @type {View} */ next) {
  const newest = (next.last_moves || []).slice(-1)[0];
  const before = (prev.last_moves || []).slice(-1)[0];
  if (newest && (!before || moveKey(newest) !== moveKey(before))) return newest.seat;
  return prev.to_act;
}

/** A move's kind in words. */
export function moveName(/** @type {LastMove} */ m) {
  if (m.kind === "build_track") return "track";
  if (m.kind === "deliver_goods") return `a ${m.color || ""} delivery`.replace("  ", " ");
  if (m.kind === "urbanize") return m.cities.length ? `urbanizing ${cityName(m.cities[0])}` : "urbanizing";
  return m.kind.replace(/_/g, " ");
}

/** Put ``lines`` in the ticker over the board for a few seconds. */
function tick(/** @type {string[]} */ lines, /** @type {number | null} */ seat, /** @type {string} */ kind, /** @type {number} */ index) {
  told.push({ index, seat, kind, lines });
  const box = ticker();
  if (!box) return;
  box.replaceChildren(
    ...lines.slice(-3).map((line) => el("div", { class: "ticker-line" }, seat === null || seat === undefined ? null : swatch(seat), line)),
  );
  box.dataset.kind = kind;
  box.dataset.index = String(index);
  box.dataset.seat = seat === null || seat === undefined ? "" : String(seat);
  box.hidden = false;
  window.clearTimeout(seen.tickerTimer);
  seen.tickerTimer = window.setTimeout(() => {
    box.hidden = true;
  }, TICKER_MS);
}

/** The ticker element over the board, made on first use. */
function ticker() {
  let box = document.getElementById("move-ticker");
  if (box) return box;
  const area = document.querySelector(".board-area");
  if (!area) return null;
  box = el("div", { id: "move-ticker", class: "move-ticker", role: "status", "aria-live": "polite", hidden: true });
  area.append(box);
  return box;
}

/** Show an undone move's places struck through for a moment. */
function showUndone(/** @type {LastMove} */ m) {
  seen.undone = m;
  window.clearTimeout(seen.undoneTimer);
  seen.undoneTimer = window.setTimeout(() => {
    seen.undone = null;
    renderMoves();
  }, UNDONE_MS);
}

/**
 * The hexes a move marks: a build's path (its first hex is where it started), the tiles of
 * a delivery's links, and the hexes of the cities it names.
 * @param {LastMove} m
 * @param {View} view
 * @returns {{hexes: Array<[number, number]>, cities: Array<[number, number]>}}
 */
export function movePlaces(m, view) {
  /** @type {Array<[number, number]>} */
  const hexes = [];
  if (m.kind === "build_track") {
    for (const [r, c] of m.hexes.slice(1)) hexes.push([r, c]);
  }
  if (m.links.length) {
    const byId = new Map((view.links || []).map((l) => [l.id, l]));
    for (const id of m.links) {
      let link = byId.get(id);
      if (link && link.way_of !== undefined && link.way_of !== null) link = byId.get(link.way_of);
      for (const [r, c] of (link && link.tiles) || []) hexes.push([r, c]);
    }
  }
  /** @type {Array<[number, number]>} */
  const cities = [];
  for (const id of m.cities) {
    const city = board && board.cities.get(id);
    if (city) cities.push([city.row, city.col]);
  }
  if (m.kind === "build_track" && m.hexes.length) {
    const [r, c] = m.hexes[0];
    if (board && board.cityAtHex(r, c)) cities.push([r, c]);
  }
  return { hexes, cities };
}

/** @param {string} tag @param {Record<string, string | number | null>} attrs
 * @param {string} tag
 * @param {Record<string, string | number | null>} attrs
 */
function svg(tag, attrs) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null) node.setAttribute(k, String(v));
  return node;
}

/** The layer the marks go in: under the mode highlights, over the track; made on demand
 * (a colour-blind switch loads the board picture again). */
function layer() {
  if (!board || !board.svg) return null;
  let g = board.svg.querySelector("#layer-recent");
  if (g) return g;
  const highlights = board.svg.querySelector("#layer-highlights");
  if (!highlights) return null;
  // Marks only: clicks go through to the hexes under them.
  g = svg("g", { id: "layer-recent", "pointer-events": "none" });
  highlights.before(g);
  return g;
}

/** Draw every seat's latest move (and an undone one, struck through) from the view. */
export function renderMoves() {
  const g = layer();
  if (!g || !S.view) return;
  g.replaceChildren();
  const view = S.view;
  const moves = view.last_moves || [];
  const newest = moves.length ? moves[moves.length - 1] : null;
  const s = board.size;
  /** @type {Array<[LastMove, string]>} */
  const drawn = moves.map((m) => [m, m === newest ? "newest" : "older"]);
  if (seen.undone) drawn.push([seen.undone, "undone"]);
  // The page draws again on every click; a pulse goes on where it was, and only once.
  const elapsed = performance.now() - seen.freshAt;
  for (const [m, age] of drawn) {
    const fresh = seen.fresh.has(moveKey(m)) && age !== "undone" && elapsed < PULSE_MS;
    const color = ownerColor(m.seat);
    const group = svg("g", {
      class: `recent recent-${m.kind} recent-${age}${fresh ? " recent-fresh" : ""}`,
      "data-seat": m.seat,
      "data-kind": m.kind,
      "data-index": m.index,
    });
    if (fresh) group.style.animationDelay = `-${Math.round(elapsed)}ms`;
    const places = movePlaces(m, view);
    const moving = fresh && !stillPage();
    for (const [r, c] of places.hexes) {
      group.append(
        svg("polygon", {
          class: "recent-hex",
          points: board.geo.corners(r, c, 0.86)
            .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
            .join(" "),
          stroke: color,
          fill: color,
          "data-row": r,
          "data-col": c,
        }),
      );
    }
    for (const [r, c] of places.cities) {
      const [x, y] = board.geo.center(r, c);
      group.append(
        svg("circle", {
          class: "recent-city",
          cx: x.toFixed(1),
          cy: y.toFixed(1),
          r: (s * 0.95).toFixed(1),
          stroke: color,
          "data-row": r,
          "data-col": c,
        }),
      );
    }
    g.append(group);
    let parts = 0;
    if (moving && m.kind === "build_track") parts = layTileByTile(group, elapsed);
    if (moving && m.kind === "deliver_goods") parts = carryTheCube(group, m, view, elapsed);
    if (fresh && !motions.some((x) => x.index === m.index && x.seat === m.seat)) {
      motions.push({ index: m.index, seat: m.seat, kind: m.kind, animated: parts > 0, parts });
    }
  }
  document.body.dataset.lastMoves = moves.map((m) => `${m.seat}:${m.kind}`).join(" ");
}

/** Whether the player asked for less motion: then a move only shows, nothing moves. */
export function stillPage() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** A new build's hexes come in one after another, in the order they were laid; ``elapsed``:
 * how long ago the move arrived (a redraw carries on where it was).
 * @param {SVGElement} group
 * @param {number} elapsed
 * @returns {number} the hexes that come in
 */
function layTileByTile(group, elapsed) {
  const tiles = [...group.querySelectorAll(".recent-hex")];
  if (elapsed >= PULSE_MS) return 0;
  const step = Math.min(TILE_MS, PULSE_MS / Math.max(1, tiles.length));
  tiles.forEach((tile, i) => {
    const shown = tile.animate([{ opacity: 0 }, { opacity: 1 }], { duration: step, delay: i * step, fill: "backwards", easing: "ease-out" });
    shown.currentTime = elapsed;
  });
  return tiles.length;
}

/**
 * The centres a delivery's cube passes, from its city to where it is delivered: each link
 * walked from the end the cube reaches it by.
 * @param {LastMove} m
 * @param {View} view
 * @returns {Array<[number, number]>}
 */
export function routeCentres(m, view) {
  const byId = new Map((view.links || []).map((l) => [l.id, l]));
  const cityAt = (/** @type {string} */ id) => board.cities.get(id);
  let here = m.cities[0];
  const start = cityAt(here);
  if (!start) return [];
  /** @type {Array<[number, number]>} */
  const points = [board.geo.center(start.row, start.col)];
  for (const id of m.links) {
    let link = byId.get(id);
    if (link && link.way_of !== undefined && link.way_of !== null) link = byId.get(link.way_of);
    if (!link || !link.end) return points;
    const forward = link.start === here;
    const tiles = forward ? link.tiles : [...link.tiles].reverse();
    for (const [r, c] of tiles) points.push(board.geo.center(r, c));
    here = forward ? link.end : link.start;
    const city = cityAt(here);
    if (city) points.push(board.geo.center(city.row, city.col));
  }
  return points;
}

/** A new delivery: a cube of its colour runs along the route to the city it was delivered
 * to, then goes.
 * @param {SVGElement} group
 * @param {LastMove} m
 * @param {View} view
 * @param {number} elapsed
 * @returns {number} the centres the cube passes (0: it does not run)
 */
function carryTheCube(group, m, view, elapsed) {
  const points = routeCentres(m, view);
  if (points.length < 2) return 0;
  const duration = Math.min(PULSE_MS, HOP_MS * (points.length - 1));
  if (elapsed >= duration) return 0;
  const half = board.size * 0.3;
  const cube = svg("rect", {
    class: "recent-cube",
    x: (-half).toFixed(1),
    y: (-half).toFixed(1),
    width: (2 * half).toFixed(1),
    height: (2 * half).toFixed(1),
    fill: CUBE_FILL[m.color || ""] || "#888",
  });
  group.append(cube);
  const frames = points.map(([x, y]) => ({ transform: `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)` }));
  const run = cube.animate(frames, { duration, easing: "linear", fill: "both" });
  run.currentTime = elapsed;
  run.finished.then(() => cube.remove()).catch(() => {});
  return points.length;
}
