// @ts-check
// The Operations display grouped as the terminal does (goals, now, keep, hand) and the Major
// Lines list.

import { clear, el, humanize, toast } from "../common.js";
import { ruleLink } from "./actions.js";
import { button, cardChip, cardIcon, cityName, playerName, swatch } from "./names.js";
import { send } from "./net.js";
import { inActions, simple, simpleEntries } from "./seat.js";
import { outOfPlayLines } from "./solo.js";
import { $, board, S } from "./state.js";

/** @typedef {import("./state.js").Action} Action */
/** @typedef {import("./state.js").View} View */

// The display in the terminal's groups: what scores by itself, what acts at once, what is
// kept for the game, what is held until played.
/** @typedef {{icons: string[] | null, title: string, why: string}} OpsGroup */
/** @type {OpsGroup[]} */
export const OPS_GROUPS = [
  { icons: ["circle"], title: "Goals", why: "Goals are not taken: the first player to do what one says wins it." },
  { icons: ["x"], title: "Now", why: "Used at once when taken." },
  { icons: ["infinity", "diamond"], title: "Keep", why: "Kept face up for the rest of the game." },
  { icons: ["hand"], title: "Hand", why: "Held until you play it on a later action." },
];

export function renderOps() {
  const box = clear($("ops"));
  const v = S.view;
  const takes = inActions() ? simple("take_operations_card") : [];
  const known = new Set(OPS_GROUPS.flatMap((g) => g.icons));
  const groups = [...OPS_GROUPS, { icons: null, title: "Other", why: "" }];
  for (const group of groups) {
    const ids = v.ops_display.filter((id) => (group.icons ? group.icons.includes(cardIcon(id)) : !known.has(cardIcon(id))));
    if (!ids.length) continue;
    box.append(el("h3", { class: "ops-group", title: group.why }, group.title));
    const list = el("ul", { class: "ops-list" });
    for (const id of ids) list.append(opsItem(id, takes.filter((a) => a.card === id), group));
    box.append(list);
  }
  if (!v.ops_display.length) box.append(el("p", { class: "hint" }, "(none on display)"));
  box.append(el("p", { class: "hint" }, `Deck ${v.ops_deck_size} · discards ${v.ops_discard.length} · goods bag ${v.bag_size} cubes · ${emptyCitiesText(v)}`));
}

/**
 * @param {string} id
 * @param {Action[]} options
 * @param {OpsGroup} group
 */
export function opsItem(id, options, group) {
  const item = el("li", { class: "op-card", "data-card": id }, cardChip(id));
  const isCity = (/** @type {string} */ t) => (board ? !!board.cities.get(t) : !/^\d+$/.test(t));
  if (options.length === 1 && !options[0].target) {
    item.append(button("Take", () => send(options[0]), { class: "small take" }));
  } else if (options.some((a) => (a.links && a.links.length) || (a.target && !isCity(a.target)))) {
    // A link (Trading Depot) or a whole delivery (Diplomatic Relations): one list of labels.
    const entries = simpleEntries("take_operations_card").filter((o) => o.action.card === id);
    const sel = el("select", { "aria-label": "Choice" }, entries.map((o, i) => el("option", { value: String(i) }, o.label)));
    item.append(el("span", { class: "row" }, sel, button("Take", () => send(entries[+sel.value].action), { class: "small take" })));
  } else if (options.length) {
    const targets = [...new Set(options.map((a) => a.target))];
    const colors = [...new Set(options.map((a) => a.color).filter(Boolean))];
    const tSel = el("select", { "aria-label": "City" }, targets.map((t) => el("option", { value: t }, cityName(t))));
    const cSel = colors.length ? el("select", { "aria-label": "Colour" }, colors.map((c) => el("option", { value: c }, humanize(c)))) : null;
    item.append(
      el(
        "span",
        { class: "row" },
        tSel,
        cSel,
        button("Take", () => {
          const a = options.find((o) => o.target === tSel.value && (!cSel || o.color === cSel.value));
          if (a) send(a);
          else toast("That choice is not possible.", "warn");
        }, { class: "small take" }),
      ),
    );
  } else {
    item.append(el("span", { class: "why-not hint" }, whyNotTake(id, group)));
  }
  return item;
}

/** Why a card on the display has no Take button for this seat right now.
 * @param {string} id
 * @param {OpsGroup} group
 */
export function whyNotTake(id, group) {
  if (group.icons && group.icons.includes("circle")) return "a goal: the first to do it scores it";
  if (S.seat === null) return "spectators watch";
  if (!inActions()) return "take it as an action on your turn";
  return "not open to you now (see its text)";
}

export function renderMajorLines() {
  const box = clear($("major-lines"));
  const taken = S.view.major_lines || {};
  const lines = board && board.majorLines.length ? board.majorLines : Object.keys(taken).map((id) => ({ id, text: id }));
  const gone = outOfPlayLines();
  for (const line of lines) {
    const owner = taken[line.id];
    const off = gone.has(line.id);
    box.append(
      el(
        "li",
        { class: off ? "out-of-play" : owner === undefined ? "open" : "taken", "data-line": line.id },
        owner === undefined ? null : swatch(owner),
        el("span", { class: "line-name" }, line.text),
        el("span", { class: "meta" }, off ? " · not in play" : owner === undefined ? " · open" : ` · ${playerName(owner)}`),
      ),
    );
  }
  // What the map's own rules put on the board (markers), listed as they label themselves.
  for (const m of S.view.markers || []) {
    const item = el("li", { class: "taken marker", "data-kind": m.kind }, m.owner === null || m.owner === undefined ? null : swatch(m.owner), m.label);
    if (m.help) item.append(" ", ruleLink(m.help, "rule"));
    box.append(item);
  }
}

export function wireCardTexts() {
  // A tap (or click) on a card opens its text; another tap, or a tap elsewhere, closes it.
  document.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const chip = target.closest && target.closest(".card-chip");
    for (const open of document.querySelectorAll(".card-chip.open")) if (open !== chip) open.classList.remove("open");
    if (chip) chip.classList.toggle("open");
  });
}

/** The Empty City count: how far to the end, or (once reached) that it ended the game.
 * @param {View} v
 */
export function emptyCitiesText(v) {
  const n = v.empty_cities.length;
  if (n < v.ecm_needed) return `empty cities ${n} of ${v.ecm_needed} to end the game`;
  return `empty cities ${n} (the end came at ${v.ecm_needed})`;
}
