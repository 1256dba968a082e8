// @ts-check
// The game page: /game/{id}#token=... (or ?token=..., or /static/game.html?id=...&token=...).
// A token in the query is moved to the fragment at once, so reloads do not send it.
//
// It shows the board and the game as the server's view says, offers the seat's legal
// moves (from the server's LegalActions) and sends actions. Live updates arrive over a
// WebSocket; every update re-renders the page. This file wires the page's modules
// (game/*.js, one per panel) together and starts them. Their imports run one way: the state
// (game/state.js), what the seat may do (seat.js), the server (net.js), the panels, the board
// view, and status.js's render, which draws them all; a module that changes the state asks
// for a redraw through state.js, and this file hands render in (onRedraw).

import { Board } from "./board.js";
import { gameLink, getJSON, rememberGame } from "./common.js";
import { confirmMode, doBid, doPass, doUndo } from "./game/actions.js";
import { onHex, setColorblind, toggleLegend, wireTooltips } from "./game/board-view.js";
import { enterBuild, stepBack } from "./game/build.js";
import { enterDeliver } from "./game/deliver.js";
import { wireDrawer } from "./game/drawer.js";
import { motions, told } from "./game/moves.js";
import { readNames } from "./game/names.js";
import { apply, connect, hideError, openRule, refresh, setConn, showError } from "./game/net.js";
import { wireCardTexts } from "./game/ops.js";
import { enterReplay, replayStep, wireReplay } from "./game/replay.js";
import { cancelMode } from "./game/seat.js";
import { wireSheet } from "./game/sheet.js";
import { $, $input, board, GAME_ID, gameUrl, onRedraw, S, setBoard, TOKEN } from "./game/state.js";
import { exportRecord, openDialog, render } from "./game/status.js";
import { wireTable } from "./game/table.js";
import { restoreBoardView, saveBoardViewSoon, zoomBy } from "./game/zoom.js";

/**
 * @param {KeyboardEvent} event
 */
export function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const t = event.target;
  const typing = t instanceof HTMLElement && t.matches("input, select, textarea");
  const openDialogEl = document.querySelector("dialog[open]");
  if (event.key === "Escape") {
    if (openDialogEl) return; // the dialog closes itself
    if (S.mode) cancelMode();
    hideError();
    if (typing) t.blur();
    return;
  }
  if (openDialogEl) return;
  if (typing) {
    if (event.key === "Enter" && t.id === "bid-amount") {
      event.preventDefault();
      doBid();
    }
    return;
  }
  if (event.key === "Enter" && t instanceof HTMLElement && t.matches("button, a, summary")) return;
  /** @type {Record<string, () => unknown>} */
  const keys = {
    p: doPass,
    u: doUndo,
    b: () => (S.mode === "build" ? cancelMode() : enterBuild()),
    d: () => (S.mode === "deliver" ? cancelMode() : enterDeliver()),
    Enter: confirmMode,
    Backspace: () => S.mode === "build" && stepBack(),
    c: () => setColorblind(!S.colorblind),
    v: enterReplay,
    g: () => $("btn-drawer").click(),
    ArrowLeft: () => replayStep(-1),
    ArrowRight: () => replayStep(1),
    r: () => openDialog("rules-dialog"),
    "?": () => openDialog("help-dialog"),
    h: () => openDialog("help-dialog"),
    "+": () => zoomBy(1.25),
    "=": () => zoomBy(1.25),
    "-": () => zoomBy(1 / 1.25),
    0: () => zoomBy(0),
    l: toggleLegend,
  };
  const f = keys[event.key];
  if (f) {
    event.preventDefault();
    f();
  }
}

export function wire() {
  wireSheet();
  $("btn-colorblind").addEventListener("click", () => setColorblind(!S.colorblind));
  $("btn-help").addEventListener("click", () => openDialog("help-dialog"));
  $("btn-rules").addEventListener("click", () => openDialog("rules-dialog"));
  $("btn-export").addEventListener("click", exportRecord);
  $("zoom-in").addEventListener("click", () => zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => zoomBy(1 / 1.25));
  $("zoom-fit").addEventListener("click", () => zoomBy(0));
  $("btn-legend").addEventListener("click", toggleLegend);
  $("error-close").addEventListener("click", hideError);
  $("error-rule-link").addEventListener("click", (e) => {
    const link = /** @type {HTMLElement} */ (e.target);
    openRule(link.dataset.clause, link.dataset.rule);
  });
  $("clause-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const clause = $input("clause-input").value.trim();
    if (!clause) return;
    try {
      const data = await getJSON(`/api/rules/${encodeURIComponent(clause)}`);
      $("clause-text").textContent = `${data.clause}: ${data.summary}`;
    } catch (err) {
      $("clause-text").textContent = `No clause ${clause} (${err.message}).`;
    }
  });
  document.addEventListener("keydown", onKey);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh().catch(() => {});
  });
}

/**
 * @param {string} mapId
 */
export async function loadExtras(mapId) {
  // Map name, seat kinds and (if the server offers them) card names; all optional.
  try {
    /** @type {Array<{id: string, name: string}>} */
    const maps = await getJSON("/api/maps");
    const m = maps.find((x) => x.id === mapId);
    if (m) S.mapName = m.name;
  } catch {
    /* not needed to play */
  }
  try {
    /** @type {Array<{id: string, seats: Array<{kind: string}>}>} */
    const games = await getJSON("/api/games", TOKEN);
    const g = (games || []).find((x) => x.id === GAME_ID);
    if (g) S.seatKinds = g.seats.map((s) => s.kind);
  } catch {
    /* not needed to play */
  }
  try {
    const info = await getJSON(`/api/maps/${encodeURIComponent(mapId)}`);
    S.mapInfo = info;
    if (info && info.name) S.mapName = info.name;
    readNames(info);
  } catch {
    /* names fall back to the ids, humanised */
  }
}

async function main() {
  onRedraw(render);
  wire();
  document.body.classList.toggle("colorblind", S.colorblind);
  $("btn-colorblind").setAttribute("aria-pressed", String(S.colorblind));
  $("btn-colorblind").classList.toggle("on", S.colorblind);
  if (!GAME_ID) {
    showError("No game given: open a game from the lobby.");
    return;
  }
  setBoard(new Board($("board-view"), onHex));
  let data;
  try {
    data = await getJSON(gameUrl(), TOKEN);
  } catch (err) {
    showError(`The game could not be loaded: ${err.message}`);
    $("status-turn").textContent = "Not loaded";
    return;
  }
  S.mapId = data.view.map;
  // The game's own board: a board put together at set-up (Plugin.game_board) is not the map's.
  await Promise.all([
    board.load(S.mapId, S.colorblind, gameUrl("/board.svg")),
    loadExtras(S.mapId),
  ]);
  apply(data, true);
  restoreBoardView();
  board.enableGestures(saveBoardViewSoon);
  wireTooltips();
  wireCardTexts();
  wireReplay();
  wireDrawer();
  wireTable();
  window.addEventListener("resize", () => board.applyZoom());
  if (TOKEN) {
    const p = data.seat !== null && data.seat !== undefined ? data.view.players[data.seat] : null;
    rememberGame({
      id: GAME_ID,
      token: TOKEN,
      seat: data.seat ?? null,
      name: p ? p.name : "spectator",
      map: S.mapId,
      mapName: S.mapName,
      solo: !!(data.view.plugins && data.view.plugins.solo),
      url: gameLink(GAME_ID, TOKEN),
    });
  }
  setConn(false);
  connect();
  // For the console and the browser tests: the page's state and board.
  /** @type {any} */ (window).railwaysGame = { state: S, board, refresh, told, motions };
  document.body.dataset.ready = "1";
}

main();
