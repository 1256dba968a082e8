// @ts-check
// Chat per game among seats and spectators; seats may mute spectators.

import { ApiError, clear, el, postJSON, toast } from "../common.js";
import { playerName } from "./names.js";
import { $, $input, gameUrl, S, TOKEN } from "./state.js";

/**
 * @param {any[]} messages
 */
export function addChat(messages) {
  const known = new Set(S.chat.messages.map((m) => m.seq));
  for (const m of messages) if (!known.has(m.seq)) S.chat.messages.push(m);
  S.chat.messages.sort((a, b) => a.seq - b.seq);
  renderChat();
}

export function chatSeen() {
  const last = S.chat.messages.length ? S.chat.messages[S.chat.messages.length - 1].seq : 0;
  S.chat.seen = last;
  renderChat();
}

export function renderChat() {
  const list = $("chat-list");
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  clear(list);
  for (const m of S.chat.messages) {
    if (S.table.muted && m.seat === null) continue; // muted spectators: hidden for everyone
    const who = m.seat === -1 ? "table" : m.seat === null ? "spectator" : "seat";
    const shown = m.seat !== null && m.seat >= 0 ? playerName(m.seat) : m.name;
    // Text nodes only (el() never parses markup): a message cannot inject anything.
    list.append(el("li", { class: who, "data-seq": m.seq }, el("span", { class: "who" }, `${shown}:`), m.text));
  }
  if (atBottom) list.scrollTop = list.scrollHeight;
  const open = !$("chat").hidden && !$("log-drawer").classList.contains("collapsed");
  if (open && S.chat.messages.length) S.chat.seen = S.chat.messages[S.chat.messages.length - 1].seq;
  const unread = S.chat.messages.filter((m) => m.seq > S.chat.seen && m.seat !== S.seat).length;
  const badge = $("chat-unread");
  badge.hidden = !unread;
  badge.textContent = String(unread);
  $("mute-box").hidden = S.seat === null;
  $input("chat-mute").checked = !!S.table.muted;
  const spectatorMuted = S.seat === null && S.table.muted;
  $input("chat-text").disabled = spectatorMuted;
  $input("chat-text").placeholder = spectatorMuted ? "The seats have muted spectators" : "Say something to the table";
}

/**
 * @param {Event} event
 */
export async function sendChat(event) {
  event.preventDefault();
  const input = $input("chat-text");
  const text = input.value.trim();
  if (!text) return;
  try {
    const m = await postJSON(gameUrl("/chat"), { text }, TOKEN);
    input.value = "";
    addChat([m]);
  } catch (err) {
    const wait = err instanceof ApiError && err.status === 429 ? " (wait a moment)" : "";
    toast(`Not sent: ${err.message}${wait}`, "warn");
  }
}

/**
 * @param {Event} event
 */
export async function setMute(event) {
  try {
    await postJSON(gameUrl("/mute"), { muted: /** @type {HTMLInputElement} */ (event.target).checked }, TOKEN);
  } catch (err) {
    toast(`Could not change muting: ${err.message}`, "warn");
  }
}
