// @ts-check
// The lobby's guided first game: a short game on a fixed seed against one bot, whose page
// walks the player through a turn (game/guide.js), and the link back to one left unfinished.

import { gameLink, loadGuide, newGuide, postJSON, rememberGame, saveGuide, unfinishedGuide } from "./common.js";

/** The guided game: the server's default board (no map named), one bot, two fewer Empty
 * City Markers, and a seed on which the first turn offers a link that opens a delivery (the
 * guide's build step). */
export const GUIDED_GAME = {
  seats: [
    { name: "You", kind: "human" },
    { name: "Bot", kind: "bot", bot: "greedy" },
  ],
  seed: 3,
  options: { shorter_game: true },
};

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Create the guided game, note it as guided and open its page. */
export async function startGuidedGame() {
  const button = /** @type {HTMLButtonElement} */ (byId("btn-guide"));
  const error = byId("guide-error");
  button.disabled = true;
  error.hidden = true;
  try {
    /** @type {{id: string, seats: Array<{seat: number, name: string, kind: string, token?: string}>}} */
    const created = await postJSON("/api/games", GUIDED_GAME);
    const mine = created.seats[0];
    const url = gameLink(created.id, mine.token);
    saveGuide(newGuide(created.id, url));
    // The game page adds its board when it opens.
    rememberGame({ id: created.id, token: mine.token, seat: mine.seat, name: mine.name, url });
    window.location.assign(url);
  } catch (err) {
    error.textContent = `The guided game could not be created: ${err.message}`;
    error.hidden = false;
    button.disabled = false;
  }
}

/** The button, and a link to the guided game left unfinished, if there is one. */
export function wireGuidedGame() {
  byId("btn-guide").addEventListener("click", startGuidedGame);
  const open = unfinishedGuide();
  const resume = /** @type {HTMLAnchorElement} */ (byId("guide-resume-link"));
  if (!open || !loadGuide(open.id)) return;
  resume.href = open.url;
  resume.textContent = `Resume your guided game (${open.done.length} steps done)`;
  resume.hidden = false;
}
