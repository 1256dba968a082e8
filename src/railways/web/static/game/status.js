// @ts-check
// Drawing the whole page from the state (render: every view below it, handed to state.js's
// redraw by game.js), the status line and export.

import { clear, download, el, getJSON, humanize, money, movedSince } from "../common.js";
import { renderActionPanel } from "./actions.js";
import { renderBoard } from "./board-view.js";
import { renderLog, renderMoney, turnAlerts } from "./drawer.js";
import { renderGuide } from "./guide.js";
import { renderMoves } from "./moves.js";
import { playerName, swatch } from "./names.js";
import { showError } from "./net.js";
import { renderMajorLines, renderOps } from "./ops.js";
import { renderPlayers } from "./players.js";
import { sheetOnTurn } from "./sheet.js";
import { myTurn, rules } from "./seat.js";
import { renderDuel, renderRailbot, solo } from "./solo.js";
import { $, $dialog, GAME_ID, gameUrl, S, TOKEN } from "./state.js";
import { renderTable } from "./table.js";
import { renderScoreTrack } from "./track.js";

/** @type {Record<string, string>} */
export const PHASES = {
  choose_baron: "Choosing Rail Barons",
  auction: "Auction for first player",
  actions: "Actions",
  reaction: "Answers to a waiting action",
  game_over: "Game over",
};

export function render() {
  const v = S.view;
  if (!v) return;
  document.body.dataset.actionIndex = String(S.index);
  if (!S.replay) movedSince(GAME_ID, S.index); // for My games' "since when"
  document.body.dataset.phase = v.phase;
  document.body.dataset.toAct = v.to_act === null ? "" : String(v.to_act);
  document.body.dataset.myTurn = myTurn() ? "1" : "0";
  document.body.dataset.mode = S.mode || "";
  document.body.dataset.solo = solo() ? "1" : "0";
  document.body.classList.toggle("my-turn", !!myTurn());
  renderStatus();
  renderBoard();
  renderMoves();
  renderActionPanel();
  renderExportButton();
  renderRailbot();
  renderDuel();
  renderPlayers();
  renderScoreTrack();
  renderOps();
  renderMajorLines();
  renderLog();
  renderMoney();
  renderPrices();
  renderTable();
  turnAlerts();
  sheetOnTurn(!!myTurn() && !S.replay);
  renderGuide(); // last: it outlines controls the panels above have drawn
}

/** Prices in the rules reference come from the view (the map's tables), never from the page. */
export function renderPrices() {
  const prices = rules();
  for (const node of document.querySelectorAll("[data-money]")) {
    if (!(node instanceof HTMLElement)) continue;
    const value = /** @type {Record<string, unknown>} */ (prices)[node.dataset.money];
    if (typeof value === "number") node.textContent = money(value);
  }
}

export function renderStatus() {
  const v = S.view;
  let text = `Turn ${v.turn} · ${PHASES[v.phase] || humanize(v.phase)}`;
  if (v.phase === "actions") text += ` · round ${Math.min(v.round, 3)} of 3`;
  if (v.end_trigger_turn && v.phase !== "game_over") {
    text += ` · the game ends after turn ${v.end_trigger_turn + 1}`;
  }
  const so = solo();
  if (so) text += ` · solo · target ${so.target_score}`;
  $("status-turn").textContent = text;
  const actor = $("status-actor");
  clear(actor);
  if (v.phase === "game_over") {
    if (so) actor.append(v.winner === S.seat && S.seat !== null ? "You reached the target" : v.winner !== null && v.winner !== undefined ? `${playerName(v.winner)} wins` : "Short of the target");
    else actor.append(v.winner !== null && v.winner !== undefined ? `${playerName(v.winner)} wins` : "");
  } else if (v.to_act !== null && v.to_act !== undefined) {
    const kind = S.seatKinds[v.to_act];
    actor.append(
      swatch(v.to_act),
      v.to_act === S.seat
        ? el("strong", { class: "your-turn" }, "Your turn")
        : `${playerName(v.to_act)}${kind === "bot" ? " (bot) is thinking…" : " to act"}`,
    );
  }
  document.title = `${v.to_act === S.seat && v.phase !== "game_over" ? "▶ " : ""}Railways · ${S.mapName || humanize(v.map)} · turn ${v.turn}`;
}

/**
 * @param {string} id
 */
export function openDialog(id) {
  const d = $dialog(id);
  if (!d.open) d.showModal();
}

/** Before the end a seat may keep what it sees (its own view: no seed, no other seat's
 * baron); the full record, which replays the game, is given out once the game is over. */
export function renderExportButton() {
  const over = S.view && S.view.phase === "game_over";
  const b = $("btn-export");
  b.textContent = over ? "Export record" : "Export my view";
  b.title = over
    ? "Download the whole game record (it replays the game, and can be imported in the lobby)"
    : "Download what this seat sees now; the full record can be exported when the game is over";
}

export async function exportRecord() {
  if (!S.view || S.view.phase !== "game_over") {
    const who = S.seat === null ? "spectator" : `seat${S.seat + 1}`;
    download(`railways-${GAME_ID}-${who}-turn${S.view ? S.view.turn : 0}.json`, {
      kind: "railways-seat-view",
      game: GAME_ID,
      seat: S.seat,
      index: S.index,
      view: S.view,
    });
    return;
  }
  try {
    const record = await getJSON(gameUrl("/record"), TOKEN);
    download(`railways-${GAME_ID}.json`, record);
  } catch (err) {
    showError(`the record could not be exported: ${err.message}`, null, null, "Export failed:");
  }
}
