// @ts-check
// Asking once before a move that issues many bonds: a bid, a build, an upgrade, an urbanize,
// a map's own priced action. The first press on such a control arms it and says what it
// issues; a second press on the same control with the same choice sends it. This is only a
// confirmation: what the move costs and whether it is legal stay the engine's to say.

import { el, money } from "../common.js";
import { send } from "./net.js";
import { bondsFor, bondValue } from "./seat.js";
import { S } from "./state.js";

/** @typedef {import("./state.js").Action} Action */

/** Bonds one move may issue without asking again: players start with no cash, so most
 * first bids and builds issue one or two. */
export const QUIET_BONDS = 2;

/** The bonds a move costing ``cost`` would issue when there are more than QUIET_BONDS of
 * them (so it asks first), else 0.
 * @param {number | null | undefined} cost
 */
export function bondsToConfirm(cost) {
  if (cost === null || cost === undefined) return 0;
  const bonds = bondsFor(cost);
  return bonds > QUIET_BONDS ? bonds : 0;
}

/** The words beside an armed control: what the move issues and how to confirm it.
 * @param {number} bonds
 */
export function armedText(bonds) {
  return `This issues ${bonds} bonds (${money(bonds * bondValue())}): press again to confirm.`;
}

/** The control of a button that sends one listed action (an upgrade, a map's own action):
 * named by the action it sends, so each such button is its own control.
 * @param {Action} action
 */
export function optionControl(action) {
  return `option ${JSON.stringify(action)}`;
}

/** Whether ``control`` is armed for ``action``. Asked about another choice on the control
 * armed (a build changed since the first press), it disarms it: that choice was not asked.
 * @param {string} control
 * @param {Action | null} action
 */
export function armedFor(control, action) {
  const armed = S.armed;
  if (!armed || armed.control !== control) return false;
  if (action && armed.choice === JSON.stringify(action)) return true;
  S.armed = null;
  return false;
}

/** A press on ``control`` to send ``action`` costing ``cost``: whether it may be sent now.
 * A move issuing more than QUIET_BONDS bonds goes only on the second press of the same
 * control with the same choice; the first arms it (any other press disarms it) and fills
 * the control's note.
 * @param {string} control
 * @param {Action} action
 * @param {number | null | undefined} cost
 */
export function pressToSpend(control, action, cost) {
  const confirmed = !bondsToConfirm(cost) || armedFor(control, action);
  S.armed = confirmed ? null : { control, choice: JSON.stringify(action) };
  showArmed();
  return confirmed;
}

/** Send ``action`` from ``control`` unless it issues many bonds and this is the first press
 * (every priced move goes through here).
 * @param {string} control
 * @param {Action} action
 * @param {number | null | undefined} cost
 */
export async function sendSpending(control, action, cost) {
  if (!pressToSpend(control, action, cost)) return false;
  return send(action);
}

/** The note beside ``control``, read out by screen readers when it changes (aria-live):
 * empty until a first press arms the control for ``action``.
 * @param {string} control
 * @param {Action | null} action what the control would send now (null: nothing yet)
 * @param {number | null | undefined} cost
 */
export function armedNote(control, action, cost) {
  const note = el("span", {
    class: "armed-note cost warn",
    role: "status",
    "aria-live": "polite",
    "data-control": control,
    "data-choice": action ? JSON.stringify(action) : "",
    "data-bonds": String(bondsToConfirm(cost)),
  });
  if (armedFor(control, action)) note.textContent = armedText(bondsToConfirm(cost));
  return note;
}

/** Fill the note of the armed control and empty the others (in place, so a screen reader
 * hears the change). */
export function showArmed() {
  for (const node of document.querySelectorAll(".armed-note")) {
    const note = /** @type {HTMLElement} */ (node);
    const armed = S.armed && S.armed.control === note.dataset.control && S.armed.choice === note.dataset.choice;
    note.textContent = armed ? armedText(Number(note.dataset.bonds)) : "";
  }
}
