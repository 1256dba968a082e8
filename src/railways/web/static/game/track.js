// @ts-check
// The score and income tracks, drawn as on the printed board beside the players' numbers:
// each player's marker at its points on one and at its income on the other. The markers
// are kept from one drawing to the next, so that they slide as the values change (CSS
// transition, off under prefers-reduced-motion).

import { clear, el, money, ownerColor, RAILBOT } from "../common.js";
import { $, S } from "./state.js";

/** @typedef {import("./state.js").Player} Player */
/**
 * One track: its name, each player's value on it, how it is said, the least length drawn
 * and the step between its numbered marks.
 * @typedef {{key: string, label: string, value: (p: Player) => number, say: (n: number) => string,
 *   least: number, step: number}} Track */

/** @type {Track[]} */
const TRACKS = [
  { key: "score", label: "Track", value: (p) => p.score, say: (n) => `${n} points`, least: 30, step: 10 },
  { key: "income", label: "Income", value: (p) => p.income, say: (n) => `income ${money(n)}`, least: 10, step: 5 },
];

// How far apart (rem) markers on one value are drawn, one above another.
const STACK_REM = 0.45;

/** @type {Map<string, HTMLElement>} "track|seat" -> its marker, kept between drawings */
const markers = new Map();

/** The length of a track: the highest value, rounded up to a mark, and never under ``least``.
 * @param {Track} track
 * @param {number[]} values
 */
function trackLength(track, values) {
  const top = Math.max(track.least, ...values);
  return Math.ceil(top / track.step) * track.step;
}

/** The bar of one track, with its numbered marks, made again only when its length changes.
 * @param {HTMLElement} box
 * @param {Track} track
 * @param {number} length
 */
function trackBar(box, track, length) {
  let row = /** @type {HTMLElement | null} */ (box.querySelector(`.track-row[data-track="${track.key}"]`));
  if (!row) {
    row = el("div", { class: "track-row", "data-track": track.key }, el("span", { class: "track-label" }, track.label), el("div", { class: "track-bar" }));
    box.append(row);
  }
  const bar = /** @type {HTMLElement} */ (row.querySelector(".track-bar"));
  if (bar.dataset.length !== String(length)) {
    bar.dataset.length = String(length);
    for (const tick of bar.querySelectorAll(".track-tick")) tick.remove();
    for (let at = 0; at <= length; at += track.step) {
      const end = at + track.step > length; // its number inside the bar, left of the mark
      bar.prepend(el("span", { class: `track-tick${end ? " track-end" : ""}`, style: { left: `${(100 * at) / length}%` } }, String(at)));
    }
  }
  return bar;
}

export function renderScoreTrack() {
  const box = $("score-track");
  const v = S.view;
  if (!v || !v.players || !v.players.length) {
    clear(box);
    markers.clear();
    return;
  }
  // A solo game: the Railbot scores nothing (RB-051), so its marker on the score track
  // stands at the player's target (RB-014), the score to reach.
  const target = v.plugins && v.plugins.solo ? v.plugins.solo.target_score : null;
  for (const track of TRACKS) {
    const values = v.players.map(track.value);
    const railbot = track.key === "score" && typeof target === "number" ? target : null;
    const length = trackLength(track, railbot === null ? values : [...values, railbot]);
    const bar = trackBar(box, track, length);
    railbotMarker(bar, railbot, length);
    /** @type {Map<number, number>} */
    const count = new Map(); // value -> how many markers are on it
    for (const value of values) count.set(value, (count.get(value) || 0) + 1);
    /** @type {Map<number, number>} */
    const seen = new Map(); // value -> how many of those are drawn already
    v.players.forEach((p, i) => {
      const value = values[i];
      const key = `${track.key}|${p.seat}`;
      let marker = markers.get(key);
      if (!marker || !marker.isConnected) {
        marker = el("span", { class: "track-marker", "data-seat": String(p.seat), style: { background: ownerColor(p.seat) } }, String(p.seat + 1));
        markers.set(key, marker);
      }
      if (marker.parentElement !== bar) bar.append(marker);
      const nth = seen.get(value) || 0;
      seen.set(value, nth + 1);
      marker.dataset.value = String(value);
      marker.style.left = `${(100 * Math.min(value, length)) / length}%`;
      // Markers on one value stand one above another, the column centred on the bar.
      marker.style.marginTop = `${(nth - (count.get(value) - 1) / 2) * STACK_REM - 0.55}rem`;
      marker.title = `${p.name}: ${track.say(value)}`;
    });
  }
}

/** The Railbot's marker on the score track at the solo target (none: ``target`` null).
 * @param {HTMLElement} bar
 * @param {number | null} target
 * @param {number} length
 */
function railbotMarker(bar, target, length) {
  let marker = /** @type {HTMLElement | null} */ (bar.querySelector(".track-railbot"));
  if (target === null) {
    if (marker) marker.remove();
    return;
  }
  if (!marker) {
    marker = el("span", { class: "track-marker track-railbot", "data-seat": String(RAILBOT), style: { background: ownerColor(RAILBOT) } }, "R");
    bar.append(marker);
  }
  marker.dataset.value = String(target);
  marker.style.left = `${(100 * target) / length}%`;
  marker.style.marginTop = "-0.55rem";
  marker.title = `Railbot: your target, ${target} points (the Railbot scores none itself)`;
}
