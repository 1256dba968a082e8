// @ts-check
// Replay: step through the game so far (or a finished game) as this seat saw it.

import { getJSON } from "../common.js";
import { noteQuietly, noteUpdate } from "./moves.js";
import { refresh, showError } from "./net.js";
import { renderReplayBar } from "./replay-bar.js";
import { cancelMode } from "./seat.js";
import { $, $input, gameUrl, redraw, S, TOKEN } from "./state.js";

export async function enterReplay() {
  if (S.replay) return exitReplay();
  cancelMode(false);
  S.replay = { at: S.index, total: S.index, last: "", pending: false };
  document.body.dataset.replay = "1";
  $("replay-bar").hidden = false;
  $("btn-replay").classList.add("on");
  await replayTo(S.index);
}

/**
 * @param {number} at
 */
export async function replayTo(at) {
  if (!S.replay) return;
  const before = S.replay.at;
  const k = Math.max(0, Math.min(at, S.replay.total));
  let data;
  try {
    data = await getJSON(gameUrl(`/replay?at=${k}`), TOKEN);
  } catch (err) {
    showError(err.message || String(err), null, null, "Replay failed:");
    return;
  }
  if (!S.replay) return;
  S.replay.at = data.at;
  S.replay.total = Math.max(S.replay.total, data.total);
  S.replay.last = data.last || "";
  const prev = S.view;
  S.view = data.view;
  // A step on is told and marked like a live move; a step back only redraws.
  if (data.at > before) noteUpdate(prev, data.view, data.at, false, true);
  else noteQuietly(data.view);
  S.legal = null;
  redraw();
  renderReplayBar();
}

export async function exitReplay() {
  S.replay = null;
  delete document.body.dataset.replay;
  delete document.body.dataset.replayAt;
  $("replay-bar").hidden = true;
  $("btn-replay").classList.remove("on");
  await refresh().catch(() => {});
  if (S.view) noteQuietly(S.view); // back at the live position: no move there is news
}

/**
 * @param {number} delta
 */
export function replayStep(delta) {
  if (S.replay) replayTo(S.replay.at + delta);
}

export function wireReplay() {
  $("btn-replay").addEventListener("click", enterReplay);
  $("replay-exit").addEventListener("click", exitReplay);
  $("replay-first").addEventListener("click", () => replayTo(0));
  $("replay-prev").addEventListener("click", () => replayStep(-1));
  $("replay-next").addEventListener("click", () => replayStep(1));
  $("replay-last").addEventListener("click", () => S.replay && replayTo(S.replay.total));
  $input("replay-range").addEventListener("change", (event) => replayTo(Number(/** @type {HTMLInputElement} */ (event.target).value)));
}
