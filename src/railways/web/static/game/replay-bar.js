// @ts-check
// The replay bar: where in the game's past the page is (drawn on every step, and when the
// game goes on meanwhile).

import { $, $input, S } from "./state.js";

export function renderReplayBar() {
  const r = S.replay;
  if (!r) return;
  const range = $input("replay-range");
  range.max = String(r.total);
  range.value = String(r.at);
  document.body.dataset.replayAt = String(r.at);
  const more = r.pending ? " · the game has moved on" : "";
  $("replay-where").textContent = `Step ${r.at} of ${r.total}${r.last ? `: ${r.last}` : ""}${more}`;
}
