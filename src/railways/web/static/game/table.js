// @ts-check
// The table: stand-in bots, turn e-mails, the move clock.

import { clear, el, getJSON, postJSON, toast } from "../common.js";
import { sendChat, setMute } from "./chat.js";
import { playerName } from "./names.js";
import { $, $dialog, S, TOKEN, gameUrl } from "./state.js";

/** Take the seat back, or ask which bot is to play it (standin-dialog) and seat it.
 * The dialog's close hears the level chosen (its button's value; empty: cancelled). */
export async function toggleStandin() {
  const mine = (S.table.standins || {})[String(S.seat)];
  if (mine) return setStandin(null);
  const dialog = $dialog("standin-dialog");
  dialog.returnValue = "";
  await offerLevels("standin");
  dialog.showModal();
}

/** A stand-in level as the server offers it (GET .../standin): its place on the bot ladder,
 * weakest first, and what the ladder measured of the bot it seats.
 * @typedef {{level: string, bot: string, place: number, rated_as: string | null,
 *   mu: number | null, sigma: number | null, decision_p50_ms: number | null}} Level */

/** @param {Level} level @param {number} count */
function levelNote(level, count) {
  const parts = [`${level.place} of ${count} on the bot ladder`];
  const ms = level.decision_p50_ms;
  if (ms !== null) parts.push(ms < 1000 ? `${Math.max(1, Math.round(ms))} ms a move` : `${(ms / 1000).toFixed(1)} s a move`);
  return parts.join(", ");
}

/** A level dialog's buttons (`${dialog}-levels`): one per level the server offers, weakest
 * first, the default (the seat's bot, else the game's) marked and focused. The buttons in
 * the page stay when the server cannot be asked.
 * @param {"standin" | "concede"} dialog */
async function offerLevels(dialog) {
  /** @type {{levels: Level[], default: string}} */
  let offer;
  try {
    offer = await getJSON(gameUrl("/standin"), TOKEN);
  } catch {
    return;
  }
  if (!offer.levels || !offer.levels.length) return;
  const box = clear($(`${dialog}-levels`));
  for (const level of offer.levels) {
    const chosen = level.level === offer.default;
    const name = level.level.charAt(0).toUpperCase() + level.level.slice(1);
    box.append(
      el(
        "button",
        { value: level.level, id: `${dialog}-${level.level}`, class: chosen ? "primary" : null, autofocus: chosen, title: level.rated_as ? `rated as ${level.rated_as}` : null },
        name,
        el("small", { class: "level-note" }, ` (${levelNote(level, offer.levels.length)})`),
      ),
    );
  }
}

/** @param {string | null} level */
async function setStandin(level) {
  try {
    await postJSON(gameUrl("/standin"), { level }, TOKEN);
  } catch (err) {
    toast(err.message, "warn");
  }
}

/** Whether this seat left the game to a bot (for good). */
export function leftTheGame() {
  return S.seat !== null && (S.table.conceded || []).includes(S.seat);
}

/** @param {string} level */
async function concede(level) {
  try {
    await postJSON(gameUrl("/concede"), { level }, TOKEN);
  } catch (err) {
    toast(err.message, "warn");
  }
}

export async function askEmail() {
  const now = S.table.notify || "";
  const address = window.prompt("E-mail address for 'your turn' notices (empty: none):", now);
  if (address === null) return;
  try {
    await postJSON(gameUrl("/notify"), { email: address.trim() || null }, TOKEN);
    toast(address.trim() ? `Turn notices go to ${address.trim()}.` : "No more turn e-mails.", "info");
  } catch (err) {
    toast(err.message, "warn");
  }
}

/** The table's own controls: a stand-in bot for this seat, turn e-mails, the move clock. */
export function renderTable() {
  const mine = S.seat !== null && (S.table.standins || {})[String(S.seat)];
  const b = $("btn-standin");
  const gone = leftTheGame();
  b.hidden = S.seat === null || S.view.phase === "game_over" || gone;
  $("btn-concede").hidden = b.hidden;
  b.textContent = mine ? `Take my seat back (a ${mine} bot plays)` : "Let a bot play for me";
  b.classList.toggle("on", !!mine);
  $("btn-email").hidden = S.seat === null;
  $("btn-email").textContent = S.table.notify ? "E-mail: on" : "E-mail me";
  const clock = $("move-clock");
  clock.hidden = !S.table.deadline;
  tickClock();
}

export function tickClock() {
  const clock = $("move-clock");
  if (!S.table.deadline || clock.hidden) return;
  const left = Math.max(0, Math.round(S.table.deadline - Date.now() / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const sec = left % 60;
  const text = h ? `${h}h ${String(m).padStart(2, "0")}m` : `${m}:${String(sec).padStart(2, "0")}`;
  clock.textContent = `${playerName(S.view.to_act)}: ${text} left for this move`;
}

export function wireTable() {
  $("chat-form").addEventListener("submit", sendChat);
  $("chat-mute").addEventListener("change", setMute);
  $("btn-standin").addEventListener("click", toggleStandin);
  const dialog = $dialog("standin-dialog");
  dialog.addEventListener("close", () => {
    if (dialog.returnValue) setStandin(dialog.returnValue);
  });
  const leaving = $dialog("concede-dialog");
  $("btn-concede").addEventListener("click", async () => {
    leaving.returnValue = "";
    await offerLevels("concede");
    leaving.showModal();
  });
  leaving.addEventListener("close", () => {
    if (leaving.returnValue) concede(leaving.returnValue);
  });
  $("btn-email").addEventListener("click", askEmail);
  setInterval(tickClock, 1000);
}
