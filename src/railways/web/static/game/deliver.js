// @ts-check
// Deliver mode: a cube chosen on the board or in the list, its routes, and its panel.

import { RAILBOT, el, humanize, toast } from "../common.js";
import { button, cardName, cityName, cubeChip, playerName } from "./names.js";
import { hideError, send } from "./net.js";
import { cancelMode, inActions } from "./seat.js";
import { redraw, S } from "./state.js";

/** @typedef {import("./state.js").Delivery} Delivery */
/** @typedef {import("./state.js").Hit} Hit */
/** @typedef {import("./state.js").Route} Route */

export function enterDeliver() {
  if (!inActions()) return;
  if (!S.legal.deliveries.length) {
    toast("No goods can be delivered now: you need a complete link of your own out of a city with a cube that can reach a city of its colour.", "warn");
    return;
  }
  S.mode = "deliver";
  S.deliver = { key: null, route: null };
  if (S.legal.deliveries.length === 1) selectDelivery(0, false);
  hideError();
  redraw();
}

export function deliveryEntries() {
  return S.legal ? S.legal.deliveries : [];
}

/**
 * @param {Delivery} entry
 */
export function sortedRoutes(entry) {
  // Solo: each Railbot link used costs the player a point (RB-054).
  const mine = (/** @type {Route} */ r) => (r.points[String(S.seat)] || 0) - (r.points[String(RAILBOT)] || 0);
  const total = (/** @type {Route} */ r) => Object.values(r.points).reduce((a, v) => a + v, 0);
  return [...entry.routes].sort((a, b) => mine(b) - mine(a) || total(b) - total(a));
}

/** The cities a route passes through on its way, in order (not its ends), from the view's
 * links: each link leaves the city the route has reached by its other end.
 * @param {string} from the cube's city
 * @param {Route} r
 */
export function routeVia(from, r) {
  const byId = new Map((S.view.links || []).map((/** @type {any} */ l) => [l.id, l]));
  const via = [];
  let at = from;
  for (const id of r.action.links) {
    const link = byId.get(id);
    if (!link) return [];
    at = link.start === at ? link.end : link.start;
    via.push(at);
  }
  return via.slice(0, -1);
}

/** What tells each route of a cube apart, beside its destination: the cities it passes
 * through and, for routes that still read alike (parallel links), a number.
 * @param {string} from
 * @param {Route[]} routes
 * @returns {string[]}
 */
export function routeNotes(from, routes) {
  const notes = routes.map((r) => {
    const via = routeVia(from, r);
    return via.length ? ` · via ${via.map(cityName).join(", ")}` : "";
  });
  const labels = routes.map((r, i) => `${r.destination}${notes[i]}${pointsText(r.points)}${(r.action.cards || []).join()}`);
  const seen = new Map();
  return notes.map((note, i) => {
    const same = labels.filter((l) => l === labels[i]).length;
    if (same < 2) return note;
    const k = (seen.get(labels[i]) || 0) + 1;
    seen.set(labels[i], k);
    return `${note} · track ${k} of ${same}`;
  });
}

/**
 * @param {number} i
 * @param {boolean} [rerender]
 */
export function selectDelivery(i, rerender = true) {
  const entry = deliveryEntries()[i];
  if (!entry) return;
  S.deliver.key = i;
  const routes = sortedRoutes(entry);
  S.deliver.route = routes.length ? routes[0] : null;
  if (rerender) redraw();
}

/**
 * @param {Hit} hit
 */
export function deliverClick(hit) {
  const entries = deliveryEntries();
  let i = -1;
  if (hit.cube) {
    i = entries.findIndex((e) => e.city === hit.cube.city && e.color === hit.cube.color);
  }
  if (i < 0 && hit.city) {
    const current = S.deliver.key !== null ? entries[S.deliver.key] : null;
    if (current && current.city === hit.city) {
      // a second click on the same city moves on to its next colour
      const same = entries
        .map((e, k) => (e.city === hit.city ? k : -1))
        .filter((k) => k >= 0);
      i = same[(same.indexOf(S.deliver.key) + 1) % same.length];
    } else {
      i = entries.findIndex((e) => e.city === hit.city);
    }
  }
  if (i < 0) {
    toast("Choose a highlighted city or one of its outlined cubes.", "warn");
    return;
  }
  selectDelivery(i);
}

export function confirmDeliver() {
  const d = S.deliver;
  if (!d || !d.route) {
    toast("Choose a cube and a route first.", "warn");
    return;
  }
  return send(d.route.action);
}

/**
 * @param {Record<string, number>} points
 */
export function pointsText(points) {
  return Object.entries(points)
    .map(([seat, pts]) => (+seat === RAILBOT ? `you −${pts} (Railbot links)` : `${playerName(+seat)} +${pts}`))
    .join(", ");
}

/**
 * @param {HTMLElement} panel
 */
export function renderDeliverPanel(panel) {
  const entries = deliveryEntries();
  const d = S.deliver;
  panel.append(el("p", {}, "Choose a cube (outlined on the board, or below), then a route. Each link's owner scores a point."));
  const list = el("div", { id: "delivery-list", class: "row wrap" });
  entries.forEach((e, i) => {
    list.append(
      button([cubeChip(e.color), ` ${humanize(e.color)} from ${cityName(e.city)}`], () => selectDelivery(i), {
        class: `delivery${d.key === i ? " chosen" : ""}`,
        "data-city": e.city,
        "data-color": e.color,
        "aria-pressed": String(d.key === i),
      }),
    );
  });
  panel.append(list);
  if (d.key !== null) {
    const entry = entries[d.key];
    const routes = el("ul", { id: "route-list", class: "route-list" });
    const sorted = sortedRoutes(entry);
    const notes = routeNotes(entry.city, sorted);
    sorted.forEach((r, i) => {
      const chosen = d.route === r;
      routes.append(
        el(
          "li",
          {},
          button(
            [
              `to ${cityName(r.destination)}`,
              el("span", { class: "meta" }, ` · ${r.action.links.length} link${r.action.links.length === 1 ? "" : "s"}${notes[i]} · ${pointsText(r.points)}`),
              r.action.cards && r.action.cards.length ? el("span", { class: "meta using" }, ` · using ${r.action.cards.map(cardName).join(", ")}`) : null,
            ],
            () => {
              d.route = r;
              redraw();
            },
            { class: `route${chosen ? " chosen" : ""}`, "data-destination": r.destination, "aria-pressed": String(chosen) },
          ),
        ),
      );
    });
    panel.append(el("h3", {}, `Routes for the ${entry.color} cube from ${cityName(entry.city)}`), routes);
  }
  panel.append(
    el(
      "div",
      { class: "row" },
      button("Deliver (Enter)", confirmDeliver, { id: "btn-confirm", class: "primary", disabled: !d.route }),
      button("Cancel (Esc)", () => cancelMode(), { id: "btn-cancel" }),
    ),
  );
}
