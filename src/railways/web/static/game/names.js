// @ts-check
// Names and small pieces of the page: cards, barons, cities, players, swatches, cube chips.

import { COLOR_LETTER, CUBE_FILL, el, humanize, ownerColor, RAILBOT } from "../common.js";
import { board, S } from "./state.js";

/**
 * @param {string} id
 */
export function cardName(id) {
  if (!id) return "";
  const base = String(id).replace(/-\d+$/, "");
  return S.names.cards[id] || S.names.cards[base] || humanize(id);
}

/**
 * @param {string} id
 */
export function baronName(id) {
  return S.names.barons[id] || humanize(id);
}

/** A card's or baron's text, when the server gives one (for tooltips).
 * @param {string} id
 */
export function cardText(id) {
  const texts = S.names.texts || {};
  return texts[id] || texts[String(id).replace(/-\d+$/, "")] || id;
}

/** A card (or Rail Baron) by name whose text shows on hover, on keyboard focus and on a
 * tap (touch has no hover): the same words the terminal prints.
 * @param {string} id
 * @param {{baron?: boolean, label?: string, class?: string}} [opts]
 */
export function cardChip(id, opts = {}) {
  const name = opts.baron ? baronName(id) : cardName(id);
  const text = opts.baron ? baronText(id) : cardText(id);
  const label = opts.label || name;
  return el(
    "span",
    {
      class: `card-chip${opts.class ? ` ${opts.class}` : ""}`,
      tabindex: 0,
      "data-card": opts.baron ? null : id,
      "data-baron": opts.baron ? id : null,
    },
    el("span", { class: "card-name" }, label),
    el("span", { class: "card-text", role: "note" }, text),
  );
}

/**
 * @param {string} id
 */
export function baronText(id) {
  const texts = S.names.texts || {};
  return texts[id] || "(no text for this Rail Baron)";
}

/** The icon of an Operations card (circle, x, hand, infinity, diamond), from the map's deck.
 * @param {string} id
 */
export function cardIcon(id) {
  const cards = (S.mapInfo && S.mapInfo.cards) || {};
  const c = cards[id] || cards[String(id).replace(/-\d+$/, "")];
  return c ? c.icon : "";
}

/**
 * @param {string} id
 */
export function cityName(id) {
  return board ? board.cityName(id) : humanize(id);
}

/**
 * @param {number | null | undefined} seat
 */
export function playerName(seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (seat === RAILBOT) return "the Railbot";
  const p = S.view && S.view.players[seat];
  const name = p ? p.name : `Player ${seat + 1}`;
  return seat === S.seat ? `${name} (you)` : name;
}

/**
 * @param {number | null} seat
 */
export function swatch(seat) {
  return el("span", {
    class: "swatch",
    style: { background: ownerColor(seat) },
    "aria-hidden": "true",
  });
}

/**
 * @param {string} color
 */
export function cubeChip(color) {
  return el(
    "span",
    {
      class: "cube-chip",
      style: { background: CUBE_FILL[color] || "#999" },
      title: color,
      "data-color": color,
    },
    S.colorblind ? COLOR_LETTER[color] || "?" : "",
  );
}

/**
 * @param {any} data the map's card and baron lists
 */
export function readNames(data) {
  // Optional names from the server: {"cards": {id: name} | [{id, name}], "barons": ...}.
  const take = (/** @type {any} */ src) => {
    /** @type {Record<string, string>} */
    const out = {};
    if (Array.isArray(src)) {
      for (const item of src) if (item && item.id) out[item.id] = item.name || humanize(item.id);
    } else if (src && typeof src === "object") {
      for (const [k, v] of Object.entries(src)) out[k] = typeof v === "string" ? v : v?.name;
    }
    return out;
  };
  const texts = (/** @type {any} */ src) => {
    /** @type {Record<string, string>} */
    const out = {};
    const items = Array.isArray(src) ? src : Object.entries(src || {}).map(([id, v]) => ({ id, ...(typeof v === "object" ? v : {}) }));
    for (const item of items) if (item && item.id && item.text) out[item.id] = item.text;
    return out;
  };
  if (!data || typeof data !== "object") return;
  S.names.cards = { ...S.names.cards, ...take(data.cards || data.operations) };
  S.names.barons = { ...S.names.barons, ...take(data.barons) };
  S.names.texts = { ...(S.names.texts || {}), ...texts(data.cards || data.operations), ...texts(data.barons) };
  // Which cards may be named on a build (the server says so per card: Ferry Line, Tunnel Engineer...).
  if (data.cards && typeof data.cards === "object" && !Array.isArray(data.cards)) {
    S.names.onBuild = { ...(S.names.onBuild || {}) };
    for (const [k, v] of Object.entries(data.cards)) if (v && typeof v === "object" && "on_build" in v) S.names.onBuild[k] = Boolean(v.on_build);
  }
}

/** Whether a held card can be played on a build.
 * @param {string} id
 */
export function playsOnBuild(id) {
  const known = (S.names.onBuild || {})[id];
  return known === undefined ? /^(land-grant|perfect-engineering)/.test(id) : known;
}

/**
 * @param {string | Node | Array<string | Node>} label
 * @param {(event: MouseEvent) => any} onclick
 * @param {Record<string, any>} [attrs]
 */
export function button(label, onclick, attrs = {}) {
  return el("button", { type: "button", onclick, ...attrs }, label);
}
