// @ts-check
// The board on the page: what it highlights in each mode, clicks on hexes, city tooltips,
// the legend and colour-blind mode (zoom and position: zoom.js).

import { clear, el, humanize, setPref, toast } from "../common.js";
import { buildClick, buildOrigins, buildStarts, enterBuild, originName, ownOpenEnds } from "./build.js";
import { deliverClick, deliveryEntries, enterDeliver } from "./deliver.js";
import { cityName, playerName } from "./names.js";
import { outOfPlay, outOfPlayLines, westShade } from "./solo.js";
import { inActions } from "./seat.js";
import { $, S, board, gameUrl, redraw } from "./state.js";
import { urbanizeOptions } from "./urbanize.js";

/** @typedef {import("./state.js").Hit} Hit */

/**
 * @param {Hit} hit
 */
export function onHex(hit) {
  if (!S.view) return;
  if (hit.city && outOfPlay(hit.city) && S.mode !== "build") {
    toast(`${cityName(hit.city)} is not in play in the solo game.`, "warn");
    return;
  }
  if (S.mode === "build") return buildClick(hit);
  if (S.mode === "deliver") return deliverClick(hit);
  if (S.mode === "urbanize") {
    if (hit.city && urbanizeOptions().some((a) => a.city === hit.city)) {
      S.urb.city = hit.city;
      redraw();
    }
    return;
  }
  if (inActions()) {
    // Outside a mode: a click on a live cube starts a delivery; elsewhere, a build.
    if (hit.cube && deliveryEntries().some((e) => e.city === hit.cube.city)) {
      enterDeliver();
      if (S.mode === "deliver") deliverClick(hit);
      return;
    }
    if (hit.city || ownOpenEnds().some((h) => h[0] === hit.row && h[1] === hit.col)) {
      enterBuild();
      buildClick(hit);
    }
  }
}

export function renderBoard() {
  if (!board || !board.svg) return;
  const emphasis = new Set();
  let live = new Set();
  const highlights = [];
  if (S.mode === "deliver") {
    for (const e of deliveryEntries()) {
      live.add(`${e.city}|${e.color}`);
      const city = board.cities.get(e.city);
      if (city) highlights.push({ row: city.row, col: city.col, kind: "source" });
    }
    const d = S.deliver;
    if (d.route) {
      for (const id of d.route.action.links) emphasis.add(id);
      const dest = board.cities.get(d.route.destination);
      if (dest) highlights.push({ row: dest.row, col: dest.col, kind: "dest", label: "" });
    }
  } else if (inActions()) {
    for (const e of deliveryEntries()) live.add(`${e.city}|${e.color}`);
  } else {
    live = new Set();
  }
  board.draw(S.view, { emphasis, liveCubes: live, shade: westShade() });
  board.markLines(outOfPlayLines());
  board.clearPreview();
  if (S.mode === "build") {
    const b = S.build;
    if (!b.path.length) {
      // Own track where the engine lets a new link start (a Switch Track, a map's or module's
      // rule): a start too, marked (first: of two highlights of one hex, the first is kept).
      for (const o of buildOrigins()) {
        highlights.push({ row: o.hex[0], col: o.hex[1], kind: "start", extra: `hl-${o.kind}`, label: originName(o.kind).symbol });
      }
      for (const [row, col] of buildStarts()) highlights.push({ row, col, kind: "start" });
    } else {
      b.path.forEach(([row, col], i) => highlights.push({ row, col, kind: "path", label: i === 0 ? "" : "" }));
      for (const h of b.next) {
        if (h.cost === null) {
          highlights.push({ row: h.row, col: h.col, kind: "next", extra: "hl-turn", label: "↻" });
          continue;
        }
        highlights.push({
          row: h.row,
          col: h.col,
          kind: "next",
          extra: h.completes ? "hl-done" : "",
          label: `$${h.cost}`,
        });
      }
      board.setPreview(b.path, b.completes ? null : b.exit, S.seat);
    }
  } else if (S.mode === "urbanize") {
    for (const a of urbanizeOptions()) {
      const city = board.cities.get(a.city);
      if (city) highlights.push({ row: city.row, col: city.col, kind: a.city === S.urb.city ? "dest" : "source" });
    }
  }
  // de-duplicate (urbanize lists a city once per colour)
  const seen = new Set();
  board.setHighlights(
    highlights.filter((h) => {
      const key = `${h.row},${h.col},${h.kind}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  );
}

/**
 * @param {boolean} on
 */
export async function setColorblind(on) {
  S.colorblind = on;
  setPref("colorblind", on);
  document.body.classList.toggle("colorblind", on);
  const btn = $("btn-colorblind");
  btn.setAttribute("aria-pressed", String(on));
  btn.classList.toggle("on", on);
  if (board && S.mapId) {
    const zoom = board.zoom;
    const scroll = [board.container.scrollLeft, board.container.scrollTop];
    await board.load(S.mapId, on, gameUrl("/board.svg"));
    board.setZoom(zoom);
    [board.container.scrollLeft, board.container.scrollTop] = scroll;
  }
  redraw();
}

/** What a player wants to know about a city at a glance: colour, cubes, links, markers.
 * @param {string} id
 */
export function cityTooltip(id) {
  const v = S.view;
  const city = board.cities.get(id);
  if (!v || !city) return null;
  const cubes = (v.cubes && v.cubes[id]) || [];
  const links = (v.links || []).filter((l) => l.start === id || l.end === id);
  const markers = (v.markers || []).filter((m) => m.city === id);
  const lines = [`${city.name} (${humanize(city.color)} city)`];
  lines.push(cubes.length ? `Goods: ${cubes.map(humanize).join(", ")}` : "No goods");
  if (v.empty_cities && v.empty_cities.includes(id)) lines.push("Empty City Marker");
  for (const l of links) {
    const other = l.start === id ? l.end : l.start;
    const owner = l.owner === null || l.owner === undefined ? "nobody" : playerName(l.owner);
    lines.push(other ? `Link to ${cityName(other)}: ${owner}` : `Unfinished link: ${owner}`);
  }
  for (const m of markers) lines.push(`${m.label}${m.owner !== null && m.owner !== undefined ? `: ${playerName(m.owner)}` : ""}`);
  return lines;
}

export function wireTooltips() {
  const tip = el("div", { id: "city-tip", class: "city-tip", role: "tooltip", hidden: true });
  document.body.append(tip);
  const container = $("board-view");
  container.addEventListener("pointerover", (event) => {
    const target = /** @type {Element} */ (event.target);
    const g = /** @type {SVGGElement | null} */ (target.closest && target.closest("g.city"));
    const lines = g ? cityTooltip(g.dataset.city) : null;
    if (!lines) {
      tip.hidden = true;
      return;
    }
    clear(tip).append(el("strong", {}, lines[0]), ...lines.slice(1).map((t) => el("div", {}, t)));
    tip.hidden = false;
    tip.dataset.city = g.dataset.city;
    const r = g.getBoundingClientRect();
    tip.style.left = `${Math.round(Math.min(r.right + 8, window.innerWidth - 260))}px`;
    tip.style.top = `${Math.round(Math.max(8, r.top))}px`;
  });
  // A finger leaves the board as it lifts: its tip stays until the next tap elsewhere (a
  // city whose name is hidden at this zoom is read this way on a touch screen).
  container.addEventListener("pointerleave", (event) => {
    if (event.pointerType !== "touch") tip.hidden = true;
  });
}

export function toggleLegend() {
  board.showLegend(!board.legend);
  $("btn-legend").setAttribute("aria-pressed", String(board.legend));
  $("btn-legend").classList.toggle("on", board.legend);
}
