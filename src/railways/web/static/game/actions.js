// @ts-check
// The action panel: baron choice, auction, the action buttons, a map's own actions and the
// end-of-game breakdown (what the seat may do is read through seat.js).

import { clear, el, humanize, money } from "../common.js";
import { renderBoard } from "./board-view.js";
import { confirmBuild, enterBuild, renderBuildPanel } from "./build.js";
import { confirmDeliver, enterDeliver, renderDeliverPanel } from "./deliver.js";
import { baronName, baronText, button, cardName, playerName, swatch } from "./names.js";
import { openRule, send } from "./net.js";
import { renderClaimWindow, renderSoloActions, renderSoloChoice, solo } from "./solo.js";
import { bondWarning, me, myTurn, pricedLabel, rules, simple, simpleEntries } from "./seat.js";
import { armedFor, armedNote, bondsToConfirm, optionControl, pressToSpend, sendSpending } from "./spend.js";
import { $, $input, board, DEDICATED_KINDS, S } from "./state.js";
import {
  confirmUrbanize,
  enterUrbanize,
  renderUrbanizePanel,
  urbanizeOptions,
} from "./urbanize.js";

/** @typedef {import("./state.js").Option} Option */
/** @typedef {import("./state.js").Final} Final */

export function doPass() {
  if (!myTurn()) return;
  const bidPass = simple("pass_bid")[0];
  if (bidPass) return send(bidPass);
  const pass = simple("pass")[0];
  if (pass) return send(pass);
}

export function doUndo() {
  if (S.seat === null) return;
  return send({ kind: "undo", seat: S.seat });
}

/** The amount typed in the bid box, in thousands (0 when it is not a number). */
function typedBid() {
  const input = $input("bid-amount");
  const amount = input ? parseInt(input.value, 10) : NaN;
  return Number.isFinite(amount) ? amount : 0;
}

/** The bid the box would send.
 * @param {number} amount in thousands
 */
function bidAction(amount) {
  return { kind: "bid", seat: S.seat, amount };
}

/** Under the bid box: the bonds the typed bid would force if it wins (RW-p4-23), and, once
 * Bid was pressed on such a bid, that a second press confirms it. */
export function showBidBonds() {
  const line = $("bid-bonds");
  const input = $input("bid-amount");
  if (!line || !input) return;
  const amount = typedBid();
  const warning = bondWarning(amount);
  const armed = armedFor("bid", bidAction(amount));
  line.textContent = !warning
    ? ""
    : armed
      ? `A bid of ${money(amount)} is more than your cash: if it wins, ${warning}. Press Bid again to confirm.`
      : `If it wins, ${warning}.`;
  line.classList.toggle("warn", armed);
  const bid = $("btn-bid");
  if (bid) bid.textContent = armed ? `Confirm bid of ${money(amount)}` : "Bid (Enter)";
}

export function doBid() {
  const input = $input("bid-amount");
  if (!input) return;
  const amount = typedBid();
  // A bid beyond cash issues bonds when it wins. One that would issue more than a couple is
  // sent only when pressed a second time on the same amount (spend.js): a mistyped digit
  // could otherwise cost many bonds at once.
  const action = bidAction(amount);
  const confirmed = pressToSpend("bid", action, amount);
  showBidBonds();
  if (confirmed) return send(action);
}

export function confirmMode() {
  if (S.mode === "build") return confirmBuild();
  if (S.mode === "deliver") return confirmDeliver();
  if (S.mode === "urbanize") return confirmUrbanize();
  if (S.view && S.view.phase === "auction" && myTurn()) return doBid();
}

export function renderActionPanel() {
  const panel = clear($("action-panel"));
  const v = S.view;
  if (v.phase === "game_over" && !S.replay) {
    panel.append(el("h2", {}, "Game over"));
    const scores = v.final_scores || {};
    const ranked = Object.entries(scores).sort((a, b) => b[1] - a[1]);
    panel.append(
      el(
        "ol",
        { class: "final-scores" },
        ranked.map(([seat, pts]) => el("li", {}, swatch(+seat), `${playerName(+seat)}: ${pts} points`)),
      ),
    );
    if (v.final) panel.append(finalBreakdown(v.final));
    const so = solo();
    if (so) {
      const score = scores[String(S.seat ?? 0)] ?? scores[0] ?? 0;
      const won = v.winner !== null && v.winner !== undefined;
      panel.append(
        el(
          "p",
          { id: "solo-result", class: won ? "solo-won" : "solo-lost", "data-result": won ? "win" : "lose" },
          won
            ? `You win: ${score} points, the target was ${so.target_score}.`
            : `The Railbot wins: ${score} points, short of the target of ${so.target_score}.`,
        ),
      );
    }
    return;
  }
  if (S.replay) {
    panel.append(
      el("h2", {}, "Replay"),
      el("p", {}, "The board, players, cards and log as they were at this step, as this seat saw them. Use the bar above the board to step; Back to the game returns to play."),
    );
    return;
  }
  if (S.seat === null) {
    panel.append(el("h2", {}, "Watching"), el("p", {}, "This is a spectator link: you see the public view."));
    return;
  }
  if ((S.table.conceded || []).includes(S.seat)) {
    const level = (S.table.standins || {})[String(S.seat)] || "";
    panel.append(el("h2", {}, "You left this game"), el("p", { id: "left-game" }, `A ${level} bot plays your seat to the end; you are watching.`));
    return;
  }
  if (!myTurn()) {
    const who = v.to_act === null || v.to_act === undefined ? "the game" : playerName(v.to_act);
    // Only an action phase has something of this seat's to undo; elsewhere nothing follows.
    panel.append(el("h2", {}, "Waiting"), el("p", { class: "waiting" }, `Waiting for ${who}…`));
    if (v.phase === "actions") {
      panel.append(el("div", { class: "row" }, button("Undo my last action (u)", doUndo, { id: "btn-undo", class: "secondary" })));
    }
    return;
  }
  const so = solo();
  if (so && so.choice) return renderSoloChoice(panel, so.choice);
  if (so && simple("end_turn").length) return renderClaimWindow(panel);
  if (v.phase === "choose_baron") return renderBaronChoice(panel);
  if (v.phase === "auction") return renderAuction(panel);
  if (v.phase === "actions") return renderActions(panel);
  if (v.phase === "reaction") return renderReaction(panel);
  panel.append(el("p", {}, `Phase ${v.phase}`));
}

/** Another player's action waits for this seat's answer (a Railroad Inspector): the answers
 * are drawn from the legal-actions payload, like the actions of a map's own rules.
 * @param {HTMLElement} panel
 */
export function renderReaction(panel) {
  const r = S.view.reaction || { seat: /** @type {number | null} */ (null), label: "" };
  panel.append(
    el("h2", {}, "Your answer"),
    el("p", { id: "reaction-label" }, `${playerName(r.seat)} wants to: ${r.label || "act"}`),
  );
  renderPluginActions(panel);
}

/**
 * @param {HTMLElement} panel
 */
export function renderBaronChoice(panel) {
  panel.append(
    el("h2", {}, "Keep a Rail Baron"),
    el("p", {}, "You were dealt two secret Rail Baron cards. Keep one; it scores at the end of the game. Nobody else sees it."),
  );
  const row = el("div", { class: "row wrap" });
  for (const a of simple("choose_baron")) {
    row.append(
      el(
        "div",
        { class: "baron-option" },
        button(`Keep ${baronName(a.baron)}`, () => send(a), { class: "primary", "data-baron": a.baron }),
        el("p", { class: "baron-text" }, baronText(a.baron)),
      ),
    );
  }
  panel.append(row);
}

/**
 * @param {HTMLElement} panel
 */
export function renderAuction(panel) {
  const a = S.view.auction || { order: [], high_bid: 0, high_bidder: null, passed: [] };
  const high = a.high_bidder === null || a.high_bidder === undefined ? "no bid yet" : `${money(a.high_bid)} by ${playerName(a.high_bidder)}`;
  panel.append(
    el("h2", {}, "Auction for first player"),
    el("p", { id: "high-bid" }, `High bid: ${high}.`),
    el(
      "p",
      { class: "hint" },
      `The winner pays the bid and moves first. You have ${money(me().cash)}; a bid beyond your cash is paid with bonds.`,
    ),
  );
  const input = el("input", {
    id: "bid-amount",
    type: "number",
    inputmode: "numeric",
    min: "0",
    step: "1",
    value: String(S.legal.min_bid ?? 1),
    "data-min-bid": String(S.legal.min_bid ?? 1),
    "aria-label": "Bid in thousands of dollars",
  });
  input.addEventListener("input", showBidBonds);
  panel.append(
    el(
      "div",
      { class: "row" },
      el("label", { for: "bid-amount" }, "$"),
      input,
      el("span", {}, ",000"),
      button("Bid (Enter)", doBid, { id: "btn-bid", class: "primary" }),
      button("Pass (p)", doPass, { id: "btn-pass-bid" }),
    ),
    el("p", { id: "bid-bonds", class: "hint", "aria-live": "polite" }, ""),
  );
  showBidBonds();
}

/**
 * @param {HTMLElement} panel
 */
export function renderActions(panel) {
  const v = S.view;
  const extra = v.extra_actions ? ` · ${v.extra_actions} extra action(s)` : "";
  panel.append(el("h2", {}, `Your action · round ${v.round} of 3${extra}`));
  if (S.mode === "build") return renderBuildPanel(panel);
  if (S.mode === "deliver") return renderDeliverPanel(panel);
  if (S.mode === "urbanize") return renderUrbanizePanel(panel);

  const main = el("div", { class: "row wrap" });
  main.append(
    button("Build track (b)", enterBuild, { id: "btn-build", class: "primary" }),
    button("Deliver goods (d)", enterDeliver, {
      id: "btn-deliver",
      class: "primary",
      disabled: !S.legal.deliveries.length,
      title: S.legal.deliveries.length ? "" : "No delivery is possible now",
    }),
  );
  for (const o of simpleEntries("upgrade_engine")) {
    const a = o.action;
    const label = a.cards && a.cards.length ? `Upgrade engine using ${cardName(a.cards[0])}` : `Upgrade engine to ${me().engine + 1}`;
    const control = optionControl(a);
    main.append(button(pricedLabel(label, o.cost), () => sendSpending(control, a, o.cost), { class: "btn-upgrade" }));
    if (bondsToConfirm(o.cost)) main.append(armedNote(control, a, o.cost));
  }
  if (urbanizeOptions().length) {
    const cost = rules().urbanize_cost;
    main.append(button(pricedLabel("Urbanize…", cost), enterUrbanize, { id: "btn-urbanize" }));
  }
  panel.append(main);
  renderPluginActions(panel);
  renderSoloActions(panel);
  if (simple("take_operations_card").length) {
    panel.append(el("p", { class: "hint" }, "Operations cards you can take are in the Operations panel below."));
  }
  panel.append(
    el(
      "div",
      { class: "row" },
      button("Pass (p)", doPass, { id: "btn-pass" }),
      button("Undo (u)", doUndo, { id: "btn-undo", class: "secondary" }),
    ),
  );
}

export function pluginGroups() {
  const groups = new Map();
  for (const o of S.legal ? S.legal.simple : []) {
    const kind = o.action.kind;
    if (DEDICATED_KINDS.has(kind)) continue;
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(o);
  }
  return groups;
}

/**
 * @param {string} clause
 * @param {string} [text]
 */
export function ruleLink(clause, text) {
  return button(text || `Rule ${clause}`, () => openRule(clause), { class: "linklike rule-link", "data-clause": clause });
}

/** One box per kind: its title, summary and rule, and a button per legal action.
 * @param {HTMLElement} panel
 */
export function renderPluginActions(panel) {
  for (const [kind, options] of pluginGroups()) {
    const info = (S.legal.kinds && S.legal.kinds[kind]) || { title: humanize(kind), summary: "", help: null };
    const box = el("section", { class: "plugin-kind", "data-kind": kind, "aria-label": info.title });
    const head = el("div", { class: "row wrap" }, el("strong", { class: "plugin-title" }, info.title));
    if (info.summary) head.append(el("span", { class: "hint plugin-summary" }, info.summary));
    if (info.help) head.append(ruleLink(info.help, "What the rule says"));
    box.append(head);
    const row = el("div", { class: "row wrap" });
    for (const o of options) {
      row.append(pluginButton(o));
      if (bondsToConfirm(o.cost)) row.append(armedNote(optionControl(o.action), o.action, o.cost));
    }
    box.append(row);
    panel.append(box);
  }
}

/**
 * @param {Option} o
 */
export function pluginButton(o) {
  const hasCost = o.cost !== null && o.cost !== undefined;
  const warning = hasCost ? bondWarning(o.cost) : "";
  /** @type {Array<string | Node>} */
  const parts = [el("span", { class: "plugin-label" }, o.label)];
  if (hasCost) parts.push(" · ", el("span", { class: "cost plugin-cost" }, money(o.cost)));
  if (warning) parts.push(" · ", el("span", { class: "cost warn plugin-bonds" }, warning));
  const b = button(parts, () => sendSpending(optionControl(o.action), o.action, o.cost), {
    class: "btn-plugin",
    "data-kind": o.action.kind,
    "data-cost": hasCost ? String(o.cost) : "",
    title: warning,
  });
  const show = () => showPlaces(o);
  const hide = () => renderBoard();
  b.addEventListener("mouseenter", show);
  b.addEventListener("focus", show);
  b.addEventListener("mouseleave", hide);
  b.addEventListener("blur", hide);
  return b;
}

/** Highlight the hexes and cities an action names (while its button is hovered or focused).
 * @param {Option} o
 */
export function showPlaces(o) {
  if (!board) return;
  const list = (o.hexes || []).map(([row, col]) => ({ row, col, kind: "dest", extra: "hl-plugin" }));
  for (const id of o.cities || []) {
    const city = board.cities.get(id);
    if (city) list.push({ row: city.row, col: city.col, kind: "source", extra: "hl-plugin" });
  }
  board.setHighlights(list);
}

/** Every player's final score, part by part (the server's own sum), and what decided it.
 * @param {Final} final the view's ``final``
 */
export function finalBreakdown(final) {
  const rows = final.players;
  const cell = (/** @type {number} */ n) => el("td", { class: "num" }, n > 0 ? `+${n}` : String(n));
  const table = el(
    "table",
    { class: "breakdown", id: "final-breakdown" },
    el(
      "thead",
      {},
      el("tr", {}, el("th", {}, "Player"), el("th", {}, "Track"), el("th", {}, "Bonds"), el("th", { title: "The Rail Baron's points" }, "Baron"), el("th", {}, "Other"), el("th", { title: "Ties are broken by complete links, then money (in each final score's tip)" }, "Final")),
    ),
    el(
      "tbody",
      {},
      rows.map((r) => {
        const other = r.rules + r.cards.reduce((t, c) => t + c.points, 0);
        const otherTitle = r.cards.map((c) => `${c.name} ${c.points}`).join(", ");
        return el(
          "tr",
          { "data-seat": r.seat },
          el("td", { class: "who", title: playerName(r.seat) }, swatch(r.seat), playerName(r.seat)),
          el("td", { class: "num" }, String(r.track)),
          cell(r.bonds),
          el("td", { class: "num", title: r.baron ? `${r.baron.name}: +${r.baron.points}` : "no Rail Baron" }, r.baron ? `+${r.baron.points}` : "—"),
          el("td", { class: "num", title: otherTitle }, other ? `+${other}` : "0"),
          el("td", { class: "num total", title: `tie-breaks: ${r.links} complete link${r.links === 1 ? "" : "s"}, ${money(r.cash)}` }, String(r.total)),
        );
      }),
    ),
  );
  return el("div", { class: "breakdown-box" }, table, el("p", { class: "decided", id: "final-decided" }, `${final.decided}.`));
}
