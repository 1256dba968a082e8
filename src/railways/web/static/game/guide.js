// @ts-check
// The guided first game (issue 29): lessons that walk a new player through a game (the Rail
// Baron, the auction, a build, bonds, a delivery, income, urbanizing, an engine upgrade, an
// Operations card, the end), each naming its rule, pointing at the control to press next
// (outlined) and at the cities on the board it is about.
//
// The guide only suggests. The player's own click sends the move as any move is sent, and
// the engine judges it. A different legal move is let through with a note, and the lesson
// waits for a later turn: refusing it would make the guide a second judge of what is
// allowed, and any legal move keeps the game a real one. Progress is kept in local storage
// under the game's id (common.js loadGuide), so the guide can be left and resumed, here
// or from the lobby.

import { clear, el, humanize, loadGuide, money, newGuide, saveGuide } from "../common.js";
import { button, cityName } from "./names.js";
import { openRule } from "./net.js";
import { me, myTurn, rules, simple } from "./seat.js";
import { $, board, GAME_ID, params, redraw, S } from "./state.js";

/** @typedef {import("../common.js").GuideRecord} GuideRecord */
/** @typedef {import("./state.js").BuildOption} BuildOption */
/** @typedef {import("./state.js").Action} Action */

/**
 * What the guide points at: the control to press (a select with the value to choose) and
 * the cities the step is about.
 * @typedef {{target: Element | null, value?: string, cities: string[]}} Pointer
 */
/**
 * One lesson: while ``when`` holds and it is not done, the guide shows it. A lesson with
 * ``kinds`` is done when the seat's move of one of those kinds is taken by the server; one
 * without is read and closed with Got it.
 * @typedef {object} Lesson
 * @property {string} id
 * @property {string} title
 * @property {string[]} clauses
 * @property {string[]} kinds
 * @property {() => boolean} when
 * @property {() => string} text
 * @property {() => Pointer} point
 */

/** @type {Pointer} */
const NOWHERE = { target: null, cities: [] };

/** @param {string} selector */
const first = (selector) => document.querySelector(selector);

const acting = () => !!myTurn() && S.view.phase === "actions" && !S.replay;

/** The seat's own complete and unfinished links' cities. */
function myCities() {
  const cities = new Set();
  for (const link of S.view.links) {
    if (link.owner !== S.seat) continue;
    cities.add(link.start);
    if (link.end) cities.add(link.end);
  }
  return cities;
}

/** The city a build starts from (its first hex), or null. @param {BuildOption} o */
function startCity(o) {
  const [row, col] = o.action.path[0];
  return board.cityAtHex(row, col);
}

/** The cheapest complete link whose two cities make a delivery: one holds a cube of the
 * other's colour, so the next action can carry it. */
export function suggestedBuild() {
  const v = S.view;
  /** @type {BuildOption | null} */
  let best = null;
  for (const o of (S.legal && S.legal.builds) || []) {
    const from = startCity(o);
    const to = o.to_city;
    if (!from || !to) continue;
    const fits = (v.cubes[from] || []).includes(v.city_colors[to]) || (v.cubes[to] || []).includes(v.city_colors[from]);
    if (fits && (!best || o.cost < best.cost || (o.cost === best.cost && o.tiles < best.tiles))) best = o;
  }
  return best;
}

/** An urbanize move on a city the seat's track reaches if there is one, else the first. */
export function suggestedUrbanize() {
  const options = simple("urbanize");
  const mine = myCities();
  return options.find((a) => mine.has(a.city)) || options[0] || null;
}

/** The next press of a build of ``o``: Build, the link in the ready-made list, Confirm.
 * @param {BuildOption} o */
function pointBuild(o) {
  const cities = [startCity(o), o.to_city].filter(Boolean);
  if (S.mode !== "build") return { target: first("#btn-build"), cities };
  if (S.build.candidate !== o) {
    const index = S.legal.builds.indexOf(o);
    const listed = first(`#candidate-list .candidate[data-build="${index}"]`);
    // The list shows the first forty links: beyond them, the filter finds it by its city.
    return listed ? { target: listed, cities } : { target: first("#candidate-filter"), value: cityName(o.to_city), cities };
  }
  return { target: first("#btn-confirm"), cities };
}

/** The next press of a delivery: Deliver, the first cube listed, its first route, Confirm. */
function pointDeliver() {
  if (S.mode !== "deliver") return { target: first("#btn-deliver"), cities: [] };
  const cube = /** @type {HTMLElement | null} */ (first("#delivery-list .delivery.chosen") || first("#delivery-list .delivery"));
  const from = cube ? cube.dataset.city : "";
  if (S.deliver.key === null) return { target: cube, cities: [from] };
  const route = /** @type {HTMLElement | null} */ (first("#route-list .route.chosen") || first("#route-list .route"));
  const cities = [from, route ? route.dataset.destination : ""].filter(Boolean);
  return { target: S.deliver.route ? first("#btn-confirm") : route, cities };
}

/** The next press of an urbanize move: Urbanize, the city, the colour, Confirm.
 * @param {Action} a */
function pointUrbanize(a) {
  const cities = [a.city];
  if (S.mode !== "urbanize") return { target: first("#btn-urbanize"), cities };
  if (S.urb.city !== a.city) return { target: first("#urbanize-city"), value: a.city, cities };
  if (S.urb.color !== a.color) return { target: first(`#action-panel button[data-color="${a.color}"]`), cities };
  return { target: first("#btn-confirm"), cities };
}

/** @type {Lesson[]} */
export const LESSONS = [
  {
    id: "baron",
    title: "Keep a Rail Baron",
    clauses: ["RW-p4-12"],
    kinds: ["choose_baron"],
    when: () => !!myTurn() && S.view.phase === "choose_baron",
    text: () =>
      "You hold two secret Rail Baron cards. Each is a goal that scores at the end if you meet it; keep one (the guide points at the first) and the other is put away. Nobody else sees which.",
    point: () => ({ target: first("#action-panel [data-baron]"), cities: [] }),
  },
  {
    id: "auction",
    title: "The auction for first player",
    clauses: ["RW-p4-32", "RW-p4-35"],
    kinds: ["bid", "pass_bid"],
    when: () => !!myTurn() && S.view.phase === "auction",
    text: () =>
      "Every turn opens with an auction: the highest bid pays and acts first. You start with no cash, so a bid would be paid with bonds. Pass this time; the turn order matters little in a first game.",
    point: () => ({ target: first("#btn-pass-bid"), cities: [] }),
  },
  {
    id: "build",
    title: "Build a link",
    clauses: ["RW-p4-43", "RW-p4-46", "RW-p4-47"],
    kinds: ["build_track"],
    when: () => acting() && !!suggestedBuild(),
    text: () => {
      const o = suggestedBuild();
      const from = startCity(o);
      return `One Build Track action lays up to four tiles from a city; track that reaches another city is a complete link. The guide suggests ${cityName(from)} to ${cityName(o.to_city)} (${money(o.cost)}, marked on the board): one of the two holds a cube the other takes, so your next action can deliver it. Press Build track, pick that link in the ready-made list, then confirm.`;
    },
    point: () => pointBuild(suggestedBuild()),
  },
  {
    id: "bonds",
    title: "Bonds pay what cash cannot",
    clauses: ["RW-p4-23", "RW-p6-02", "RW-p4-25"],
    kinds: [],
    when: () => !!me() && me().bonds > 0 && !S.replay,
    text: () => {
      const n = me().bonds;
      const value = rules().bond_value;
      return `Short of cash, you issued bonds: you hold ${n} now${value ? `, each bringing ${money(value)}` : ""}. Only as many are issued as a payment needs. Each one costs ${money(rules().bond_dividend ?? 1)} at every income and a point at the end of the game, so deliveries that raise your income should follow.`;
    },
    point: () => ({ target: $("guide-next"), cities: [] }),
  },
  {
    id: "deliver",
    title: "Deliver a cube",
    clauses: ["RW-p5-24", "RW-p5-26", "RW-p5-31"],
    kinds: ["deliver_goods"],
    when: () => acting() && S.legal.deliveries.length > 0,
    text: () =>
      `Deliver Goods carries one cube along complete links to a city of its colour; each link's owner moves one step up the income track. Your engine (level ${me().engine}) is the most links one delivery may use. Press Deliver goods, choose the cube, then its route.`,
    point: pointDeliver,
  },
  {
    id: "income",
    title: "Income at the end of a turn",
    clauses: ["RW-p6-01", "RW-p6-02", "RW-p6-05"],
    kinds: [],
    when: () => S.view.turn >= 2 && S.view.phase !== "game_over" && !S.replay,
    text: () =>
      `A turn is over. Every player was paid what the income track shows, then paid ${money(rules().bond_dividend ?? 1)} for each bond, and unfinished links were taken off the board. You have ${money(me().cash)} now; the tracks above the players show where each one stands.`,
    point: () => ({ target: $("guide-next"), cities: [] }),
  },
  {
    id: "urbanize",
    title: "Urbanize a gray city",
    clauses: ["RW-p5-13", "RW-p5-16"],
    kinds: ["urbanize"],
    when: () => acting() && !!suggestedUrbanize(),
    text: () => {
      const a = suggestedUrbanize();
      const cost = rules().urbanize_cost;
      return `Urbanize turns a gray city into a city of one colour${cost ? ` for ${money(cost)}` : ""}: it then takes goods of that colour, and two new cubes are drawn onto it. The guide suggests ${cityName(a.city)} as ${humanize(a.color)}${myCities().has(a.city) ? ", which your track reaches" : ""}.`;
    },
    point: () => pointUrbanize(suggestedUrbanize()),
  },
  {
    id: "upgrade",
    title: "Upgrade your engine",
    clauses: ["RW-p5-17", "RW-p5-26"],
    kinds: ["upgrade_engine"],
    when: () => acting() && simple("upgrade_engine").length > 0,
    text: () =>
      `Upgrade Engine raises your engine by one level (you are at ${me().engine}): a delivery may then use one more link, and longer deliveries score more. The button shows the price.`,
    point: () => ({ target: first("#action-panel .btn-upgrade"), cities: [] }),
  },
  {
    id: "cards",
    title: "Take an Operations card",
    clauses: ["RW-p5-34", "RW-p5-36"],
    kinds: ["take_operations_card"],
    when: () => acting() && simple("take_operations_card").length > 0 && !!first("#ops button.take"),
    text: () =>
      "Taking one of the Operations cards on display is an action too. Its symbol says when it works: at once, kept for later, or for the rest of the game. The guide points at the first you may take; its text is in its tip.",
    point: () => ({ target: first("#ops button.take"), cities: [] }),
  },
  {
    id: "end",
    title: "The end of the game",
    clauses: ["RW-p6-11", "RW-p6-13", "RW-p6-15"],
    kinds: [],
    when: () => S.view.phase === "game_over",
    text: () =>
      "The game is over. Each bond cost a point, the Rail Barons were shown and scored where met, and the most points won; the table shows each part of every score. That is the whole game: the lobby sets up the next.",
    point: () => ({ target: $("guide-next"), cities: [] }),
  },
];

/** After every lesson: deliver when a cube can go, else pass (any other move is fine). */
function playOn() {
  if (!myTurn() || S.replay) return { text: "The other players are moving; the next step comes when it is your turn.", pointer: NOWHERE };
  const phase = S.view.phase;
  if (phase === "auction") return { text: "Pass in the auction, or bid if you like.", pointer: { target: first("#btn-pass-bid"), cities: [] } };
  if (phase === "actions" && S.legal.deliveries.length) {
    return { text: "A cube can be delivered: the guide suggests it. Any other move is yours to choose.", pointer: pointDeliver() };
  }
  if (phase === "actions") return { text: "Nothing to deliver now: pass, or build, urbanize or upgrade as you like.", pointer: { target: first("#btn-pass"), cities: [] } };
  return { text: "Play on as you like.", pointer: NOWHERE };
}

/** This game's guide record, made from the address (?guide=1) if there is none yet. */
function record() {
  if (!GAME_ID) return null;
  const kept = loadGuide(GAME_ID);
  if (kept) return kept;
  if (params.get("guide") !== "1") return null;
  const made = newGuide(GAME_ID, window.location.pathname + window.location.search + window.location.hash);
  saveGuide(made);
  return made;
}

/** Read the seat's move the server took since the last drawing: it completes the lesson
 * shown, or earns a note and the lesson waits.
 * @param {GuideRecord} rec
 */
function readMove(rec) {
  const sent = S.sent;
  if (!sent || sent.index <= rec.seen) return;
  rec.seen = sent.index;
  const shown = LESSONS.find((l) => l.id === sent.lesson);
  if (!shown || !shown.kinds.length || rec.done.includes(shown.id)) return;
  if (shown.kinds.includes(sent.kind)) {
    rec.done.push(shown.id);
    rec.note = "";
  } else {
    rec.note = `You chose ${humanize(sent.kind).toLowerCase()} instead of the suggested move. The guide lets any legal move through (the game's rules judge it) and comes back to "${shown.title}" on a later turn.`;
  }
}

/** Mark the control to press and the cities the step is about; clear the old marks.
 * @param {Pointer} pointer
 */
function mark(pointer) {
  for (const node of document.querySelectorAll(".guide-target")) {
    node.classList.remove("guide-target");
    if (node instanceof HTMLElement) delete node.dataset.guideValue;
  }
  for (const node of document.querySelectorAll("#board-view g.city.guide-spot")) node.classList.remove("guide-spot");
  if (pointer.target) {
    pointer.target.classList.add("guide-target");
    if (pointer.value && pointer.target instanceof HTMLElement) pointer.target.dataset.guideValue = pointer.value;
    // Typing in the build list's filter redraws only the list: point again at what it shows.
    if (pointer.target instanceof HTMLInputElement) pointer.target.addEventListener("input", () => renderGuide(), { once: true });
  }
  for (const city of pointer.cities) {
    const group = document.querySelector(`#board-view g.city[data-city="${CSS.escape(city)}"]`);
    if (group) group.classList.add("guide-spot");
  }
}

/** @param {GuideRecord} rec */
function lessonNow(rec) {
  return LESSONS.find((l) => !rec.done.includes(l.id) && l.when()) || null;
}

let drawings = 0;

/** The guide box: the lesson, its rule, the note, and Leave; or Resume once left. */
export function renderGuide() {
  const box = $("guide");
  const rec = S.view ? record() : null;
  if (!box || !rec) return;
  box.hidden = false;
  drawings += 1;
  document.body.dataset.guideDrawn = String(drawings); // for the browser tests: a new drawing
  readMove(rec);
  clear(box);
  const count = el("span", { class: "hint guide-count" }, `${rec.done.length} of ${LESSONS.length} steps`);
  if (rec.left) {
    S.lesson = "";
    mark(NOWHERE);
    box.dataset.step = "left";
    box.append(el("div", { class: "row wrap" }, el("strong", {}, "Guided game"), count, button("Resume the guide", () => setLeft(rec, false), { id: "guide-resume" })));
    saveGuide(rec);
    return;
  }
  const lesson = lessonNow(rec);
  rec.current = lesson ? lesson.id : "";
  S.lesson = rec.current;
  box.dataset.step = lesson ? lesson.id : rec.finished ? "finished" : "play-on";
  box.dataset.done = rec.done.join(" ");
  saveGuide(rec);
  const head = el("div", { class: "row wrap guide-head" }, el("strong", {}, lesson ? lesson.title : "Guided game"), count);
  box.append(head);
  let pointer = NOWHERE;
  if (lesson) {
    box.append(el("p", { class: "guide-text" }, lesson.text()));
    const links = el("div", { class: "row wrap guide-rules" }, el("span", { class: "hint" }, "The rule:"));
    for (const clause of lesson.clauses) {
      links.append(button(clause, () => openRule(clause), { class: "linklike rule-link", "data-clause": clause }));
    }
    box.append(links);
    if (!lesson.kinds.length) box.append(button(lesson.id === "end" ? "Finish the guide" : "Got it", () => readLesson(rec, lesson), { id: "guide-next", class: "primary" }));
    if (lesson.kinds.length && !myTurn()) box.append(el("p", { class: "hint" }, "Waiting for the other players."));
    else pointer = lesson.point();
  } else {
    const on = rec.finished ? { text: "The guide is finished: every step was shown.", pointer: NOWHERE } : playOn();
    box.append(el("p", { class: "guide-text" }, rec.done.length ? `Every step so far is done. ${on.text}` : on.text));
    pointer = on.pointer;
  }
  if (rec.note) box.append(el("p", { class: "guide-note", id: "guide-note" }, rec.note));
  if (!rec.finished) box.append(button("Leave the guide", () => setLeft(rec, true), { id: "guide-leave", class: "linklike" }));
  mark(pointer);
}

/**
 * @param {GuideRecord} rec
 * @param {Lesson} lesson
 */
function readLesson(rec, lesson) {
  if (!rec.done.includes(lesson.id)) rec.done.push(lesson.id);
  if (lesson.id === "end") rec.finished = true;
  saveGuide(rec);
  redraw();
}

/**
 * @param {GuideRecord} rec
 * @param {boolean} left
 */
function setLeft(rec, left) {
  rec.left = left;
  saveGuide(rec);
  redraw();
}
