// @ts-check
// The players panel: cash, income, engine, bonds, score, held cards, and who is to act.

import { clear, el, money, ownerColor } from "../common.js";
import { baronName, cardChip, cubeChip, swatch } from "./names.js";
import { renderRailbotPlayer, solo } from "./solo.js";
import { $, S } from "./state.js";

export function renderPlayers() {
  const box = clear($("players"));
  const v = S.view;
  const order = v.order && v.order.length ? v.order : v.players.map((p) => p.seat);
  const auction = v.auction;
  for (const p of v.players) {
    const isMe = p.seat === S.seat;
    const card = el("div", {
      class: `player${v.to_act === p.seat ? " to-act" : ""}${isMe ? " me" : ""}`,
      "data-seat": p.seat,
      style: { borderColor: ownerColor(p.seat) },
    });
    const tags = [];
    if (v.first_player === p.seat) tags.push("first");
    if (S.seatKinds[p.seat] === "bot") tags.push("bot");
    const standin = (S.table.standins || {})[String(p.seat)];
    if (standin) tags.push(`${standin} bot plays for them`);
    if (auction && auction.passed.includes(p.seat)) tags.push("passed");
    if (auction && auction.high_bidder === p.seat) tags.push(`high bid ${money(auction.high_bid)}`);
    const pos = order.indexOf(p.seat);
    card.append(
      el(
        "div",
        { class: "player-head" },
        swatch(p.seat),
        el("strong", {}, p.name),
        isMe ? el("span", { class: "tag you" }, "you") : null,
        tags.map((t) => el("span", { class: "tag" }, t)),
        v.phase === "actions" && pos >= 0 ? el("span", { class: "order", title: "Turn order" }, `#${pos + 1}`) : null,
      ),
    );
    card.append(
      el(
        "dl",
        { class: "stats" },
        el("dt", {}, "Cash"),
        el("dd", { class: "cash" }, money(p.cash)),
        el("dt", {}, "Bonds"),
        el("dd", { class: "bonds" }, String(p.bonds)),
        el("dt", { title: "Points on the score track; the final score adds bonds, the Rail Baron and the rest" }, "Track"),
        el("dd", { class: "score" }, String(p.score)),
        el("dt", {}, "Income"),
        el("dd", {}, money(p.income)),
        el("dt", {}, "Engine"),
        el("dd", { class: "engine" }, String(p.engine)),
        el("dt", {}, "Links"),
        el("dd", {}, String(p.links)),
      ),
    );
    const cards = el("div", { class: "cards" });
    for (const id of [...(p.hand || []), ...(p.kept || [])]) {
      cards.append(cardChip(id, { class: "card face-up" }));
    }
    if (p.baron) {
      const secret = isMe && !p.baron_revealed && v.phase !== "game_over";
      cards.append(
        cardChip(p.baron, {
          baron: true,
          class: `card baron${secret ? " secret" : ""}`,
          label: `Rail Baron: ${baronName(p.baron)}${secret ? " (secret: only you see it)" : ""}`,
        }),
      );
    } else if (p.has_baron) {
      cards.append(el("span", { class: "card face-down", title: "A secret Rail Baron card" }, "Rail Baron (face down)"));
    }
    if (isMe && p.barons_dealt && p.barons_dealt.length) {
      cards.append(el("span", { class: "hint" }, `Dealt: ${p.barons_dealt.map(baronName).join(", ")}`));
    }
    if (p.delivered_colors && p.delivered_colors.length) {
      cards.append(el("span", { class: "delivered", title: "Colours delivered" }, p.delivered_colors.map(cubeChip)));
    }
    card.append(cards);
    box.append(card);
  }
  if (solo()) renderRailbotPlayer(box);
}
