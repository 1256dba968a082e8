// @ts-check
// My games (/static/games.html): every seat this browser holds (common.js loadGames), whose
// turn it is in each and since when, with the tab title counting the games that wait on
// this browser's seats. Read again from the server every POLL_MS and when the tab is shown.

import { clear, el, gameLink, getJSON, humanize, loadGames, movedSince } from "./common.js";

const POLL_MS = 20_000;
const TITLE = "My games · Railways of the World";

/** A game's position as its seat sees it: the parts this page reads.
 * @typedef {{action_index: number, view: {phase: string, turn: number, to_act: number | null,
 *   players: Array<{name: string}>}, table?: {standins?: Record<string, string>,
 *   move_limit?: number | null, deadline?: number | null}}} Position */
/** @typedef {Record<string, any> & {id: string, token: string}} GameEntry */

/**
 * @param {GameEntry} entry
 * @returns {Promise<Position | null>}
 */
async function positionOf(entry) {
  try {
    return await getJSON(`/api/games/${encodeURIComponent(entry.id)}`, entry.token);
  } catch {
    return null; // gone from the server, or the server is down: said in the row
  }
}

/** Whether the game waits on this entry's seat.
 * @param {GameEntry} entry
 * @param {Position} pos
 */
function waitsOnMe(entry, pos) {
  const seat = entry.seat;
  return seat !== null && seat !== undefined && pos.view.phase !== "game_over" && pos.view.to_act === seat;
}

/** When the move now awaited began: exact where the game has a time per move (its deadline
 * less the limit), else when a page of this browser first saw this position.
 * @param {GameEntry} entry
 * @param {Position} pos
 * @returns {{at: number, exact: boolean}}
 */
function since(entry, pos) {
  const t = pos.table || {};
  if (t.deadline && t.move_limit) return { at: (t.deadline - t.move_limit) * 1000, exact: true };
  return { at: movedSince(entry.id, pos.action_index), exact: false };
}

/** "14:05" today, "3 Dec 14:05" another day, with how long ago.
 * @param {number} at
 */
function whenText(at) {
  const d = new Date(at);
  const today = d.toDateString() === new Date().toDateString();
  const time = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const day = today ? "" : `${d.toLocaleDateString([], { day: "numeric", month: "short" })} `;
  const minutes = Math.max(0, Math.round((Date.now() - at) / 60000));
  const ago = minutes < 1 ? "just now" : minutes < 120 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
  return `since ${day}${time} (${ago})`;
}

/**
 * @param {GameEntry} entry
 * @param {Position | null} pos
 */
function row(entry, pos) {
  const you = entry.seat === null || entry.seat === undefined ? "watching" : entry.name || `seat ${entry.seat + 1}`;
  const open = el("a", { class: "button small", href: entry.url || gameLink(entry.id, entry.token) }, "Open");
  const game = el("td", {}, el("strong", {}, entry.mapName || humanize(entry.map) || "Game"), el("br"), el("span", { class: "meta" }, entry.id));
  if (!pos) {
    return el("tr", { "data-game": entry.id, "data-state": "missing" }, game, el("td", {}, you), el("td", { colspan: "2" }, "not found on the server"), el("td", {}, open));
  }
  const v = pos.view;
  const mine = waitsOnMe(entry, pos);
  const standin = (pos.table && pos.table.standins && pos.table.standins[String(entry.seat)]) || null;
  let turn;
  if (v.phase === "game_over") turn = el("span", {}, "finished");
  else if (mine) turn = el("span", { class: "your-turn" }, "your turn");
  else if (v.to_act === null || v.to_act === undefined) turn = el("span", {}, "nobody to act");
  else turn = el("span", {}, `${(v.players[v.to_act] || { name: `seat ${v.to_act + 1}` }).name}'s turn`);
  const cells = [turn, el("span", { class: "meta" }, ` · turn ${v.turn}`)];
  if (standin) cells.push(el("span", { class: "tag" }, `a ${standin} bot plays for you`));
  const when = since(entry, pos);
  const sinceCell =
    v.phase === "game_over"
      ? el("td", {}, "")
      : el(
          "td",
          { class: "since", "data-since": String(Math.round(when.at)), title: when.exact ? "when this move's time began" : "when a page of this browser first saw the game here" },
          whenText(when.at),
        );
  return el(
    "tr",
    { "data-game": entry.id, "data-state": v.phase === "game_over" ? "over" : mine ? "yours" : "waiting", "data-mine": mine ? "1" : "0" },
    game,
    el("td", {}, you),
    el("td", { class: "whose" }, ...cells),
    sinceCell,
    el("td", {}, open),
  );
}

async function refresh() {
  const games = /** @type {GameEntry[]} */ (loadGames());
  const positions = await Promise.all(games.map(positionOf));
  const box = clear(document.getElementById("my-games"));
  const waiting = games.filter((g, i) => positions[i] && waitsOnMe(g, positions[i])).length;
  document.title = waiting ? `(${waiting}) ${TITLE}` : TITLE;
  document.body.dataset.waiting = String(waiting);
  const line = document.getElementById("waiting-line");
  line.textContent = !games.length ? "" : waiting ? `${waiting} game${waiting === 1 ? "" : "s"} wait${waiting === 1 ? "s" : ""} on you.` : "No game waits on you.";
  if (!games.length) {
    box.append(el("p", { class: "hint", id: "no-games" }, "No games in this browser yet: create one in the lobby."));
    return;
  }
  const head = el("tr", {}, ...["Game", "You", "Whose turn", "Since", ""].map((h) => el("th", {}, h)));
  const body = el("tbody", {}, ...games.map((g, i) => row(g, positions[i])));
  box.append(el("table", { class: "games", id: "my-games-table" }, el("thead", {}, head), body));
}

async function main() {
  document.getElementById("poll-seconds").textContent = String(POLL_MS / 1000);
  await refresh();
  document.body.dataset.ready = "1";
  window.setInterval(() => refresh().catch(() => {}), POLL_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh().catch(() => {});
  });
}

main();
