// @ts-check
// The solo game (Rail Barons against the Railbot): everything read from the view's
// plugins.solo and the legal actions; the page offers the engine's own choices only.

import { RAILBOT, clear, el, humanize, ownerColor } from "../common.js";
import { button, cityName, cubeChip, playerName, swatch } from "./names.js";
import { send } from "./net.js";
import { myTurn, simple } from "./seat.js";
import { $, S, board } from "./state.js";

/** @typedef {import("./state.js").Action} Action */

// Everything here is read from the view (plugins.solo) and the legal actions: the page offers
// the engine's own choices (insure, claim_duel_baron, end_turn, railbot_*), never its own.

export function solo() {
  return (S.view && S.view.plugins && S.view.plugins.solo) || null;
}

/**
 * @param {string} cityId
 */
export function outOfPlay(cityId) {
  const so = solo();
  return !!so && (so.out_of_play_cities || []).includes(cityId);
}

/** Major Lines out of play: those the map's solo appendix covers, or that need a city out of play. */
export function outOfPlayLines() {
  const out = new Set();
  const so = solo();
  if (!so) return out;
  for (const id of so.out_of_play_lines || []) out.add(id);
  const gone = new Set(so.out_of_play_cities || []);
  const lines = (S.mapInfo && S.mapInfo.major_lines) || {};
  for (const [id, line] of Object.entries(lines)) {
    if ((line.endpoints || []).some((/** @type {string} */ c) => gone.has(c))) out.add(id);
  }
  return out;
}

export function westRule() {
  return (S.mapInfo && S.mapInfo.west_of_the_mountains) || null;
}

export function westShade() {
  const so = solo();
  const west = westRule();
  if (!so || so.west_open || !west) return null;
  const at = west.unlock_score === null || west.unlock_score === undefined ? "" : `you have ${west.unlock_score} points or `;
  return { limits: west.limits, title: `West of the mountains: no building until ${at}the Final Evaluation card is drawn (RB-100)` };
}

/**
 * @param {string} id
 */
export function lineLabel(id) {
  const line = S.mapInfo && S.mapInfo.major_lines && S.mapInfo.major_lines[id];
  if (line) return `${id}: ${line.name}, ${line.points} pts`;
  const fromBoard = board && board.majorLines.find((l) => l.id === id);
  return fromBoard ? fromBoard.text : `Major Line ${id}`;
}

/**
 * @param {string} id
 */
export function duelBaron(id) {
  const so = solo();
  return (so && so.duel_barons.find((/** @type {{id: string}} */ b) => b.id === id)) || { id, name: humanize(id), text: "" };
}

/** @type {Record<string, [string, string]>} */
export const RB_ICONS = {
  major_line: ["Major Line", "Major Line icon: the Railbot claims an unclaimed Major Line"],
  baron: ["Baron", "Baron icon: the Railbot claims a Duel Baron (with the Duel Barons)"],
};

/** A Railbot card: its slot mark, what it does (city chain, colour, kind) and its icons.
 * @param {any} card
 * @param {boolean} [insured]
 */
export function railbotCard(card, insured = false) {
  let body;
  if (card.kind === "links") {
    body = el("span", { class: "rb-chain" }, card.cities.map(cityName).join(" → "));
  } else if (card.kind === "exhaust" && card.color) {
    body = el("span", {}, cubeChip(card.color), ` Exhaust ${humanize(card.color)}`);
  } else {
    body = el("span", {}, (card.kinds || [card.kind]).map(humanize).join(" + "));
  }
  return el(
    "div",
    { class: `rb-card rb-${card.kind}${insured ? " insured" : ""}`, "data-card": card.id, title: card.text },
    el("span", { class: "rb-slot", title: `When drawn, this card resolves the card in slot ${card.slot} of the row` }, `▸${card.slot}`),
    body,
    (card.icons || []).map((/** @type {string} */ icon) => el("span", { class: `rb-icon rb-icon-${icon}`, title: (RB_ICONS[icon] || [])[1] || icon }, (RB_ICONS[icon] || [icon])[0])),
    insured ? el("span", { class: "tag insurance", title: "Insured: it has no effect when it is resolved" }, "insured") : null,
  );
}

export function renderRailbot() {
  const panel = $("solo-panel");
  const so = solo();
  panel.hidden = !so;
  if (!so) return;
  const box = clear($("railbot"));
  const p = S.view.players[0];
  box.append(
    el(
      "p",
      { id: "solo-target", class: "solo-target" },
      `Target: ${so.target_score} points · ${p ? p.name : "you"}: ${p ? p.score : 0}`,
      so.final_turn ? " · final turn: the Railbot rests" : "",
    ),
  );
  const row = el("ol", { id: "railbot-row", class: "rb-row" });
  (so.row.length ? so.row : [null, null, null]).forEach((/** @type {any} */ card, /** @type {number} */ i) => {
    row.append(
      el(
        "li",
        { class: "rb-slotbox", "data-slot": String(i + 1) },
        el("span", { class: "rb-slotname" }, `Slot ${i + 1}`),
        card ? railbotCard(card, so.insured === card.id) : el("span", { class: "hint" }, "(resolving)"),
      ),
    );
  });
  box.append(row);
  if (so.drawn) box.append(el("div", { id: "railbot-drawn", class: "row" }, el("span", {}, "Drawn:"), railbotCard(so.drawn)));
  const insured = so.insured ? [...so.row, so.drawn].find((c) => c && c.id === so.insured) : null;
  box.append(
    el(
      "p",
      { id: "insurance", class: "hint", "data-insured": so.insured || "" },
      "Insurance token: ",
      so.insured ? `on ${insured ? insured.text : so.insured}` : "free (it can go on the card in slot 1 or 2 for two actions)",
    ),
  );
  box.append(
    el(
      "p",
      { id: "railbot-deck", class: "hint" },
      `Railbot deck: ${so.deck_size} card${so.deck_size === 1 ? "" : "s"} · ${so.removed} set aside unseen · ${so.discard.length} discarded`,
      so.evaluations ? ` · Final Evaluation drawn ${so.evaluations}×` : "",
      so.bottom_half ? " · the Railbot builds its cards' lower chains" : "",
    ),
  );
  const west = westRule();
  if (west) {
    box.append(
      el(
        "p",
        { id: "west-rule", class: `hint${so.west_open ? "" : " west-closed"}`, "data-open": so.west_open ? "1" : "0" },
        so.west_open
          ? "West of the mountains is open for building."
          : `West of the mountains (shaded) opens at ${west.unlock_score} points or when the Final Evaluation card is drawn.`,
      ),
    );
  }
  box.append(
    el(
      "p",
      { class: "hint" },
      `Operations display holds ${so.operations_capacity} card${so.operations_capacity === 1 ? "" : "s"}`,
      so.deadheads ? ` (${so.deadheads} Deadhead${so.deadheads === 1 ? "" : "s"})` : "",
      ` · each Exhaust Goods card takes ${so.base_exhaust} cubes`,
    ),
  );
}

export function renderDuel() {
  const panel = $("duel-panel");
  const so = solo();
  panel.hidden = !so || !so.duel_barons.length;
  if (panel.hidden) return;
  const claims = myTurn() ? simple("claim_duel_baron") : [];
  const list = clear($("duel-barons"));
  for (const b of so.duel_barons) {
    const claim = claims.find((a) => a.baron === b.id);
    let status;
    if (b.claimed_by === RAILBOT) status = "claimed by the Railbot: its effect is against you";
    else if (b.claimed_by !== null && b.claimed_by !== undefined) status = `claimed by ${playerName(b.claimed_by)}`;
    else status = b.points_now ? `goal met: worth ${b.points_now} points now` : "goal not met yet";
    list.append(
      el(
        "li",
        {
          class: `duel${b.claimed_by === null || b.claimed_by === undefined ? "" : " claimed"}`,
          "data-baron": b.id,
          "data-claimed": b.claimed_by === null || b.claimed_by === undefined ? "" : String(b.claimed_by),
        },
        b.claimed_by === null || b.claimed_by === undefined ? null : swatch(b.claimed_by),
        el("strong", {}, b.name),
        el("span", { class: "meta" }, ` · ${status}`),
        el("div", { class: "duel-text" }, b.text),
        claim ? button(`Claim (+${b.points_now})`, () => send(claim), { class: "small primary claim", "data-baron": b.id }) : null,
      ),
    );
  }
}

/**
 * @param {Action} a
 */
export function choiceLabel(a) {
  if (a.kind === "railbot_remove_cube") return [cubeChip(a.color), ` ${humanize(a.color)} cube`];
  if (a.kind === "railbot_exhaust") {
    const n = ((S.view.cubes || {})[a.city] || []).filter((c) => c === a.color).length;
    return [cubeChip(a.color), ` ${cityName(a.city)} (${n} ${a.color})`];
  }
  if (a.kind === "railbot_claim_line") return lineLabel(a.target);
  if (a.kind === "railbot_duel_baron") return duelBaron(a.baron).name;
  return a.kind;
}

/**
 * @param {Action} a
 */
export function choiceValue(a) {
  return a.color && a.kind === "railbot_remove_cube" ? a.color : a.city || a.target || a.baron || "";
}

/**
 * @param {HTMLElement} panel
 * @param {any} choice
 */
export function renderSoloChoice(panel, choice) {
  panel.append(
    el("h2", {}, "The Railbot's card: your choice"),
    el("p", { id: "solo-choice", "data-kind": choice.kind }, `Choose ${choice.question}.`),
  );
  const row = el("div", { id: "choice-options", class: "row wrap" });
  for (const a of simple(choice.kind)) {
    const title = a.kind === "railbot_duel_baron" ? duelBaron(a.baron).text : "";
    row.append(button(choiceLabel(a), () => send(a), { class: "choice-option", "data-value": choiceValue(a), title }));
  }
  panel.append(row);
}

/**
 * @param {HTMLElement} panel
 */
export function renderClaimWindow(panel) {
  panel.append(
    el("h2", {}, "Your three actions are done"),
    el("p", {}, "You meet a Duel Baron's goal: claim it now (it scores at once), or end the turn."),
  );
  const row = el("div", { class: "row wrap" });
  for (const a of simple("claim_duel_baron")) {
    const b = duelBaron(a.baron);
    row.append(button(`Claim ${b.name} (+${b.points_now})`, () => send(a), { class: "primary claim", "data-baron": a.baron }));
  }
  for (const a of simple("end_turn")) row.append(button("End turn", () => send(a), { id: "btn-end-turn" }));
  panel.append(row);
}

/** The solo actions beside the usual ones: Insurance on a Railbot card, Duel Baron claims.
 * @param {HTMLElement} panel
 */
export function renderSoloActions(panel) {
  const so = solo();
  if (!so) return;
  const insure = simple("insure");
  if (insure.length) {
    const row = el(
      "div",
      { id: "insure-options", class: "row wrap" },
      el("span", { title: "The insured card has no effect when the Railbot resolves it (RB-056)" }, "Insure (takes your first two actions):"),
    );
    for (const a of insure) {
      const slot = so.row.findIndex((/** @type {{id: string} | null} */ c) => c && c.id === a.card);
      const card = so.row[slot];
      row.append(
        button(`Slot ${slot + 1}: ${card ? card.text : a.card}`, () => send(a), { class: "small btn-insure", "data-card": a.card }),
      );
    }
    panel.append(row);
  }
  const claims = simple("claim_duel_baron");
  if (claims.length) {
    const row = el("div", { class: "row wrap" }, el("span", {}, "Duel Barons you can claim (no action):"));
    for (const a of claims) {
      const b = duelBaron(a.baron);
      row.append(button(`Claim ${b.name} (+${b.points_now})`, () => send(a), { class: "small primary claim", "data-baron": a.baron }));
    }
    panel.append(row);
  }
  if (S.view.round <= 2 && !S.view.extra_actions) {
    panel.append(el("p", { class: "hint" }, "The Railbot draws and resolves a card after your second action."));
  }
}

/**
 * @param {HTMLElement} box
 */
export function renderRailbotPlayer(box) {
  const v = S.view;
  const so = solo();
  const links = v.links.filter((l) => l.owner === RAILBOT && l.end).length;
  const lines = Object.entries(v.major_lines || {}).filter(([, o]) => o === RAILBOT).map(([id]) => id);
  const barons = so.duel_barons.filter((/** @type {{claimed_by: number | null}} */ b) => b.claimed_by === RAILBOT).map((/** @type {{name: string}} */ b) => b.name);
  box.append(
    el(
      "div",
      { class: "player railbot", "data-seat": String(RAILBOT), style: { borderColor: ownerColor(RAILBOT) } },
      el("div", { class: "player-head" }, swatch(RAILBOT), el("strong", {}, "Railbot"), el("span", { class: "tag" }, "automaton")),
      el(
        "dl",
        { class: "stats" },
        el("dt", {}, "Links"),
        el("dd", { class: "links" }, String(links)),
        el("dt", {}, "Major Lines"),
        el("dd", {}, lines.length ? lines.join(", ") : "0"),
        el("dt", {}, "Deck"),
        el("dd", {}, String(so.deck_size)),
      ),
      barons.length ? el("div", { class: "cards" }, barons.map((/** @type {string} */ name) => el("span", { class: "card baron" }, `Duel Baron: ${name}`))) : null,
    ),
  );
}
