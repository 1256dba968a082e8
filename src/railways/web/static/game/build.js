// @ts-check
// Build mode: a build clicked hex by hex (the server prices each next hex) or picked from the
// listed candidates, and its panel.

import { SIDE_ARROWS } from "../board.js";
import { clear, el, getJSON, humanize, money, toast } from "../common.js";
import { button, cardName, cityName, playsOnBuild } from "./names.js";
import { hideError, showError } from "./net.js";
import { bondsFor, bondWarning, cancelMode, inActions, me } from "./seat.js";
import { outOfPlay } from "./solo.js";
import { armedNote, sendSpending } from "./spend.js";
import { board, gameUrl, redraw, S, TOKEN } from "./state.js";
import { saveBoardViewSoon } from "./zoom.js";

/** @typedef {import("./state.js").BuildOption} BuildOption */
/** @typedef {import("./state.js").Hit} Hit */
/** @typedef {import("./state.js").NextHex} NextHex */
/** @typedef {import("./state.js").Origin} Origin */

export function enterBuild() {
  if (!inActions()) return;
  S.mode = "build";
  S.build = {
    path: [],
    next: [],
    cost: 0,
    completes: false,
    exit: null,
    exits: [],
    cards: [],
    candidate: null,
    redirect: false, // turn the end tile of the own unfinished link at path[0] (RW-p5-04)
    turnExit: null, // with redirect and only that hex: the side the tile turns to face
  };
  hideError();
  ensureTouchTargets();
  redraw();
}

// A finger needs about 40 CSS px to hit one hex; a touch screen zooms in to that when building.
export const MIN_TOUCH_HEX_PX = 40;

export function ensureTouchTargets() {
  const coarse = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  if (!coarse) return;
  const hex = board.hexPixels();
  if (hex >= MIN_TOUCH_HEX_PX) return;
  board.setZoom((board.zoom * (MIN_TOUCH_HEX_PX + 2)) / hex); // +2: the width is rounded to 1%
  saveBoardViewSoon();
}

/** Where the seat's unfinished links end, as the engine says (the legal actions'
 * ``open_ends``, RW-p4-46): a build may go on from there. */
export function ownOpenEnds() {
  return (S.legal && S.legal.open_ends) || [];
}

/** How the page names a place a plug-in opens for a new link (the legal actions' ``origins``
 * say which kind): its mark on the board and its words. Only words: where one may go is the
 * engine's to say.
 * @type {Record<string, {symbol: string, name: string}>} */
const ORIGIN_NAMES = { switch: { symbol: "Y", name: "a Switch Track" } };

/** The mark and words of an origin's kind (a kind the page does not know by its id).
 * @param {string} kind */
export function originName(kind) {
  return ORIGIN_NAMES[kind] || { symbol: "+", name: humanize(kind) };
}

/**
 * Where the seat may start a new link on its own track now, as the engine lists it (the
 * legal actions' ``origins``: a Switch Track, RW-p7-26..30, AU-033). The server prices a
 * build from there (next-hexes) and refuses what it must.
 * @returns {Origin[]}
 */
export function buildOrigins() {
  return (S.legal && S.legal.origins) || [];
}

/** The origin on hex (row, col), if a build may start a new link there.
 * @param {number} row
 * @param {number} col
 */
export function originAt(row, col) {
  return buildOrigins().find((o) => o.hex[0] === row && o.hex[1] === col) || null;
}

export function buildStarts() {
  const seen = new Map();
  for (const b of S.legal.builds) {
    const [r, c] = b.action.path[0];
    seen.set(`${r},${c}`, [r, c]);
  }
  for (const h of ownOpenEnds()) seen.set(`${h[0]},${h[1]}`, h);
  return [...seen.values()];
}

/**
 * @param {Hit} hit
 */
export async function buildClick(hit) {
  const b = S.build;
  /** @type {[number, number]} */
  const here = [hit.row, hit.col];
  const same = (/** @type {[number, number]} */ h) => h[0] === here[0] && h[1] === here[1];
  b.candidate = null;
  if (hit.city && outOfPlay(hit.city)) {
    toast(`${cityName(hit.city)} is not in play in the solo game.`, "warn");
    return;
  }
  if (!b.path.length) {
    const isEnd = ownOpenEnds().some(same);
    if (!hit.city && !isEnd && !originAt(hit.row, hit.col)) {
      toast("Start a build at a city, at the open end of your unfinished link, or on your own track (a Switch Track).", "warn");
      return;
    }
    b.path = [here];
    b.cost = 0;
    b.completes = false;
    await fetchNext();
    if (S.build === b && !hit.city && !isEnd && !b.next.some((h) => h.cost !== null)) {
      toast("No build can start from a Switch Track here.", "warn");
    }
    return;
  }
  const last = b.path[b.path.length - 1];
  if (same(last)) {
    stepBack();
    return;
  }
  if (b.completes) {
    toast("This build already reaches a city: confirm it, or click its last hex to take it back.", "warn");
    return;
  }
  const step = b.next.find((h) => h.row === hit.row && h.col === hit.col);
  if (step && step.cost === null) {
    // redirect: the end tile may face this hex, but the build cannot go on to it
    if (step.turn_cost !== null && step.turn_cost !== undefined) chooseTurn(board.geo.sideTowards(last, here), step.turn_cost);
    else toast("The build cannot go on to that hex.", "warn");
    return;
  }
  if (!step) {
    if (b.path.length === 1 && (hit.city || ownOpenEnds().some(same) || originAt(hit.row, hit.col))) {
      b.path = [here];
      b.redirect = false;
      b.turnExit = null;
      await fetchNext();
      return;
    }
    toast("The highlighted hexes are where this build can go next.", "warn");
    return;
  }
  b.path = [...b.path, here];
  b.turnExit = null;
  b.cost = step.cost;
  b.completes = !!step.completes;
  await fetchNext();
}

/** Redirect: whether the build starts at the seat's own unfinished link (not a city). */
export function startsAtOpenEnd() {
  const b = S.build;
  if (!b || !b.path.length) return false;
  const [r, c] = b.path[0];
  return !board.cityAtHex(r, c) && ownOpenEnds().some((h) => h[0] === r && h[1] === c);
}

export async function toggleRedirect() {
  const b = S.build;
  if (!b || !startsAtOpenEnd()) return;
  b.redirect = !b.redirect;
  b.turnExit = null;
  b.candidate = null;
  b.path = b.path.slice(0, 1);
  b.cost = 0;
  b.completes = false;
  await fetchNext();
}

/**
 * @param {number} side
 * @param {number} cost
 */
export function chooseTurn(side, cost) {
  const b = S.build;
  b.turnExit = side;
  b.cost = cost;
  b.candidate = null;
  redraw();
}

export async function stepBack() {
  const b = S.build;
  if (!b || !b.path.length) return;
  b.candidate = null;
  b.path = b.path.slice(0, -1);
  b.completes = false;
  await recost();
}

/** Where a build along ``path`` may go next, with prices (the server plans it).
 * @param {Array<[number, number]>} path
 * @returns {Promise<NextHex[]>}
 */
export async function nextHexes(path) {
  const q = new URLSearchParams({
    path: path.map(([r, c]) => `${r},${c}`).join(";"),
    cards: S.build.cards.join(","),
  });
  if (S.build.redirect) q.set("redirect", "1");
  return getJSON(`${gameUrl("/next-hexes")}?${q}`, TOKEN);
}

/** Re-read the cost of the path (after a step back or a change of cards), then what follows. */
export async function recost() {
  const b = S.build;
  if (b.path.length >= 2) {
    try {
      const options = await nextHexes(b.path.slice(0, -1));
      const [r, c] = b.path[b.path.length - 1];
      const step = options.find((h) => h.row === r && h.col === c && h.cost !== null);
      if (step) {
        b.cost = step.cost;
        b.completes = !!step.completes;
      } else {
        toast("With these cards the last hex is not allowed; it was taken back.", "warn");
        b.path = b.path.slice(0, -1);
        return recost();
      }
    } catch (err) {
      showError(err.message);
    }
  } else {
    b.cost = 0;
    b.turnExit = null;
  }
  await fetchNext();
}

export async function fetchNext() {
  const b = S.build;
  if (!b) return;
  if (!b.path.length || b.completes) {
    b.next = [];
  } else {
    try {
      b.next = await nextHexes(b.path);
    } catch (err) {
      b.next = [];
      showError(err.message);
    }
  }
  if (S.build !== b) return; // cancelled meanwhile
  chooseExits();
  redraw();
}

export function chooseExits() {
  const b = S.build;
  b.exits = [];
  if (b.path.length < 2 || b.completes) {
    b.exit = null;
    return;
  }
  const last = b.path[b.path.length - 1];
  const entry = board.geo.sideTowards(last, b.path[b.path.length - 2]);
  const shapes = [(entry + 3) % 6, (entry + 2) % 6, (entry + 4) % 6];
  const onward = b.next.filter((h) => h.cost !== null).map((h) => board.geo.sideTowards(last, [h.row, h.col]));
  const usable = shapes.filter((s) => onward.includes(s));
  b.exits = usable.length ? usable : shapes;
  if (!b.exits.includes(b.exit)) b.exit = b.exits[0];
}

export function buildAction() {
  const b = S.build;
  if (b.candidate) return b.candidate.action;
  if (b.redirect && b.path.length === 1) {
    return { kind: "build_track", seat: S.seat, path: b.path, exit: board.geo.sides[b.turnExit], redirect: true, cards: b.cards };
  }
  return {
    kind: "build_track",
    seat: S.seat,
    path: b.path,
    exit: b.completes || b.exit === null ? null : board.geo.sides[b.exit],
    redirect: !!b.redirect,
    cards: b.cards,
  };
}

export function canConfirmBuild() {
  const b = S.build;
  return !!b && (b.path.length >= 2 || (b.redirect && b.path.length === 1 && b.turnExit !== null));
}

export function confirmBuild() {
  if (!canConfirmBuild()) {
    toast("Click at least one hex after the start before confirming.", "warn");
    return;
  }
  return sendSpending("build", buildAction(), S.build.cost);
}

/**
 * @param {BuildOption} option
 */
export function pickCandidate(option) {
  if (S.mode !== "build") enterBuild();
  const b = S.build;
  b.candidate = option;
  b.path = option.action.path.map((/** @type {[number, number]} */ [r, c]) => /** @type {[number, number]} */ ([r, c]));
  b.cost = option.cost;
  b.completes = !!option.to_city;
  b.exit = option.action.exit ? board.geo.sides.indexOf(option.action.exit) : null;
  b.exits = b.exit === null ? [] : [b.exit];
  b.cards = [...(option.action.cards || [])];
  b.redirect = !!option.action.redirect;
  b.turnExit = null;
  b.next = [];
  redraw();
}

/**
 * @param {HTMLElement} panel
 */
export function renderBuildPanel(panel) {
  const b = S.build;
  const cash = me().cash;
  if (!b.path.length) {
    const kinds = [...new Set(buildOrigins().map((o) => o.kind))].map(originName);
    const others = kinds.map((k) => `, or a hex of your track marked ${k.symbol} to place ${k.name}`).join("");
    panel.append(el("p", {}, `Click a highlighted city (or the open end of your unfinished link${others}) to start, or pick a ready-made link below.`));
  } else {
    const steps = b.completes ? b.path.length - 2 : b.path.length - 1;
    const endCity = b.completes ? board.cityAtHex(...b.path[b.path.length - 1]) : null;
    panel.append(
      el(
        "p",
        { id: "build-summary" },
        `From ${startName(b.path[0])}: ${steps} new tile${steps === 1 ? "" : "s"}`,
        endCity ? ` to ${cityName(endCity)} (completes the link)` : steps ? " (unfinished: extend it next turn)" : "",
        b.redirect ? "; the end tile is turned (and paid for again)" : "",
        ".",
      ),
    );
    if (b.path.length === 1 && startsAtOpenEnd()) {
      panel.append(
        el(
          "div",
          { class: "row wrap" },
          button(b.redirect ? "Turning the end tile ✓" : "Turn the end tile (redirect)", toggleRedirect, {
            id: "btn-redirect",
            class: b.redirect ? "toggle on" : "toggle",
            "aria-pressed": String(!!b.redirect),
            title: "Re-lay the end tile of your unfinished link to point a new way (you pay for it again), then build on from it",
          }),
        ),
      );
      const turns = b.redirect ? b.next.filter((h) => h.turn_cost !== null && h.turn_cost !== undefined) : [];
      if (turns.length) {
        const here = b.path[0];
        const row = el("div", { class: "row wrap exits", role: "group", "aria-label": "Turn the end tile only" }, el("span", {}, "Turn only, to point:"));
        for (const h of turns) {
          const side = board.geo.sideTowards(here, [h.row, h.col]);
          row.append(
            button(`${SIDE_ARROWS[side]} ${board.geo.sides[side]} (${money(h.turn_cost)})`, () => chooseTurn(side, h.turn_cost), {
              class: side === b.turnExit ? "toggle on turn-only" : "toggle turn-only",
              "aria-pressed": String(side === b.turnExit),
              "data-side": board.geo.sides[side],
            }),
          );
        }
        panel.append(row, el("p", { class: "hint" }, "Or click a highlighted hex to turn the tile towards it and build on."));
      }
    }
    const bonds = bondsFor(b.cost);
    panel.append(
      el(
        "p",
        { id: "build-cost", class: bonds ? "cost warn" : "cost" },
        `Cost ${money(b.cost)} · you have ${money(cash)}`,
        bonds ? ` · ${bondWarning(b.cost)}` : "",
      ),
    );
    if (!b.completes && b.exits.length && steps > 0) {
      const last = b.path[b.path.length - 1];
      const row = el("div", { class: "row wrap exits", role: "group", "aria-label": "Direction of the last tile" }, el("span", {}, "Last tile points:"));
      for (const s of b.exits) {
        row.append(
          button(`${SIDE_ARROWS[s]} ${board.geo.sides[s]}`, () => {
            b.exit = s;
            b.candidate = null;
            redraw();
          }, { class: s === b.exit ? "toggle on" : "toggle", "aria-pressed": String(s === b.exit), "data-side": board.geo.sides[s], title: `towards ${last}` }),
        );
      }
      panel.append(row);
    }
    if (b.next.length) panel.append(el("p", { class: "hint" }, "Highlighted hexes show the cost so far if you go there; click the last hex to take it back."));
  }
  // cards that change a build
  const held = [...(me().hand || []), ...(me().kept || [])].filter(playsOnBuild);
  if (held.length) {
    const row = el("div", { class: "row wrap" }, el("span", {}, "Use:"));
    for (const id of held) {
      const box = el("input", {
        type: "checkbox",
        id: `card-${id}`,
        checked: b.cards.includes(id),
        onchange: async (/** @type {Event} */ e) => {
          b.candidate = null;
          b.cards = /** @type {HTMLInputElement} */ (e.target).checked ? [...b.cards, id] : b.cards.filter((c) => c !== id);
          await recost();
        },
      });
      row.append(el("label", { class: "check" }, box, cardName(id)));
    }
    panel.append(row);
  }
  panel.append(
    el(
      "div",
      { class: "row" },
      button("Confirm build (Enter)", confirmBuild, { id: "btn-confirm", class: "primary", disabled: !canConfirmBuild() }),
      button("Back a hex", stepBack, { id: "btn-back", disabled: !b.path.length }),
      button("Cancel (Esc)", () => cancelMode(), { id: "btn-cancel" }),
    ),
    // A changed build (another hex, card or candidate) renders another choice: disarmed.
    armedNote("build", canConfirmBuild() ? buildAction() : null, b.cost),
  );
  renderCandidates(panel);
}

/** What a build starting at ``hex`` starts from: a city, the seat's unfinished link or a
 * place on its own track a plug-in opens (a Switch Track).
 * @param {[number, number]} hex
 */
export function startName(hex) {
  const [r, c] = hex;
  const city = board.cityAtHex(r, c);
  if (city) return cityName(city);
  if (ownOpenEnds().some((h) => h[0] === r && h[1] === c)) return "your unfinished link";
  const origin = originAt(r, c);
  if (origin) return `${originName(origin.kind).name.replace(/^an? /, "a new ")} on your track`;
  return "your unfinished link";
}

/**
 * @param {BuildOption} o
 */
export function candidateLabel(o) {
  const fromName = startName(o.action.path[0]);
  const route = o.route || o.action.path;
  const [lastRow, lastCol] = route[route.length - 1];
  const target = o.to_city || board.cityAtHex(lastRow, lastCol);
  const to = o.to_city ? cityName(o.to_city) : `toward ${target ? cityName(target) : "?"} (first part)`;
  return `${fromName} → ${to}`;
}

/**
 * @param {HTMLElement} panel
 */
export function renderCandidates(panel) {
  const builds = S.legal.builds || [];
  const details = el("details", {
    class: "candidates",
    open: !S.build.path.length || !!S.build.candidate,
  });
  details.append(el("summary", {}, `Ready-made links (${builds.length})`));
  const filter = el("input", {
    type: "search",
    id: "candidate-filter",
    placeholder: "Filter by city…",
    value: S.buildFilter,
    "aria-label": "Filter links by city",
  });
  const list = el("ul", { id: "candidate-list", class: "candidate-list" });
  const fill = () => {
    clear(list);
    const q = S.buildFilter.trim().toLowerCase();
    const rows = builds
      .map((o) => ({ o, label: candidateLabel(o) }))
      .filter(({ label }) => !q || label.toLowerCase().includes(q))
      .sort((a, b) => (b.o.to_city ? 1 : 0) - (a.o.to_city ? 1 : 0) || a.o.cost - b.o.cost || a.o.tiles - b.o.tiles);
    for (const { o, label } of rows.slice(0, 40)) {
      const bonds = bondsFor(o.cost);
      const chosen = S.build.candidate === o;
      list.append(
        el(
          "li",
          {},
          button(
            [label, el("span", { class: "meta" }, ` · ${o.tiles} tile${o.tiles === 1 ? "" : "s"} · ${money(o.cost)}${bonds ? ` · ${bonds} bond${bonds === 1 ? "" : "s"}` : ""}`)],
            () => pickCandidate(o),
            { class: `candidate${chosen ? " chosen" : ""}`, "data-to": o.to_city || "", "data-cost": o.cost, "data-build": builds.indexOf(o) },
          ),
        ),
      );
    }
    if (rows.length > 40) list.append(el("li", { class: "hint" }, `${rows.length - 40} more: filter by a city name.`));
    if (!rows.length) list.append(el("li", { class: "hint" }, "No link matches."));
  };
  filter.addEventListener("input", () => {
    S.buildFilter = filter.value;
    fill();
  });
  fill();
  details.append(filter, list);
  panel.append(details);
}
