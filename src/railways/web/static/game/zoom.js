// @ts-check
// The board's zoom and position, remembered per game in the browser's storage.

import { board, GAME_ID } from "./state.js";

export const VIEW_KEY = () => `railways.view.${GAME_ID}`;

/** @type {number | undefined} */
export let saveTimer;

export function saveBoardViewSoon() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveBoardView, 250);
}

export function saveBoardView() {
  const c = board.container;
  const box = board.svg ? board.svg.getBoundingClientRect() : null;
  if (!box || !box.width) return;
  const view = {
    zoom: board.zoom,
    x: (c.scrollLeft + c.clientWidth / 2) / box.width,
    y: (c.scrollTop + c.clientHeight / 2) / box.height,
  };
  try {
    localStorage.setItem(VIEW_KEY(), JSON.stringify(view));
  } catch {
    // A full or disabled storage only loses the remembered position.
  }
  document.body.dataset.zoom = String(Math.round(board.zoom * 100) / 100);
}

export function restoreBoardView() {
  let view = null;
  try {
    view = JSON.parse(localStorage.getItem(VIEW_KEY()) || "null");
  } catch {
    view = null;
  }
  if (!view || typeof view.zoom !== "number") {
    board.setZoom(board.fitZoom());
    [board.container.scrollLeft, board.container.scrollTop] = [0, 0];
    document.body.dataset.zoom = String(Math.round(board.zoom * 100) / 100);
    return;
  }
  board.setZoom(view.zoom);
  const c = board.container;
  const box = board.svg.getBoundingClientRect();
  c.scrollLeft = view.x * box.width - c.clientWidth / 2;
  c.scrollTop = view.y * box.height - c.clientHeight / 2;
  document.body.dataset.zoom = String(Math.round(board.zoom * 100) / 100);
}

/** Zoom by a factor about the middle of the board; 0 fits the board again (fills its area).
 * @param {number} factor
 */
export function zoomBy(factor) {
  board.setZoom(factor === 0 ? board.fitZoom() : board.zoom * factor);
  if (factor === 0) [board.container.scrollLeft, board.container.scrollTop] = [0, 0];
  saveBoardViewSoon();
}
