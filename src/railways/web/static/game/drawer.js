// @ts-check
// The drawer under the board: the log, the money ledger and the chat tabs; the your-turn
// alerts (title, sound, browser notification).

import { clear, el, getPref, humanize, money, setPref } from "../common.js";
import { chatSeen } from "./chat.js";
import { playerName, swatch } from "./names.js";
import { $, GAME_ID, S } from "./state.js";

export function renderLog() {
  const box = $("log");
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
  clear(box);
  const lines = S.view.log || [];
  const start = Math.max(0, lines.length - 200);
  // The page's own lines (an undo said as such) go after the log line they followed.
  const notes = S.replay ? [] : S.notes.map((n) => ({ ...n, at: Math.min(n.at, lines.length) }));
  const noteItems = (/** @type {number} */ at) =>
    notes.filter((n) => n.at === at && at >= start).map((n) => el("li", { class: `log-note ${n.cls}` }, n.text));
  box.append(...noteItems(start));
  lines.slice(start).forEach((line, i) => {
    const cls = /^Turn \d+/.test(line) ? "log-turn" : /scores|wins|Game over/.test(line) ? "log-score" : "";
    box.append(el("li", { class: cls, value: String(start + i + 1) }, line), ...noteItems(start + i + 1));
  });
  if (atBottom || box.dataset.first !== "0") {
    box.scrollTop = box.scrollHeight;
    box.dataset.first = "0";
  }
}

export function wireDrawer() {
  const drawer = $("log-drawer");
  const setCollapsed = (/** @type {boolean} */ on) => {
    drawer.classList.toggle("collapsed", on);
    $("btn-drawer").textContent = on ? "Show" : "Hide";
    $("btn-drawer").setAttribute("aria-expanded", String(!on));
    setPref("drawerCollapsed", on);
  };
  setCollapsed(!!getPref("drawerCollapsed", false));
  $("btn-drawer").addEventListener("click", () => setCollapsed(!drawer.classList.contains("collapsed")));
  $("tab-log").addEventListener("click", () => showTab("log"));
  $("tab-chat").addEventListener("click", () => showTab("chat"));
  $("tab-money").addEventListener("click", () => showTab("money"));
  const sound = $("btn-sound");
  const showSound = () => {
    const on = !!getPref("turnSound", false);
    sound.classList.toggle("on", on);
    sound.setAttribute("aria-pressed", String(on));
  };
  showSound();
  sound.addEventListener("click", () => {
    setPref("turnSound", !getPref("turnSound", false));
    showSound();
  });
  const notify = $("btn-notify");
  const showNotify = () => {
    const state = "Notification" in window ? Notification.permission : "unsupported";
    notify.hidden = state === "unsupported" || S.seat === null;
    notify.textContent = state === "granted" ? "Notifying" : state === "denied" ? "Notifications blocked" : "Notify me";
    /** @type {HTMLButtonElement} */ (notify).disabled = state !== "default";
  };
  showNotify();
  notify.addEventListener("click", async () => {
    if ("Notification" in window) await Notification.requestPermission();
    showNotify();
  });
}

/**
 * @param {string} which
 */
export function showTab(which) {
  for (const [tab, panel] of [["log", "log"], ["money", "money"], ["chat", "chat"]]) {
    const on = which === tab;
    $(panel).hidden = !on;
    $(`tab-${tab}`).classList.toggle("on", on);
    $(`tab-${tab}`).setAttribute("aria-selected", String(on));
  }
  $("log-drawer").classList.remove("collapsed");
  if (which === "chat") chatSeen();
  if (which === "money") renderMoney();
}

/** Every payment, income and bond of the game, newest first, with the reason. */
export function renderMoney() {
  const box = $("money");
  if (box.hidden) return;
  const ledger = (S.view && S.view.ledger) || [];
  clear(box);
  const rows = [];
  for (let i = ledger.length - 1; i >= 0; i--) {
    const e = ledger[i];
    const bond = /bond/.test(e.reason) && e.amount > 0;
    // A bond issued just before a payment was issued to cover it: say what for.
    const next = ledger[i + 1];
    const why = bond && next && next.seat === e.seat && next.amount < 0 ? ` to pay for ${next.reason}` : "";
    rows.push(
      el(
        "tr",
        { class: e.amount < 0 ? "out" : "in" },
        el("td", {}, `turn ${e.turn}`),
        el("td", {}, swatch(e.seat), playerName(e.seat)),
        el("td", { class: "num" }, `${e.amount < 0 ? "−" : "+"}${money(Math.abs(e.amount))}`),
        el("td", {}, `${e.reason}${why}`),
      ),
    );
  }
  box.append(el("table", { class: "ledger" }, el("tbody", {}, rows)));
}

/** The seat's turn begins: the tab title says so (renderStatus), a sound if wanted, and a
 * browser notification when the page is in the background. Not on the first drawing. */
export function turnAlerts() {
  const v = S.view;
  const mine = S.seat !== null && v.to_act === S.seat && v.phase !== "game_over" && !S.replay;
  if (S.alerted === undefined) {
    S.alerted = mine;
    return;
  }
  if (!mine) {
    S.alerted = false;
    return;
  }
  if (S.alerted) return;
  S.alerted = true;
  S.alerts.push("turn");
  if (getPref("turnSound", false)) {
    beep();
    S.alerts.push("sound");
  }
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification("Railways: your turn", { body: `${S.mapName || humanize(v.map)} · turn ${v.turn}`, tag: `railways-${GAME_ID}` });
    S.alerts.push("notification");
  }
  document.body.dataset.turnAlerts = String(S.alerts.filter((a) => a === "turn").length);
}

export function beep() {
  const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.18);
    osc.onended = () => ctx.close();
  } catch {
    // Sound is a nicety; a browser that refuses it loses nothing.
  }
}
