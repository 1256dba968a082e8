// @ts-check
// What the seat may do now, read from the state (the server's legal actions and the view),
// the money an action costs, and leaving a mode. Panels and the board read these; this
// module imports only the state, so the flow runs one way (state, then views).

import { el, money } from "../common.js";
import { board, redraw, S } from "./state.js";

export function myTurn() {
  return (
    S.seat !== null &&
    !(S.table.conceded || []).includes(S.seat) && // left to a bot: the seat only watches
    S.view &&
    S.view.to_act === S.seat &&
    S.legal &&
    (S.legal.simple.length || S.legal.min_bid !== null || S.legal.builds.length)
  );
}

/**
 * @param {string} kind
 */
export function simpleEntries(kind) {
  return S.legal ? S.legal.simple.filter((o) => o.action.kind === kind) : [];
}

/**
 * @param {string} kind
 */
export function simple(kind) {
  return S.legal ? S.legal.simple.filter((o) => o.action.kind === kind).map((o) => o.action) : [];
}

export function me() {
  return S.view && S.seat !== null ? S.view.players[S.seat] : null;
}

/** The game's money rules as the view states them (bond value, urbanize cost, ...). */
export function rules() {
  return (S.view && S.view.money) || {};
}

export function bondValue() {
  return rules().bond_value || 1;
}

/**
 * @param {number} cost
 */
export function bondsFor(cost) {
  const cash = me() ? me().cash : 0;
  return Math.max(0, Math.ceil((cost - cash) / bondValue()));
}

/** A button's words with its price and, when cash falls short, the bonds it forces, shown
 * before the action is taken (RW-p4-23: only the bonds needed are issued).
 * @param {string} label
 * @param {number | null | undefined} cost
 */
export function pricedLabel(label, cost) {
  if (cost === null || cost === undefined) return label;
  const parts = [el("span", {}, label), " · ", el("span", { class: "cost" }, money(cost))];
  const warning = bondWarning(cost);
  if (warning) parts.push(" · ", el("span", { class: "cost warn" }, warning));
  return parts;
}

/** "2 bonds will be issued ($10,000)" for a cost beyond the seat's cash, or "".
 * @param {number} cost
 */
export function bondWarning(cost) {
  const bonds = bondsFor(cost);
  return bonds ? `${bonds} bond${bonds === 1 ? "" : "s"} will be issued (${money(bonds * bondValue())})` : "";
}

export function inActions() {
  return myTurn() && S.view.phase === "actions";
}

/**
 * @param {boolean} [rerender] draw the page again
 */
export function cancelMode(rerender = true) {
  S.mode = null;
  S.build = null;
  S.deliver = null;
  S.urb = null;
  S.armed = null;
  if (board) {
    board.clearPreview();
    board.setHighlights([]);
  }
  if (rerender && S.view) redraw();
}
