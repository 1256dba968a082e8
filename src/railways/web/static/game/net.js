// @ts-check
// Talking to the server: the game's state, sending moves (with retries), the live WebSocket,
// and the error panel that shows a refusal or a lost connection.

import { ApiError, getJSON, NetworkError, postJSON, toast } from "../common.js";
import { addChat } from "./chat.js";
import { noteUpdate } from "./moves.js";
import { renderReplayBar } from "./replay-bar.js";
import { cancelMode } from "./seat.js";
import { $, $dialog, gameUrl, redraw, S, TOKEN } from "./state.js";

/** @typedef {import("./state.js").Action} Action */
/** @typedef {import("./state.js").Update} Update */

export async function refresh() {
  const data = await getJSON(gameUrl(), TOKEN);
  apply(data, true);
  return data;
}

/**
 * @param {Update} data
 * @param {boolean} [force] draw it even if it is not newer
 */
export function apply(data, force = false) {
  if (!data || !data.view) return;
  if (S.replay) {
    // While stepping through the past, the game going on is only counted, not drawn.
    S.replay.total = Math.max(S.replay.total, data.action_index ?? 0);
    S.replay.pending = true;
    renderReplayBar();
    return;
  }
  const index = data.action_index ?? 0;
  if (!force && index < S.index) return;
  const moved = index !== S.index;
  if (data.seat !== undefined) S.seat = data.seat;
  else if (data.view.seat !== undefined) S.seat = data.view.seat;
  if (data.table) S.table = data.table;
  const prev = S.view;
  S.index = index;
  S.view = data.view;
  if (moved) noteUpdate(prev, data.view, index, prev === null);
  S.legal = data.legal || null;
  if (data.chosen_seed !== undefined) {
    // Somebody chose this game's seed (or imported its record): every seat is shown it.
    const seedNote = $("status-seed");
    seedNote.textContent = `Chosen seed ${data.chosen_seed}: every seat can see it`;
    seedNote.hidden = false;
  }
  if (moved) S.armed = null; // a first press on a costly move asked about the old position
  if (moved && S.mode) cancelMode(false);
  redraw();
}

/**
 * @param {Action} action
 */
export async function send(action) {
  if (S.busy) return false;
  if (S.seat === null) {
    toast("Spectators cannot move.", "warn");
    return false;
  }
  S.busy = true;
  document.body.classList.add("busy");
  const lesson = S.lesson;
  try {
    const data = await postWithRetry(gameUrl("/actions"), { token: TOKEN, after: S.index, action });
    hideError();
    cancelMode(false);
    const index = data && data.action_index !== undefined ? data.action_index : S.index + 1;
    S.sent = { kind: action.kind, index, lesson };
    // The live updates may have brought this move (and later ones) first: draw anyway, so
    // the page reads the move just taken (the guide's lesson).
    const stale = index < S.index;
    apply(data);
    if (stale) redraw();
    return true;
  } catch (err) {
    if (err instanceof NetworkError) {
      showError("the server cannot be reached, so the move was not sent. Check the connection and try again.", null, null, "Connection lost:");
    } else if (err instanceof ApiError && err.status === 409) {
      toast("The game moved on meanwhile; here is the new position.", "warn");
      await refresh().catch(() => {});
    } else if (err instanceof ApiError && err.status === 400) {
      showError(err.body.error || err.message, err.body.clause, err.body.rule);
    } else if (err instanceof ApiError && err.status === 403) {
      showError("This link cannot move for that seat (a spectator link, or a wrong token).");
    } else {
      showError(err.message || String(err), null, null, "Something went wrong:");
    }
    return false;
  } finally {
    S.busy = false;
    document.body.classList.remove("busy");
  }
}

// Waits between tries when the server cannot be reached. Sending again is safe: the move
// names the position it was made in (`after`), so a copy that already arrived is refused (409).
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000];

/**
 * @param {string} url
 * @param {any} body
 */
export async function postWithRetry(url, body) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await postJSON(url, body);
    } catch (err) {
      if (!(err instanceof NetworkError) || attempt >= RETRY_DELAYS_MS.length) throw err;
      showError("the server cannot be reached; trying again…", null, null, "Connection lost:");
      document.body.dataset.retrying = String(attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    } finally {
      delete document.body.dataset.retrying;
    }
  }
}

export function connect() {
  const proto = window.location.protocol === "https:" ? "wss" : "ws";
  const url = `${proto}://${window.location.host}${gameUrl("/ws")}`;
  let ws;
  try {
    ws = new WebSocket(url);
  } catch {
    scheduleReconnect();
    return;
  }
  S.ws = ws;
  ws.onopen = () => {
    ws.send(JSON.stringify({ token: TOKEN })); // the first message names the seat
    S.wsDelay = 1000;
    setConn(true);
  };
  ws.onmessage = (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    if (msg && msg.type === "update") apply(msg);
    else if (msg && msg.type === "chat") addChat(msg.messages || []);
  };
  ws.onclose = (event) => {
    if (S.ws !== ws) return;
    setConn(false);
    if (event.code >= 4000 && event.code < 5000) {
      // The server refused this link (4000 + an HTTP status): retrying will not help.
      showError(`Live updates refused: ${event.reason || `code ${event.code}`}`);
      return;
    }
    if (event.code === 1012) S.wsDelay = 200; // the server reloaded the game: come back at once
    scheduleReconnect();
  };
  ws.onerror = () => ws.close();
}

export function scheduleReconnect() {
  const delay = S.wsDelay;
  S.wsDelay = Math.min(S.wsDelay * 2, 10000);
  setTimeout(() => {
    refresh().catch(() => {});
    connect();
  }, delay);
}

/**
 * @param {boolean} live
 */
export function setConn(live) {
  S.wsLive = live;
  const c = $("conn");
  c.classList.toggle("conn-live", live);
  c.classList.toggle("conn-down", !live);
  c.title = live ? "Live: updates arrive as they happen" : "Reconnecting…";
  document.body.dataset.live = live ? "1" : "0";
}

/** Show a refusal (the default title) or another problem under its own title.
 * @param {string} message
 * @param {string | null} [clause]
 * @param {string | null} [rule]
 * @param {string} [title]
 */
export function showError(message, clause, rule, title = "Not allowed:") {
  $("error-title").textContent = title;
  $("error-message").textContent = message;
  const link = $("error-rule-link");
  if (clause) {
    link.hidden = false;
    link.textContent = `Rule ${clause}: what it says`;
    link.dataset.clause = clause;
    link.dataset.rule = rule || "";
  } else {
    link.hidden = true;
  }
  $("error-panel").hidden = false;
}

export function hideError() {
  $("error-panel").hidden = true;
}

/**
 * @param {string} clause
 * @param {string} [fallback]
 */
export async function openRule(clause, fallback) {
  $("rule-title").textContent = `Rule ${clause}`;
  $("rule-text").textContent = fallback || "Loading…";
  const dialog = $dialog("rule-dialog");
  if (!dialog.open) dialog.showModal();
  try {
    const data = await getJSON(`/api/rules/${encodeURIComponent(clause)}`);
    $("rule-text").textContent = data.summary || fallback || "(no summary)";
  } catch (err) {
    if (!fallback) $("rule-text").textContent = `No summary for ${clause} (${err.message}).`;
  }
}
