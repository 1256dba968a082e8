// @ts-check
// Shared helpers of the lobby and the game page: HTTP calls, local storage, names, DOM.

export const PLAYER_COLORS = ["#f07800", "#1a9e48", "#00a3c4", "#d6338f", "#8a5a2b", "#6d7f00"];
export const RAILBOT = -1; // the owner id of the Railbot's links and Major Lines (solo game)
export const RAILBOT_COLOR = "#4b4f54";

/** The colour of a seat's track and swatch; the Railbot's is a dark grey.
 * @param {number | null | undefined} owner a seat, or the Railbot (-1)
 * @returns {string}
 */
export function ownerColor(owner) {
  if (owner === RAILBOT || owner === null || owner === undefined || owner < 0) return RAILBOT_COLOR;
  return PLAYER_COLORS[owner % PLAYER_COLORS.length];
}
export const PLAYER_PATTERNS = ["", "8 4", "2 3", "10 3 2 3", "4 4", "12 2"];

/** @type {Record<string, string>} */
export const CUBE_FILL = {
  red: "#d0312d",
  yellow: "#f3c623",
  blue: "#2a62c9",
  purple: "#7d3c98",
  black: "#222222",
  gray: "#9b9b9b",
};
/** @type {Record<string, string>} */
export const CUBE_INK = {
  red: "#ffffff",
  yellow: "#000000",
  blue: "#ffffff",
  purple: "#ffffff",
  black: "#ffffff",
  gray: "#000000",
};
/** @type {Record<string, string>} */
export const COLOR_LETTER = { red: "R", yellow: "Y", blue: "B", purple: "P", black: "K", gray: "G" };

/** An error from the API, with the engine's answer (error, clause, rule) when there is one. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {any} body
   */
  constructor(status, body) {
    const message =
      (body && (body.error || (typeof body.detail === "string" ? body.detail : null))) ||
      (body && body.detail ? JSON.stringify(body.detail) : `HTTP ${status}`);
    super(message);
    this.status = status;
    this.body = body || {};
  }
}

/**
 * @param {Response} response
 */
async function answer(response) {
  let body = null;
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = { error: text };
    }
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

/** Headers for an API call; a seat token goes in Authorization, never in the URL, so it
 * stays out of the server's and any proxy's access log.
 * @param {string} token
 * @param {Record<string, string>} [extra]
 */
function headers(token, extra = {}) {
  /** @type {Record<string, string>} */
  const out = { Accept: "application/json", ...extra };
  if (token) out.Authorization = `Bearer ${token}`;
  return out;
}

/** The server could not be reached at all (no answer, not a refusal). */
export class NetworkError extends Error {
  /** @param {unknown} cause */
  constructor(cause) {
    super("the connection to the server is lost");
    this.cause = cause;
  }
}

/**
 * @param {string} url
 * @param {RequestInit} init
 */
async function request(url, init) {
  let response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    // fetch rejects only when no answer came back (network down, server stopped).
    throw new NetworkError(err);
  }
  return answer(response);
}

/**
 * @param {string} url
 * @param {string} [token]
 * @returns {Promise<any>}
 */
export async function getJSON(url, token = "") {
  return request(url, { headers: headers(token) });
}

/**
 * @param {string} url
 * @param {any} data
 * @param {string} [token]
 * @returns {Promise<any>}
 */
export async function postJSON(url, data, token = "") {
  return request(url, {
    method: "POST",
    headers: headers(token, { "Content-Type": "application/json" }),
    body: JSON.stringify(data),
  });
}

/** The link that opens a game as the token's seat. The token is in the fragment (#), which
 * the browser never sends to the server.
 * @param {string} id
 * @param {string} token
 */
export function gameLink(id, token) {
  return `/game/${encodeURIComponent(id)}#token=${encodeURIComponent(token)}`;
}

// -- the games this browser knows, kept by token ---------------------------------------------
const STORE_KEY = "railways.games";

export function loadGames() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/**
 * @param {any[]} list
 */
export function saveGames(list) {
  localStorage.setItem(STORE_KEY, JSON.stringify(list));
}

/** Remember a game (by its token); a known token is updated in place.
 * @param {Record<string, any>} entry
 */
export function rememberGame(entry) {
  const all = loadGames();
  const old = all.find((g) => g.token === entry.token) || {};
  const list = all.filter((g) => g.token !== entry.token);
  list.unshift({ ...old, ...entry, saved: old.saved || entry.saved || new Date().toISOString() });
  saveGames(list);
}

/**
 * @param {string} token
 */
export function forgetGame(token) {
  saveGames(loadGames().filter((g) => g.token !== token));
}

// -- when each game last moved, as this browser saw it ----------------------------------------
// The server keeps no clock of the moves: a page that sees a game at a new position notes
// the time here, and "since when" is the first time a page of this browser saw it there.
const MOVED_KEY = "railways.moved";

/** The time (ms since the epoch) this browser first saw game ``id`` at position ``index``.
 * @param {string} id
 * @param {number} index
 * @returns {number}
 */
export function movedSince(id, index) {
  /** @type {Record<string, {index: number, at: number}>} */
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(MOVED_KEY) || "{}") || {};
  } catch {
    all = {};
  }
  const known = all[id];
  if (known && known.index === index) return known.at;
  const at = Date.now();
  all[id] = { index, at };
  try {
    localStorage.setItem(MOVED_KEY, JSON.stringify(all));
  } catch {
    // A full or disabled storage only loses the time.
  }
  return at;
}

// -- the guided first game's progress ------------------------------------------------------
// Kept per game id, so the guide can be left and taken up again (the game page, the lobby).
const GUIDE_KEY = "railways.guide";

/**
 * A guided game's progress: the lessons done, whether the player left the guide, the last
 * position whose move the guide has read, and its note on a move other than the suggested one.
 * @typedef {object} GuideRecord
 * @property {string} id the game
 * @property {string} url the seat's link
 * @property {string[]} done
 * @property {boolean} left
 * @property {boolean} finished
 * @property {number} seen
 * @property {string} current the lesson shown last
 * @property {string} note
 */

/** @returns {{latest: string | null, games: Record<string, GuideRecord>}} */
function guideStore() {
  try {
    const stored = JSON.parse(localStorage.getItem(GUIDE_KEY) || "null");
    if (stored && typeof stored === "object" && stored.games) return stored;
  } catch {
    // A damaged entry starts the guide afresh.
  }
  return { latest: null, games: {} };
}

/** The guide's progress in game ``id`` (null where the game is not a guided one).
 * @param {string} id
 * @returns {GuideRecord | null}
 */
export function loadGuide(id) {
  return guideStore().games[id] || null;
}

/** Keep a guided game's progress; it becomes the one the lobby offers to resume.
 * @param {GuideRecord} record
 */
export function saveGuide(record) {
  const store = guideStore();
  store.games[record.id] = record;
  store.latest = record.id;
  try {
    localStorage.setItem(GUIDE_KEY, JSON.stringify(store));
  } catch {
    // A full or disabled storage only loses the progress.
  }
}

/** The latest guided game, unless it is finished. */
export function unfinishedGuide() {
  const store = guideStore();
  const record = store.latest ? store.games[store.latest] : null;
  return record && !record.finished ? record : null;
}

/** A guided game's first record: no lesson done yet.
 * @param {string} id
 * @param {string} url
 * @returns {GuideRecord}
 */
export function newGuide(id, url) {
  return { id, url, done: [], left: false, finished: false, seen: -1, current: "", note: "" };
}

/**
 * @param {string} name
 * @param {any} fallback
 * @returns {any}
 */
export function getPref(name, fallback) {
  const value = localStorage.getItem(`railways.${name}`);
  return value === null ? fallback : JSON.parse(value);
}

/**
 * @param {string} name
 * @param {any} value
 */
export function setPref(name, value) {
  localStorage.setItem(`railways.${name}`, JSON.stringify(value));
}

// -- names ---------------------------------------------------------------------------------
const SMALL = new Set(["of", "the", "and", "to", "a", "in", "on"]);

/** "service-bounty-duluth-2" -> "Service Bounty Duluth"; "st-louis" -> "St. Louis".
 * @param {string | null | undefined} id
 */
export function humanize(id) {
  if (id === null || id === undefined) return "";
  let words = String(id).split(/[-_]/).filter(Boolean);
  if (words.length > 1 && /^\d+$/.test(words[words.length - 1])) words = words.slice(0, -1);
  return words
    .map((w, i) => {
      if (i > 0 && SMALL.has(w)) return w;
      if (w === "st") return "St.";
      if (w === "ft") return "Ft.";
      if (w.length === 2 && /^[a-z]{2}$/.test(w) && !["of", "to", "in", "on"].includes(w)) {
        // initials such as "eh" (E.H. Harriman) read better as letters
        return `${w[0].toUpperCase()}.${w[1].toUpperCase()}.`;
      }
      return w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join(" ");
}

/**
 * @param {number | null | undefined} thousands
 */
export function money(thousands) {
  const value = Number(thousands || 0);
  return value === 0 ? "$0" : `$${value.toLocaleString("en-US")},000`;
}

// -- DOM -----------------------------------------------------------------------------------
/** el("button", {class: "x", onclick: f}, "text", child...)
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...any} children text, nodes, or arrays of them; null, undefined and false are left out
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      node.className = value;
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      Object.assign(node.style, value);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, value);
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * @template {Node} T
 * @param {T} node
 * @returns {T}
 */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/**
 * @param {string} path
 */
export function absoluteUrl(path) {
  return new URL(path, window.location.origin).href;
}

/**
 * @param {string} text
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // clipboard API refused (no permission or insecure origin): fall back to a selection
    const area = el("textarea", { style: { position: "fixed", opacity: "0" } }, text);
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/**
 * @param {string} filename
 * @param {any} data
 */
export function download(filename, data) {
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A short-lived message at the bottom of the screen.
 * @param {string} text
 * @param {string} [kind] info, warn or error
 */
export function toast(text, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = el("div", { class: `toast toast-${kind}` }, text);
  box.append(item);
  setTimeout(() => item.remove(), 4000);
}
