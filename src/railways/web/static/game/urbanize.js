// @ts-check
// Urbanize mode: a gray city and the colour of its new city tile.

import { el, humanize, money, toast } from "../common.js";
import { button, cityName, cubeChip } from "./names.js";
import { cancelMode, inActions, rules, simple, simpleEntries } from "./seat.js";
import { armedNote, sendSpending } from "./spend.js";
import { redraw, S } from "./state.js";

export function enterUrbanize() {
  if (!inActions() || !simple("urbanize").length) return;
  S.mode = "urbanize";
  S.urb = { city: null, color: null };
  redraw();
}

export function urbanizeOptions() {
  return simple("urbanize");
}

/** The legal urbanize for the city and colour chosen (with its price), or null. */
export function chosenUrbanize() {
  const u = S.urb;
  return simpleEntries("urbanize").find((o) => o.action.city === u.city && o.action.color === u.color) || null;
}

/** What the chosen urbanize costs: its price in the legal actions, else the map's. */
function urbanizeCost() {
  const chosen = chosenUrbanize();
  return chosen && chosen.cost !== null && chosen.cost !== undefined ? chosen.cost : rules().urbanize_cost;
}

export function confirmUrbanize() {
  const chosen = chosenUrbanize();
  if (!chosen) {
    toast("Choose a gray city and the colour of its new city tile.", "warn");
    return;
  }
  return sendSpending("urbanize", chosen.action, urbanizeCost());
}

/**
 * @param {HTMLElement} panel
 */
export function renderUrbanizePanel(panel) {
  const u = S.urb;
  const options = urbanizeOptions();
  const cities = [...new Set(options.map((a) => a.city))];
  const cost = rules().urbanize_cost;
  panel.append(
    el("p", {}, `Urbanize: put a new city tile on a gray city (click one on the board) and choose its colour.${cost !== undefined ? ` Costs ${money(cost)}.` : ""}`),
  );
  const select = el(
    "select",
    {
      id: "urbanize-city",
      "aria-label": "City",
      onchange: (/** @type {Event} */ e) => {
        u.city = /** @type {HTMLSelectElement} */ (e.target).value || null;
        redraw();
      },
    },
    el("option", { value: "" }, "Choose a city…"),
    cities.map((c) => el("option", { value: c, selected: c === u.city }, cityName(c))),
  );
  panel.append(el("div", { class: "row" }, select));
  const colors = [...new Set(options.filter((a) => !u.city || a.city === u.city).map((a) => a.color))];
  const row = el("div", { class: "row wrap" }, el("span", {}, "Colour:"));
  for (const c of colors) {
    row.append(
      button([cubeChip(c), ` ${humanize(c)}`], () => {
        u.color = c;
        redraw();
      }, { class: `toggle${u.color === c ? " on" : ""}`, "data-color": c, "aria-pressed": String(u.color === c) }),
    );
  }
  panel.append(row);
  panel.append(
    el(
      "div",
      { class: "row" },
      button("Urbanize (Enter)", confirmUrbanize, { id: "btn-confirm", class: "primary", disabled: !(u.city && u.color) }),
      button("Cancel (Esc)", () => cancelMode(), { id: "btn-cancel" }),
    ),
    armedNote("urbanize", chosenUrbanize()?.action ?? null, urbanizeCost()),
  );
}
