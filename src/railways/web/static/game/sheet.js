// @ts-check
// Phones and small tablets (style.css, "small screens"): the board takes the screen and the
// side panels are a sheet that slides over it; the top bar's tools fold into a menu. On a
// wider screen the two toggles are not shown and these classes change nothing.

import { $ } from "./state.js";

const SHEET_CLOSED = "sheet-closed";
const MENU_OPEN = "menu-open";

/** Whether the seat could act at the last drawing: the sheet opens when its turn begins. */
let wasMyTurn = false;

/** @param {boolean} open */
export function setSheet(open) {
  document.body.classList.toggle(SHEET_CLOSED, !open);
  const button = $("btn-sheet");
  // The button names what a tap shows: the board (the sheet goes) or the panels.
  button.textContent = open ? "Board" : "Panels";
  button.setAttribute("aria-expanded", String(open));
}

/** @param {boolean} open */
export function setMenu(open) {
  document.body.classList.toggle(MENU_OPEN, open);
  $("btn-menu").setAttribute("aria-expanded", String(open));
}

/** The moves are in the sheet: it comes up when the seat's turn begins.
 * @param {boolean} mine */
export function sheetOnTurn(mine) {
  if (mine && !wasMyTurn) setSheet(true);
  wasMyTurn = mine;
}

export function wireSheet() {
  $("btn-sheet").addEventListener("click", () => setSheet(document.body.classList.contains(SHEET_CLOSED)));
  $("btn-menu").addEventListener("click", () => setMenu(!document.body.classList.contains(MENU_OPEN)));
  // A tool chosen from the menu closes it.
  for (const tool of $("tools").querySelectorAll("button")) tool.addEventListener("click", () => setMenu(false));
}
