// The game page: /game/{id}#token=... (or ?token=..., or /static/game.html?id=...&token=...).
// A token in the query is moved to the fragment at once, so reloads do not send it.
//
// It shows the board and the game as the server's view says, offers the seat's legal
// moves (from the server's LegalActions) and sends actions. Live updates arrive over a
// WebSocket; every update re-renders the page.

import { Board, SIDE_ARROWS, SIDE_NAMES, sideTowards } from "./board.js";
import {
  ApiError,
  COLOR_LETTER,
  NetworkError,
  CUBE_FILL,
  RAILBOT,
  clear,
  download,
  el,
  gameLink,
  getJSON,
  getPref,
  humanize,
  money,
  ownerColor,
  postJSON,
  rememberGame,
  setPref,
  toast,
} from "./common.js";

const params = new URLSearchParams(window.location.search);
const pathMatch = window.location.pathname.match(/\/game\/([^/?#]+)/);
const GAME_ID = params.get("id") || (pathMatch ? decodeURIComponent(pathMatch[1]) : null);
const TOKEN = params.get("token") || new URLSearchParams(window.location.hash.slice(1)).get("token") || "";
if (params.has("token")) {
  params.delete("token");
  const query = params.toString();
  const clean = `${window.location.pathname}${query ? `?${query}` : ""}#token=${encodeURIComponent(TOKEN)}`;
  window.history.replaceState(null, "", clean);
}
// Action kinds this page has a panel or button of its own for; every other kind (a map's
// own rule, a plug-in's) is drawn generically from the legal-actions payload.
const DEDICATED_KINDS = new Set([
  "pass",
  "bid",
  "pass_bid",
  "choose_baron",
  "upgrade_engine",
  "urbanize",
  "take_operations_card",
  "build_track",
  "deliver_goods",
  "undo",
  "insure",
  "claim_duel_baron",
  "end_turn",
]);

const $ = (id) => document.getElementById(id);

const S = {
  seat: null,
  index: -1,
  view: null,
  legal: null,
  mapId: null,
  mapName: "",
  seatKinds: [],
  names: { cards: {}, barons: {} },
  mapInfo: null,
  colorblind: !!getPref("colorblind", false),
  mode: null, // null | "build" | "deliver" | "urbanize"
  build: null,
  deliver: null,
  urb: null,
  busy: false,
  ws: null,
  wsDelay: 1000,
  wsLive: false,
  buildFilter: "",
  replay: null, // {at, total, last, pending} while stepping through the past
  alerted: undefined, // whether this seat's current turn was already announced
  alerts: [], // what was announced: "turn", "sound", "notification"
  chat: { messages: [], seen: 0 },
  table: { muted: false, standins: {}, move_limit: null, deadline: null, notify: null },
};

let board = null;

// -- names -------------------------------------------------------------------------------------
function cardName(id) {
  if (!id) return "";
  const base = String(id).replace(/-\d+$/, "");
  return S.names.cards[id] || S.names.cards[base] || humanize(id);
}

function baronName(id) {
  return S.names.barons[id] || humanize(id);
}

/** A card's or baron's text, when the server gives one (for tooltips). */
function cardText(id) {
  const texts = S.names.texts || {};
  return texts[id] || texts[String(id).replace(/-\d+$/, "")] || id;
}

/** A card (or Rail Baron) by name whose text shows on hover, on keyboard focus and on a
 * tap (touch has no hover): the same words the terminal prints. */
function cardChip(id, opts = {}) {
  const name = opts.baron ? baronName(id) : cardName(id);
  const text = opts.baron ? baronText(id) : cardText(id);
  const label = opts.label || name;
  return el(
    "span",
    {
      class: `card-chip${opts.class ? ` ${opts.class}` : ""}`,
      tabindex: 0,
      "data-card": opts.baron ? null : id,
      "data-baron": opts.baron ? id : null,
    },
    el("span", { class: "card-name" }, label),
    el("span", { class: "card-text", role: "note" }, text),
  );
}

function baronText(id) {
  const texts = S.names.texts || {};
  return texts[id] || "(no text for this Rail Baron)";
}

/** The icon of an Operations card (circle, x, hand, infinity, diamond), from the map's deck. */
function cardIcon(id) {
  const cards = (S.mapInfo && S.mapInfo.cards) || {};
  const c = cards[id] || cards[String(id).replace(/-\d+$/, "")];
  return c ? c.icon : "";
}

function cityName(id) {
  return board ? board.cityName(id) : humanize(id);
}

function playerName(seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (seat === RAILBOT) return "the Railbot";
  const p = S.view && S.view.players[seat];
  const name = p ? p.name : `Player ${seat + 1}`;
  return seat === S.seat ? `${name} (you)` : name;
}

function swatch(seat) {
  return el("span", {
    class: "swatch",
    style: { background: ownerColor(seat) },
    "aria-hidden": "true",
  });
}

function cubeChip(color) {
  return el(
    "span",
    {
      class: "cube-chip",
      style: { background: CUBE_FILL[color] || "#999" },
      title: color,
      "data-color": color,
    },
    S.colorblind ? COLOR_LETTER[color] || "?" : "",
  );
}

function readNames(data) {
  // Optional names from the server: {"cards": {id: name} | [{id, name}], "barons": ...}.
  const take = (src) => {
    const out = {};
    if (Array.isArray(src)) {
      for (const item of src) if (item && item.id) out[item.id] = item.name || humanize(item.id);
    } else if (src && typeof src === "object") {
      for (const [k, v] of Object.entries(src)) out[k] = typeof v === "string" ? v : v?.name;
    }
    return out;
  };
  const texts = (src) => {
    const out = {};
    const items = Array.isArray(src) ? src : Object.entries(src || {}).map(([id, v]) => ({ id, ...(typeof v === "object" ? v : {}) }));
    for (const item of items) if (item && item.id && item.text) out[item.id] = item.text;
    return out;
  };
  if (!data || typeof data !== "object") return;
  S.names.cards = { ...S.names.cards, ...take(data.cards || data.operations) };
  S.names.barons = { ...S.names.barons, ...take(data.barons) };
  S.names.texts = { ...(S.names.texts || {}), ...texts(data.cards || data.operations), ...texts(data.barons) };
  // Which cards may be named on a build (the server says so per card: Ferry Line, Tunnel Engineer...).
  if (data.cards && typeof data.cards === "object" && !Array.isArray(data.cards)) {
    S.names.onBuild = { ...(S.names.onBuild || {}) };
    for (const [k, v] of Object.entries(data.cards)) if (v && typeof v === "object" && "on_build" in v) S.names.onBuild[k] = Boolean(v.on_build);
  }
}

/** Whether a held card can be played on a build. */
function playsOnBuild(id) {
  const known = (S.names.onBuild || {})[id];
  return known === undefined ? /^(land-grant|perfect-engineering)/.test(id) : known;
}

// -- talking to the server ----------------------------------------------------------------------
function gameUrl(suffix = "") {
  return `/api/games/${encodeURIComponent(GAME_ID)}${suffix}`;
}

async function refresh() {
  const data = await getJSON(gameUrl(), TOKEN);
  apply(data, true);
  return data;
}

function apply(data, force = false) {
  if (!data || !data.view) return;
  if (S.replay) {
    // While stepping through the past, the game going on is only counted, not drawn.
    S.replay.total = Math.max(S.replay.total, data.action_index ?? 0);
    S.replay.pending = true;
    renderReplayBar();
    return;
  }
  const index = data.action_index ?? 0;
  if (!force && index < S.index) return;
  const moved = index !== S.index;
  if (data.seat !== undefined) S.seat = data.seat;
  else if (data.view.seat !== undefined) S.seat = data.view.seat;
  if (data.table) S.table = data.table;
  S.index = index;
  S.view = data.view;
  S.legal = data.legal || null;
  if (data.chosen_seed !== undefined) {
    // Somebody chose this game's seed (or imported its record): every seat is shown it.
    const seedNote = $("status-seed");
    seedNote.textContent = `Chosen seed ${data.chosen_seed}: every seat can see it`;
    seedNote.hidden = false;
  }
  if (moved && S.mode) cancelMode(false);
  render();
}

async function send(action) {
  if (S.busy) return false;
  if (S.seat === null) {
    toast("Spectators cannot move.", "warn");
    return false;
  }
  S.busy = true;
  document.body.classList.add("busy");
  try {
    const data = await postWithRetry(gameUrl("/actions"), { token: TOKEN, after: S.index, action });
    hideError();
    cancelMode(false);
    apply(data);
    return true;
  } catch (err) {
    if (err instanceof NetworkError) {
      showError("the server cannot be reached, so the move was not sent. Check the connection and try again.", null, null, "Connection lost:");
    } else if (err instanceof ApiError && err.status === 409) {
      toast("The game moved on meanwhile; here is the new position.", "warn");
      await refresh().catch(() => {});
    } else if (err instanceof ApiError && err.status === 400) {
      showError(err.body.error || err.message, err.body.clause, err.body.rule);
    } else if (err instanceof ApiError && err.status === 403) {
      showError("This link cannot move for that seat (a spectator link, or a wrong token).");
    } else {
      showError(err.message || String(err), null, null, "Something went wrong:");
    }
    return false;
  } finally {
    S.busy = false;
    document.body.classList.remove("busy");
  }
}

// Waits between tries when the server cannot be reached. Sending again is safe: the move
// names the position it was made in (`after`), so a copy that already arrived is refused (409).
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000];

async function postWithRetry(url, body) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await postJSON(url, body);
    } catch (err) {
      if (!(err instanceof NetworkError) || attempt >= RETRY_DELAYS_MS.length) throw err;
      showError("the server cannot be reached; trying again…", null, null, "Connection lost:");
      document.body.dataset.retrying = String(attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    } finally {
      delete document.body.dataset.retrying;
    }
  }
}

function connect() {
  const proto = window.location.protocol === "https:" ? "wss" : "ws";
  const url = `${proto}://${window.location.host}${gameUrl("/ws")}`;
  let ws;
  try {
    ws = new WebSocket(url);
  } catch {
    scheduleReconnect();
    return;
  }
  S.ws = ws;
  ws.onopen = () => {
    ws.send(JSON.stringify({ token: TOKEN })); // the first message names the seat
    S.wsDelay = 1000;
    setConn(true);
  };
  ws.onmessage = (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    if (msg && msg.type === "update") apply(msg);
    else if (msg && msg.type === "chat") addChat(msg.messages || []);
  };
  ws.onclose = (event) => {
    if (S.ws !== ws) return;
    setConn(false);
    if (event.code >= 4000 && event.code < 5000) {
      // The server refused this link (4000 + an HTTP status): retrying will not help.
      showError(`Live updates refused: ${event.reason || `code ${event.code}`}`);
      return;
    }
    if (event.code === 1012) S.wsDelay = 200; // the server reloaded the game: come back at once
    scheduleReconnect();
  };
  ws.onerror = () => ws.close();
}

function scheduleReconnect() {
  const delay = S.wsDelay;
  S.wsDelay = Math.min(S.wsDelay * 2, 10000);
  setTimeout(() => {
    refresh().catch(() => {});
    connect();
  }, delay);
}

function setConn(live) {
  S.wsLive = live;
  const c = $("conn");
  c.classList.toggle("conn-live", live);
  c.classList.toggle("conn-down", !live);
  c.title = live ? "Live: updates arrive as they happen" : "Reconnecting…";
  document.body.dataset.live = live ? "1" : "0";
}

// -- errors and rules ---------------------------------------------------------------------------
/** Show a refusal (the default title) or another problem under its own title. */
function showError(message, clause, rule, title = "Not allowed:") {
  $("error-title").textContent = title;
  $("error-message").textContent = message;
  const link = $("error-rule-link");
  if (clause) {
    link.hidden = false;
    link.textContent = `Rule ${clause}: what it says`;
    link.dataset.clause = clause;
    link.dataset.rule = rule || "";
  } else {
    link.hidden = true;
  }
  $("error-panel").hidden = false;
}

function hideError() {
  $("error-panel").hidden = true;
}

async function openRule(clause, fallback) {
  $("rule-title").textContent = `Rule ${clause}`;
  $("rule-text").textContent = fallback || "Loading…";
  const dialog = $("rule-dialog");
  if (!dialog.open) dialog.showModal();
  try {
    const data = await getJSON(`/api/rules/${encodeURIComponent(clause)}`);
    $("rule-text").textContent = data.summary || fallback || "(no summary)";
  } catch (err) {
    if (!fallback) $("rule-text").textContent = `No summary for ${clause} (${err.message}).`;
  }
}

// -- what the seat may do -----------------------------------------------------------------------
function myTurn() {
  return (
    S.seat !== null &&
    S.view &&
    S.view.to_act === S.seat &&
    S.legal &&
    (S.legal.simple.length || S.legal.min_bid !== null || S.legal.builds.length)
  );
}

function simpleEntries(kind) {
  return S.legal ? S.legal.simple.filter((o) => o.action.kind === kind) : [];
}

function simple(kind) {
  return S.legal ? S.legal.simple.filter((o) => o.action.kind === kind).map((o) => o.action) : [];
}

function me() {
  return S.view && S.seat !== null ? S.view.players[S.seat] : null;
}

/** The game's money rules as the view states them (bond value, urbanize cost, ...). */
function rules() {
  return (S.view && S.view.money) || {};
}

function bondValue() {
  return rules().bond_value || 1;
}

function bondsFor(cost) {
  const cash = me() ? me().cash : 0;
  return Math.max(0, Math.ceil((cost - cash) / bondValue()));
}

/** A button's words with its price and, when cash falls short, the bonds it forces, shown
 * before the action is taken (RW-p4-23: only the bonds needed are issued). */
function pricedLabel(label, cost) {
  if (cost === null || cost === undefined) return label;
  const parts = [el("span", {}, label), " · ", el("span", { class: "cost" }, money(cost))];
  const warning = bondWarning(cost);
  if (warning) parts.push(" · ", el("span", { class: "cost warn" }, warning));
  return parts;
}

/** "2 bonds will be issued ($10,000)" for a cost beyond the seat's cash, or "". */
function bondWarning(cost) {
  const bonds = bondsFor(cost);
  return bonds ? `${bonds} bond${bonds === 1 ? "" : "s"} will be issued (${money(bonds * bondValue())})` : "";
}

function doPass() {
  if (!myTurn()) return;
  const bidPass = simple("pass_bid")[0];
  if (bidPass) return send(bidPass);
  const pass = simple("pass")[0];
  if (pass) return send(pass);
}

function doUndo() {
  if (S.seat === null) return;
  return send({ kind: "undo", seat: S.seat });
}

function doBid() {
  const input = $("bid-amount");
  if (!input) return;
  const amount = parseInt(input.value, 10);
  return send({ kind: "bid", seat: S.seat, amount: Number.isFinite(amount) ? amount : 0 });
}

// -- modes: build, deliver, urbanize ----------------------------------------------------------
function inActions() {
  return myTurn() && S.view.phase === "actions";
}

function enterBuild() {
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
  render();
}

// A finger needs about 40 CSS px to hit one hex; a touch screen zooms in to that when building.
const MIN_TOUCH_HEX_PX = 40;

function ensureTouchTargets() {
  const coarse = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  if (!coarse) return;
  const hex = board.hexPixels();
  if (hex >= MIN_TOUCH_HEX_PX) return;
  board.setZoom((board.zoom * (MIN_TOUCH_HEX_PX + 2)) / hex); // +2: the width is rounded to 1%
  saveBoardViewSoon();
}

function enterDeliver() {
  if (!inActions()) return;
  if (!S.legal.deliveries.length) {
    toast("No goods can be delivered now: you need a complete link of your own out of a city with a cube that can reach a city of its colour.", "warn");
    return;
  }
  S.mode = "deliver";
  S.deliver = { key: null, route: null };
  if (S.legal.deliveries.length === 1) selectDelivery(0, false);
  hideError();
  render();
}

function enterUrbanize() {
  if (!inActions() || !simple("urbanize").length) return;
  S.mode = "urbanize";
  S.urb = { city: null, color: null };
  render();
}

function cancelMode(rerender = true) {
  S.mode = null;
  S.build = null;
  S.deliver = null;
  S.urb = null;
  if (board) {
    board.clearPreview();
    board.setHighlights([]);
  }
  if (rerender && S.view) render();
}

function confirmMode() {
  if (S.mode === "build") return confirmBuild();
  if (S.mode === "deliver") return confirmDeliver();
  if (S.mode === "urbanize") return confirmUrbanize();
  if (S.view && S.view.phase === "auction" && myTurn()) return doBid();
}

// build ---------------------------------------------------------------------------------------
function ownOpenEnds() {
  if (!S.view || S.seat === null) return [];
  return S.view.links
    .filter((l) => l.owner === S.seat && !l.end && l.tiles.length)
    .map((l) => {
      const t = l.tiles[l.tiles.length - 1];
      return [t[0], t[1]];
    });
}

function buildStarts() {
  const seen = new Map();
  for (const b of S.legal.builds) {
    const [r, c] = b.action.path[0];
    seen.set(`${r},${c}`, [r, c]);
  }
  for (const h of ownOpenEnds()) seen.set(`${h[0]},${h[1]}`, h);
  return [...seen.values()];
}

async function buildClick(hit) {
  const b = S.build;
  const here = [hit.row, hit.col];
  const same = (h) => h[0] === here[0] && h[1] === here[1];
  b.candidate = null;
  if (hit.city && outOfPlay(hit.city)) {
    toast(`${cityName(hit.city)} is not in play in the solo game.`, "warn");
    return;
  }
  if (!b.path.length) {
    const isEnd = ownOpenEnds().some(same);
    if (!hit.city && !isEnd) {
      toast("Start a build at a city or at the open end of your unfinished link.", "warn");
      return;
    }
    b.path = [here];
    b.cost = 0;
    b.completes = false;
    await fetchNext();
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
    if (step.turn_cost !== null && step.turn_cost !== undefined) chooseTurn(sideTowards(last, here), step.turn_cost);
    else toast("The build cannot go on to that hex.", "warn");
    return;
  }
  if (!step) {
    if (b.path.length === 1 && (hit.city || ownOpenEnds().some(same))) {
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
function startsAtOpenEnd() {
  const b = S.build;
  if (!b || !b.path.length) return false;
  const [r, c] = b.path[0];
  return !board.cityAtHex(r, c) && ownOpenEnds().some((h) => h[0] === r && h[1] === c);
}

async function toggleRedirect() {
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

function chooseTurn(side, cost) {
  const b = S.build;
  b.turnExit = side;
  b.cost = cost;
  b.candidate = null;
  render();
}

async function stepBack() {
  const b = S.build;
  if (!b || !b.path.length) return;
  b.candidate = null;
  b.path = b.path.slice(0, -1);
  b.completes = false;
  await recost();
}

async function nextHexes(path) {
  const q = new URLSearchParams({
    path: path.map(([r, c]) => `${r},${c}`).join(";"),
    cards: S.build.cards.join(","),
  });
  if (S.build.redirect) q.set("redirect", "1");
  return getJSON(`${gameUrl("/next-hexes")}?${q}`, TOKEN);
}

/** Re-read the cost of the path (after a step back or a change of cards), then what follows. */
async function recost() {
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

async function fetchNext() {
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
  render();
}

function chooseExits() {
  const b = S.build;
  b.exits = [];
  if (b.path.length < 2 || b.completes) {
    b.exit = null;
    return;
  }
  const last = b.path[b.path.length - 1];
  const entry = sideTowards(last, b.path[b.path.length - 2]);
  const shapes = [(entry + 3) % 6, (entry + 2) % 6, (entry + 4) % 6];
  const onward = b.next.filter((h) => h.cost !== null).map((h) => sideTowards(last, [h.row, h.col]));
  const usable = shapes.filter((s) => onward.includes(s));
  b.exits = usable.length ? usable : shapes;
  if (!b.exits.includes(b.exit)) b.exit = b.exits[0];
}

function buildAction() {
  const b = S.build;
  if (b.candidate) return b.candidate.action;
  if (b.redirect && b.path.length === 1) {
    return { kind: "build_track", seat: S.seat, path: b.path, exit: SIDE_NAMES[b.turnExit], redirect: true, cards: b.cards };
  }
  return {
    kind: "build_track",
    seat: S.seat,
    path: b.path,
    exit: b.completes || b.exit === null ? null : SIDE_NAMES[b.exit],
    redirect: !!b.redirect,
    cards: b.cards,
  };
}

function canConfirmBuild() {
  const b = S.build;
  return !!b && (b.path.length >= 2 || (b.redirect && b.path.length === 1 && b.turnExit !== null));
}

function confirmBuild() {
  const b = S.build;
  if (!canConfirmBuild()) {
    toast("Click at least one hex after the start before confirming.", "warn");
    return;
  }
  return send(buildAction());
}

function pickCandidate(option) {
  if (S.mode !== "build") enterBuild();
  const b = S.build;
  b.candidate = option;
  b.path = option.action.path.map(([r, c]) => [r, c]);
  b.cost = option.cost;
  b.completes = !!option.to_city;
  b.exit = option.action.exit ? SIDE_NAMES.indexOf(option.action.exit) : null;
  b.exits = b.exit === null ? [] : [b.exit];
  b.cards = [...(option.action.cards || [])];
  b.redirect = !!option.action.redirect;
  b.turnExit = null;
  b.next = [];
  render();
}

// deliver ---------------------------------------------------------------------------------------
function deliveryEntries() {
  return S.legal ? S.legal.deliveries : [];
}

function sortedRoutes(entry) {
  // Solo: each Railbot link used costs the player a point (RB-054).
  const mine = (r) => (r.points[String(S.seat)] || 0) - (r.points[String(RAILBOT)] || 0);
  const total = (r) => Object.values(r.points).reduce((a, v) => a + v, 0);
  return [...entry.routes].sort((a, b) => mine(b) - mine(a) || total(b) - total(a));
}

function selectDelivery(i, rerender = true) {
  const entry = deliveryEntries()[i];
  if (!entry) return;
  S.deliver.key = i;
  const routes = sortedRoutes(entry);
  S.deliver.route = routes.length ? routes[0] : null;
  if (rerender) render();
}

function deliverClick(hit) {
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
        .map((e, k) => [e, k])
        .filter(([e]) => e.city === hit.city)
        .map(([, k]) => k);
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

function confirmDeliver() {
  const d = S.deliver;
  if (!d || !d.route) {
    toast("Choose a cube and a route first.", "warn");
    return;
  }
  return send(d.route.action);
}

function pointsText(points) {
  return Object.entries(points)
    .map(([seat, pts]) => (+seat === RAILBOT ? `you −${pts} (Railbot links)` : `${playerName(+seat)} +${pts}`))
    .join(", ");
}

// urbanize ------------------------------------------------------------------------------------
function urbanizeOptions() {
  return simple("urbanize");
}

function confirmUrbanize() {
  const u = S.urb;
  const option = urbanizeOptions().find((a) => a.city === u.city && a.color === u.color);
  if (!option) {
    toast("Choose a gray city and the colour of its new city tile.", "warn");
    return;
  }
  return send(option);
}

// -- board clicks --------------------------------------------------------------------------------
function onHex(hit) {
  if (!S.view) return;
  if (hit.city && outOfPlay(hit.city) && S.mode !== "build") {
    toast(`${cityName(hit.city)} is not in play in the solo game.`, "warn");
    return;
  }
  if (S.mode === "build") return buildClick(hit);
  if (S.mode === "deliver") return deliverClick(hit);
  if (S.mode === "urbanize") {
    if (hit.city && urbanizeOptions().some((a) => a.city === hit.city)) {
      S.urb.city = hit.city;
      render();
    }
    return;
  }
  if (inActions()) {
    // Outside a mode: a click on a live cube starts a delivery; elsewhere, a build.
    if (hit.cube && deliveryEntries().some((e) => e.city === hit.cube.city)) {
      enterDeliver();
      if (S.mode === "deliver") deliverClick(hit);
      return;
    }
    if (hit.city || ownOpenEnds().some((h) => h[0] === hit.row && h[1] === hit.col)) {
      enterBuild();
      buildClick(hit);
    }
  }
}

// -- solo: Rail Barons against the Railbot -----------------------------------------------------
// Everything here is read from the view (plugins.solo) and the legal actions: the page offers
// the engine's own choices (insure, claim_duel_baron, end_turn, railbot_*), never its own.

function solo() {
  return (S.view && S.view.plugins && S.view.plugins.solo) || null;
}

function outOfPlay(cityId) {
  const so = solo();
  return !!so && (so.out_of_play_cities || []).includes(cityId);
}

/** Major Lines out of play: those the map's solo appendix covers, or that need a city out of play. */
function outOfPlayLines() {
  const out = new Set();
  const so = solo();
  if (!so) return out;
  for (const id of so.out_of_play_lines || []) out.add(id);
  const gone = new Set(so.out_of_play_cities || []);
  const lines = (S.mapInfo && S.mapInfo.major_lines) || {};
  for (const [id, line] of Object.entries(lines)) {
    if ((line.endpoints || []).some((c) => gone.has(c))) out.add(id);
  }
  return out;
}

function westRule() {
  return (S.mapInfo && S.mapInfo.west_of_the_mountains) || null;
}

function westShade() {
  const so = solo();
  const west = westRule();
  if (!so || so.west_open || !west) return null;
  const at = west.unlock_score === null || west.unlock_score === undefined ? "" : `you have ${west.unlock_score} points or `;
  return { limits: west.limits, title: `West of the mountains: no building until ${at}the Final Evaluation card is drawn (RB-100)` };
}

function lineLabel(id) {
  const line = S.mapInfo && S.mapInfo.major_lines && S.mapInfo.major_lines[id];
  if (line) return `${id}: ${line.name}, ${line.points} pts`;
  const fromBoard = board && board.majorLines.find((l) => l.id === id);
  return fromBoard ? fromBoard.text : `Major Line ${id}`;
}

function duelBaron(id) {
  const so = solo();
  return (so && so.duel_barons.find((b) => b.id === id)) || { id, name: humanize(id), text: "" };
}

const RB_ICONS = {
  major_line: ["Major Line", "Major Line icon: the Railbot claims an unclaimed Major Line"],
  baron: ["Baron", "Baron icon: the Railbot claims a Duel Baron (with the Duel Barons)"],
};

/** A Railbot card: its slot mark, what it does (city chain, colour, kind) and its icons. */
function railbotCard(card, insured = false) {
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
    (card.icons || []).map((icon) => el("span", { class: `rb-icon rb-icon-${icon}`, title: (RB_ICONS[icon] || [])[1] || icon }, (RB_ICONS[icon] || [icon])[0])),
    insured ? el("span", { class: "tag insurance", title: "Insured: it has no effect when it is resolved" }, "insured") : null,
  );
}

function renderRailbot() {
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
  (so.row.length ? so.row : [null, null, null]).forEach((card, i) => {
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

function renderDuel() {
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

function choiceLabel(a) {
  if (a.kind === "railbot_remove_cube") return [cubeChip(a.color), ` ${humanize(a.color)} cube`];
  if (a.kind === "railbot_exhaust") {
    const n = ((S.view.cubes || {})[a.city] || []).filter((c) => c === a.color).length;
    return [cubeChip(a.color), ` ${cityName(a.city)} (${n} ${a.color})`];
  }
  if (a.kind === "railbot_claim_line") return lineLabel(a.target);
  if (a.kind === "railbot_duel_baron") return duelBaron(a.baron).name;
  return a.kind;
}

function choiceValue(a) {
  return a.color && a.kind === "railbot_remove_cube" ? a.color : a.city || a.target || a.baron || "";
}

function renderSoloChoice(panel, choice) {
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

function renderClaimWindow(panel) {
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

/** The solo actions beside the usual ones: Insurance on a Railbot card, Duel Baron claims. */
function renderSoloActions(panel) {
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
      const slot = so.row.findIndex((c) => c && c.id === a.card);
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

function renderRailbotPlayer(box) {
  const v = S.view;
  const so = solo();
  const links = v.links.filter((l) => l.owner === RAILBOT && l.end).length;
  const lines = Object.entries(v.major_lines || {}).filter(([, o]) => o === RAILBOT).map(([id]) => id);
  const barons = so.duel_barons.filter((b) => b.claimed_by === RAILBOT).map((b) => b.name);
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
      barons.length ? el("div", { class: "cards" }, barons.map((name) => el("span", { class: "card baron" }, `Duel Baron: ${name}`))) : null,
    ),
  );
}

// -- rendering ------------------------------------------------------------------------------------
const PHASES = {
  choose_baron: "Choosing Rail Barons",
  auction: "Auction for first player",
  actions: "Actions",
  reaction: "Answers to a waiting action",
  game_over: "Game over",
};

function render() {
  const v = S.view;
  if (!v) return;
  document.body.dataset.actionIndex = String(S.index);
  document.body.dataset.phase = v.phase;
  document.body.dataset.toAct = v.to_act === null ? "" : String(v.to_act);
  document.body.dataset.myTurn = myTurn() ? "1" : "0";
  document.body.dataset.mode = S.mode || "";
  document.body.dataset.solo = solo() ? "1" : "0";
  document.body.classList.toggle("my-turn", !!myTurn());
  renderStatus();
  renderBoard();
  renderActionPanel();
  renderExportButton();
  renderRailbot();
  renderDuel();
  renderPlayers();
  renderOps();
  renderMajorLines();
  renderLog();
  renderMoney();
  renderPrices();
  renderTable();
  turnAlerts();
}

/** Prices in the rules reference come from the view (the map's tables), never from the page. */
function renderPrices() {
  const prices = rules();
  for (const node of document.querySelectorAll("[data-money]")) {
    const value = prices[node.dataset.money];
    if (typeof value === "number") node.textContent = money(value);
  }
}

function renderStatus() {
  const v = S.view;
  let text = `Turn ${v.turn} · ${PHASES[v.phase] || humanize(v.phase)}`;
  if (v.phase === "actions") text += ` · round ${Math.min(v.round, 3)} of 3`;
  if (v.end_trigger_turn && v.phase !== "game_over") {
    text += ` · the game ends after turn ${v.end_trigger_turn + 1}`;
  }
  const so = solo();
  if (so) text += ` · solo · target ${so.target_score}`;
  $("status-turn").textContent = text;
  const actor = $("status-actor");
  clear(actor);
  if (v.phase === "game_over") {
    if (so) actor.append(v.winner === S.seat && S.seat !== null ? "You reached the target" : v.winner !== null && v.winner !== undefined ? `${playerName(v.winner)} wins` : "Short of the target");
    else actor.append(v.winner !== null && v.winner !== undefined ? `${playerName(v.winner)} wins` : "");
  } else if (v.to_act !== null && v.to_act !== undefined) {
    const kind = S.seatKinds[v.to_act];
    actor.append(
      swatch(v.to_act),
      v.to_act === S.seat
        ? el("strong", { class: "your-turn" }, "Your turn")
        : `${playerName(v.to_act)}${kind === "bot" ? " (bot) is thinking…" : " to act"}`,
    );
  }
  document.title = `${v.to_act === S.seat && v.phase !== "game_over" ? "▶ " : ""}Railways · ${S.mapName || humanize(v.map)} · turn ${v.turn}`;
}

function renderBoard() {
  if (!board || !board.svg) return;
  const emphasis = new Set();
  let live = new Set();
  const highlights = [];
  if (S.mode === "deliver") {
    for (const e of deliveryEntries()) {
      live.add(`${e.city}|${e.color}`);
      const city = board.cities.get(e.city);
      if (city) highlights.push({ row: city.row, col: city.col, kind: "source" });
    }
    const d = S.deliver;
    if (d.route) {
      for (const id of d.route.action.links) emphasis.add(id);
      const dest = board.cities.get(d.route.destination);
      if (dest) highlights.push({ row: dest.row, col: dest.col, kind: "dest", label: "" });
    }
  } else if (inActions()) {
    for (const e of deliveryEntries()) live.add(`${e.city}|${e.color}`);
  } else {
    live = new Set();
  }
  board.draw(S.view, { emphasis, liveCubes: live, shade: westShade() });
  board.markLines(outOfPlayLines());
  board.clearPreview();
  if (S.mode === "build") {
    const b = S.build;
    if (!b.path.length) {
      for (const [row, col] of buildStarts()) highlights.push({ row, col, kind: "start" });
    } else {
      b.path.forEach(([row, col], i) => highlights.push({ row, col, kind: "path", label: i === 0 ? "" : "" }));
      for (const h of b.next) {
        if (h.cost === null) {
          highlights.push({ row: h.row, col: h.col, kind: "next", extra: "hl-turn", label: "↻" });
          continue;
        }
        highlights.push({
          row: h.row,
          col: h.col,
          kind: "next",
          extra: h.completes ? "hl-done" : "",
          label: `$${h.cost}`,
        });
      }
      board.setPreview(b.path, b.completes ? null : b.exit, S.seat);
    }
  } else if (S.mode === "urbanize") {
    for (const a of urbanizeOptions()) {
      const city = board.cities.get(a.city);
      if (city) highlights.push({ row: city.row, col: city.col, kind: a.city === S.urb.city ? "dest" : "source" });
    }
  }
  // de-duplicate (urbanize lists a city once per colour)
  const seen = new Set();
  board.setHighlights(
    highlights.filter((h) => {
      const key = `${h.row},${h.col},${h.kind}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  );
}

function button(label, onclick, attrs = {}) {
  return el("button", { type: "button", onclick, ...attrs }, label);
}

function renderActionPanel() {
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
 * are drawn from the legal-actions payload, like the actions of a map's own rules. */
function renderReaction(panel) {
  const r = S.view.reaction || {};
  panel.append(
    el("h2", {}, "Your answer"),
    el("p", { id: "reaction-label" }, `${playerName(r.seat)} wants to: ${r.label || "act"}`),
  );
  renderPluginActions(panel);
}

/** Every player's final score, part by part (the server's own sum), and what decided it. */
function finalBreakdown(final) {
  const rows = final.players;
  const cell = (n) => el("td", { class: "num" }, n > 0 ? `+${n}` : String(n));
  const table = el(
    "table",
    { class: "breakdown", id: "final-breakdown" },
    el(
      "thead",
      {},
      el("tr", {}, el("th", {}, "Player"), el("th", {}, "Track"), el("th", {}, "Bonds"), el("th", {}, "Rail Baron"), el("th", {}, "Other"), el("th", {}, "Final"), el("th", { title: "Tie-breaks: complete links, then money" }, "Links · cash")),
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
          el("td", {}, swatch(r.seat), playerName(r.seat)),
          el("td", { class: "num" }, String(r.track)),
          cell(r.bonds),
          el("td", { class: "num", title: r.baron ? r.baron.name : "no Rail Baron" }, r.baron ? `${r.baron.name} +${r.baron.points}` : "—"),
          el("td", { class: "num", title: otherTitle }, other ? `+${other}` : "0"),
          el("td", { class: "num total" }, String(r.total)),
          el("td", { class: "num" }, `${r.links} · ${money(r.cash)}`),
        );
      }),
    ),
  );
  return el("div", { class: "breakdown-box" }, table, el("p", { class: "decided", id: "final-decided" }, `${final.decided}.`));
}

function renderBaronChoice(panel) {
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

function renderAuction(panel) {
  const a = S.view.auction || {};
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
  );
}

function renderActions(panel) {
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
    main.append(button(pricedLabel(label, o.cost), () => send(a), { class: "btn-upgrade" }));
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

// -- actions of a map's own rules, drawn from what the legal-actions payload says -------------
function pluginGroups() {
  const groups = new Map();
  for (const o of S.legal ? S.legal.simple : []) {
    const kind = o.action.kind;
    if (DEDICATED_KINDS.has(kind)) continue;
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(o);
  }
  return groups;
}

function ruleLink(clause, text) {
  return button(text || `Rule ${clause}`, () => openRule(clause), { class: "linklike rule-link", "data-clause": clause });
}

/** One box per kind: its title, summary and rule, and a button per legal action. */
function renderPluginActions(panel) {
  for (const [kind, options] of pluginGroups()) {
    const info = (S.legal.kinds && S.legal.kinds[kind]) || { title: humanize(kind), summary: "", help: null };
    const box = el("section", { class: "plugin-kind", "data-kind": kind, "aria-label": info.title });
    const head = el("div", { class: "row wrap" }, el("strong", { class: "plugin-title" }, info.title));
    if (info.summary) head.append(el("span", { class: "hint plugin-summary" }, info.summary));
    if (info.help) head.append(ruleLink(info.help, "What the rule says"));
    box.append(head);
    const row = el("div", { class: "row wrap" });
    for (const o of options) row.append(pluginButton(o));
    box.append(row);
    panel.append(box);
  }
}

function pluginButton(o) {
  const hasCost = o.cost !== null && o.cost !== undefined;
  const warning = hasCost ? bondWarning(o.cost) : "";
  const parts = [el("span", { class: "plugin-label" }, o.label)];
  if (hasCost) parts.push(" · ", el("span", { class: "cost plugin-cost" }, money(o.cost)));
  if (warning) parts.push(" · ", el("span", { class: "cost warn plugin-bonds" }, warning));
  const b = button(parts, () => send(o.action), {
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

/** Highlight the hexes and cities an action names (while its button is hovered or focused). */
function showPlaces(o) {
  if (!board) return;
  const list = (o.hexes || []).map(([row, col]) => ({ row, col, kind: "dest", extra: "hl-plugin" }));
  for (const id of o.cities || []) {
    const city = board.cities.get(id);
    if (city) list.push({ row: city.row, col: city.col, kind: "source", extra: "hl-plugin" });
  }
  board.setHighlights(list);
}

function renderBuildPanel(panel) {
  const b = S.build;
  const cash = me().cash;
  if (!b.path.length) {
    panel.append(el("p", {}, "Click a highlighted city (or the open end of your unfinished link) to start, or pick a ready-made link below."));
  } else {
    const steps = b.completes ? b.path.length - 2 : b.path.length - 1;
    const start = board.cityAtHex(b.path[0][0], b.path[0][1]);
    const endCity = b.completes ? board.cityAtHex(...b.path[b.path.length - 1]) : null;
    panel.append(
      el(
        "p",
        { id: "build-summary" },
        `From ${start ? cityName(start) : "your unfinished link"}: ${steps} new tile${steps === 1 ? "" : "s"}`,
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
          const side = sideTowards(here, [h.row, h.col]);
          row.append(
            button(`${SIDE_ARROWS[side]} ${SIDE_NAMES[side]} (${money(h.turn_cost)})`, () => chooseTurn(side, h.turn_cost), {
              class: side === b.turnExit ? "toggle on turn-only" : "toggle turn-only",
              "aria-pressed": String(side === b.turnExit),
              "data-side": SIDE_NAMES[side],
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
          button(`${SIDE_ARROWS[s]} ${SIDE_NAMES[s]}`, () => {
            b.exit = s;
            b.candidate = null;
            render();
          }, { class: s === b.exit ? "toggle on" : "toggle", "aria-pressed": String(s === b.exit), "data-side": SIDE_NAMES[s], title: `towards ${last}` }),
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
        onchange: async (e) => {
          b.candidate = null;
          b.cards = e.target.checked ? [...b.cards, id] : b.cards.filter((c) => c !== id);
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
  );
  renderCandidates(panel);
}

function candidateLabel(o) {
  const [r, c] = o.action.path[0];
  const from = board.cityAtHex(r, c);
  const fromName = from ? cityName(from) : "your unfinished link";
  const route = o.route || o.action.path;
  const target = o.to_city || board.cityAtHex(...route[route.length - 1]);
  const to = o.to_city ? cityName(o.to_city) : `toward ${target ? cityName(target) : "?"} (first part)`;
  return `${fromName} → ${to}`;
}

function renderCandidates(panel) {
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
            { class: `candidate${chosen ? " chosen" : ""}`, "data-to": o.to_city || "", "data-cost": o.cost },
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

function renderDeliverPanel(panel) {
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
    for (const r of sortedRoutes(entry)) {
      const chosen = d.route === r;
      routes.append(
        el(
          "li",
          {},
          button(
            [
              `to ${cityName(r.destination)}`,
              el("span", { class: "meta" }, ` · ${r.action.links.length} link${r.action.links.length === 1 ? "" : "s"} · ${pointsText(r.points)}`),
              r.action.cards && r.action.cards.length ? el("span", { class: "meta using" }, ` · using ${r.action.cards.map(cardName).join(", ")}`) : null,
            ],
            () => {
              d.route = r;
              render();
            },
            { class: `route${chosen ? " chosen" : ""}`, "data-destination": r.destination, "aria-pressed": String(chosen) },
          ),
        ),
      );
    }
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

function renderUrbanizePanel(panel) {
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
      onchange: (e) => {
        u.city = e.target.value || null;
        render();
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
        render();
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
  );
}

function renderPlayers() {
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
        el("dt", {}, "Score"),
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

// The display in the terminal's groups: what scores by itself, what acts at once, what is
// kept for the game, what is held until played.
const OPS_GROUPS = [
  { icons: ["circle"], title: "Goals", why: "Goals are not taken: the first player to do what one says wins it." },
  { icons: ["x"], title: "Now", why: "Used at once when taken." },
  { icons: ["infinity", "diamond"], title: "Keep", why: "Kept face up for the rest of the game." },
  { icons: ["hand"], title: "Hand", why: "Held until you play it on a later action." },
];

function renderOps() {
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

function opsItem(id, options, group) {
  const item = el("li", { class: "op-card", "data-card": id }, cardChip(id));
  const isCity = (t) => (board ? !!board.cities.get(t) : !/^\d+$/.test(t));
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

/** Why a card on the display has no Take button for this seat right now. */
function whyNotTake(id, group) {
  if (group.icons && group.icons.includes("circle")) return "won, not taken";
  if (S.seat === null) return "spectators watch";
  if (!inActions()) return "take it as an action on your turn";
  return "not open to you now (see its text)";
}

function renderMajorLines() {
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

function renderLog() {
  const box = $("log");
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
  clear(box);
  const lines = S.view.log || [];
  const start = Math.max(0, lines.length - 200);
  lines.slice(start).forEach((line, i) => {
    const cls = /^Turn \d+/.test(line) ? "log-turn" : /scores|wins|Game over/.test(line) ? "log-score" : "";
    box.append(el("li", { class: cls, value: String(start + i + 1) }, line));
  });
  if (atBottom || box.dataset.first !== "0") {
    box.scrollTop = box.scrollHeight;
    box.dataset.first = "0";
  }
}

// -- colour-blind mode, zoom, dialogs, keys ---------------------------------------------------
async function setColorblind(on) {
  S.colorblind = on;
  setPref("colorblind", on);
  document.body.classList.toggle("colorblind", on);
  const btn = $("btn-colorblind");
  btn.setAttribute("aria-pressed", String(on));
  btn.classList.toggle("on", on);
  if (board && S.mapId) {
    const zoom = board.zoom;
    const scroll = [board.container.scrollLeft, board.container.scrollTop];
    await board.load(S.mapId, on, gameUrl("/board.svg"));
    board.setZoom(zoom);
    [board.container.scrollLeft, board.container.scrollTop] = scroll;
  }
  render();
}

// -- the log drawer and your-turn alerts ------------------------------------------------------
function wireDrawer() {
  const drawer = $("log-drawer");
  const setCollapsed = (on) => {
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
    notify.disabled = state !== "default";
  };
  showNotify();
  notify.addEventListener("click", async () => {
    if ("Notification" in window) await Notification.requestPermission();
    showNotify();
  });
}

function showTab(which) {
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
function renderMoney() {
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
function turnAlerts() {
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

function beep() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
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

// -- chat, stand-in bot, muting, turn e-mails ---------------------------------------------------
function addChat(messages) {
  const known = new Set(S.chat.messages.map((m) => m.seq));
  for (const m of messages) if (!known.has(m.seq)) S.chat.messages.push(m);
  S.chat.messages.sort((a, b) => a.seq - b.seq);
  renderChat();
}

function chatSeen() {
  const last = S.chat.messages.length ? S.chat.messages[S.chat.messages.length - 1].seq : 0;
  S.chat.seen = last;
  renderChat();
}

function renderChat() {
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
  $("chat-mute").checked = !!S.table.muted;
  const spectatorMuted = S.seat === null && S.table.muted;
  $("chat-text").disabled = spectatorMuted;
  $("chat-text").placeholder = spectatorMuted ? "The seats have muted spectators" : "Say something to the table";
}

async function sendChat(event) {
  event.preventDefault();
  const input = $("chat-text");
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

async function setMute(event) {
  try {
    await postJSON(gameUrl("/mute"), { muted: event.target.checked }, TOKEN);
  } catch (err) {
    toast(`Could not change muting: ${err.message}`, "warn");
  }
}

async function toggleStandin() {
  const mine = (S.table.standins || {})[String(S.seat)];
  try {
    await postJSON(gameUrl("/standin"), { level: mine ? null : "medium" }, TOKEN);
  } catch (err) {
    toast(err.message, "warn");
  }
}

async function askEmail() {
  const now = S.table.notify || "";
  const address = window.prompt("E-mail address for 'your turn' notices (empty: none):", now);
  if (address === null) return;
  try {
    await postJSON(gameUrl("/notify"), { email: address.trim() || null }, TOKEN);
    toast(address.trim() ? `Turn notices go to ${address.trim()}.` : "No more turn e-mails.", "info");
  } catch (err) {
    toast(err.message, "warn");
  }
}

/** The table's own controls: a stand-in bot for this seat, turn e-mails, the move clock. */
function renderTable() {
  const mine = S.seat !== null && (S.table.standins || {})[String(S.seat)];
  const b = $("btn-standin");
  b.hidden = S.seat === null || S.view.phase === "game_over";
  b.textContent = mine ? "Take my seat back" : "Let a bot play for me";
  b.classList.toggle("on", !!mine);
  $("btn-email").hidden = S.seat === null;
  $("btn-email").textContent = S.table.notify ? "E-mail: on" : "E-mail me";
  const clock = $("move-clock");
  clock.hidden = !S.table.deadline;
  tickClock();
}

function tickClock() {
  const clock = $("move-clock");
  if (!S.table.deadline || clock.hidden) return;
  const left = Math.max(0, Math.round(S.table.deadline - Date.now() / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const sec = left % 60;
  const text = h ? `${h}h ${String(m).padStart(2, "0")}m` : `${m}:${String(sec).padStart(2, "0")}`;
  clock.textContent = `${playerName(S.view.to_act)}: ${text} left for this move`;
}

function wireTable() {
  $("chat-form").addEventListener("submit", sendChat);
  $("chat-mute").addEventListener("change", setMute);
  $("btn-standin").addEventListener("click", toggleStandin);
  $("btn-email").addEventListener("click", askEmail);
  setInterval(tickClock, 1000);
}

// -- replay: step through the game so far, as this seat saw it -------------------------------
async function enterReplay() {
  if (S.replay) return exitReplay();
  cancelMode(false);
  S.replay = { at: S.index, total: S.index, last: "", pending: false };
  document.body.dataset.replay = "1";
  $("replay-bar").hidden = false;
  $("btn-replay").classList.add("on");
  await replayTo(S.index);
}

async function replayTo(at) {
  if (!S.replay) return;
  const k = Math.max(0, Math.min(at, S.replay.total));
  let data;
  try {
    data = await getJSON(gameUrl(`/replay?at=${k}`), TOKEN);
  } catch (err) {
    showError(err.message || String(err), null, null, "Replay failed:");
    return;
  }
  if (!S.replay) return;
  S.replay.at = data.at;
  S.replay.total = Math.max(S.replay.total, data.total);
  S.replay.last = data.last || "";
  S.view = data.view;
  S.legal = null;
  render();
  renderReplayBar();
}

function renderReplayBar() {
  const r = S.replay;
  if (!r) return;
  const range = $("replay-range");
  range.max = String(r.total);
  range.value = String(r.at);
  document.body.dataset.replayAt = String(r.at);
  const more = r.pending ? " · the game has moved on" : "";
  $("replay-where").textContent = `Step ${r.at} of ${r.total}${r.last ? `: ${r.last}` : ""}${more}`;
}

async function exitReplay() {
  S.replay = null;
  delete document.body.dataset.replay;
  delete document.body.dataset.replayAt;
  $("replay-bar").hidden = true;
  $("btn-replay").classList.remove("on");
  await refresh().catch(() => {});
}

function replayStep(delta) {
  if (S.replay) replayTo(S.replay.at + delta);
}

function wireReplay() {
  $("btn-replay").addEventListener("click", enterReplay);
  $("replay-exit").addEventListener("click", exitReplay);
  $("replay-first").addEventListener("click", () => replayTo(0));
  $("replay-prev").addEventListener("click", () => replayStep(-1));
  $("replay-next").addEventListener("click", () => replayStep(1));
  $("replay-last").addEventListener("click", () => S.replay && replayTo(S.replay.total));
  $("replay-range").addEventListener("change", (event) => replayTo(Number(event.target.value)));
}

// -- city tooltips ----------------------------------------------------------------------------
/** What a player wants to know about a city at a glance: colour, cubes, links, markers. */
function cityTooltip(id) {
  const v = S.view;
  const city = board.cities.get(id);
  if (!v || !city) return null;
  const cubes = (v.cubes && v.cubes[id]) || [];
  const links = (v.links || []).filter((l) => l.start === id || l.end === id);
  const markers = (v.markers || []).filter((m) => m.city === id);
  const lines = [`${city.name} (${humanize(city.color)} city)`];
  lines.push(cubes.length ? `Goods: ${cubes.map(humanize).join(", ")}` : "No goods");
  if (v.empty_cities && v.empty_cities.includes(id)) lines.push("Empty City Marker");
  for (const l of links) {
    const other = l.start === id ? l.end : l.start;
    const owner = l.owner === null || l.owner === undefined ? "nobody" : playerName(l.owner);
    lines.push(other ? `Link to ${cityName(other)}: ${owner}` : `Unfinished link: ${owner}`);
  }
  for (const m of markers) lines.push(`${m.label}${m.owner !== null && m.owner !== undefined ? `: ${playerName(m.owner)}` : ""}`);
  return lines;
}

function wireCardTexts() {
  // A tap (or click) on a card opens its text; another tap, or a tap elsewhere, closes it.
  document.addEventListener("click", (event) => {
    const chip = event.target.closest && event.target.closest(".card-chip");
    for (const open of document.querySelectorAll(".card-chip.open")) if (open !== chip) open.classList.remove("open");
    if (chip) chip.classList.toggle("open");
  });
}

function wireTooltips() {
  const tip = el("div", { id: "city-tip", class: "city-tip", role: "tooltip", hidden: true });
  document.body.append(tip);
  const container = $("board-view");
  container.addEventListener("pointerover", (event) => {
    const g = event.target.closest && event.target.closest("g.city");
    const lines = g ? cityTooltip(g.dataset.city) : null;
    if (!lines) {
      tip.hidden = true;
      return;
    }
    clear(tip).append(el("strong", {}, lines[0]), ...lines.slice(1).map((t) => el("div", {}, t)));
    tip.hidden = false;
    tip.dataset.city = g.dataset.city;
    const r = g.getBoundingClientRect();
    tip.style.left = `${Math.round(Math.min(r.right + 8, window.innerWidth - 260))}px`;
    tip.style.top = `${Math.round(Math.max(8, r.top))}px`;
  });
  container.addEventListener("pointerleave", () => {
    tip.hidden = true;
  });
}

// -- the board's zoom and position, remembered per game in this browser ----------------------
const VIEW_KEY = () => `railways.view.${GAME_ID}`;
let saveTimer = null;

function saveBoardViewSoon() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveBoardView, 250);
}

function saveBoardView() {
  const c = board.container;
  const box = board.svg ? board.svg.getBoundingClientRect() : null;
  if (!box || !box.width) return;
  const view = {
    zoom: board.zoom,
    x: (c.scrollLeft + c.clientWidth / 2) / box.width,
    y: (c.scrollTop + c.clientHeight / 2) / box.height,
  };
  try {
    localStorage.setItem(VIEW_KEY(), JSON.stringify(view));
  } catch {
    // A full or disabled storage only loses the remembered position.
  }
  document.body.dataset.zoom = String(Math.round(board.zoom * 100) / 100);
}

function restoreBoardView() {
  let view = null;
  try {
    view = JSON.parse(localStorage.getItem(VIEW_KEY()) || "null");
  } catch {
    view = null;
  }
  if (!view || typeof view.zoom !== "number") {
    board.setZoom(1);
    document.body.dataset.zoom = "1";
    return;
  }
  board.setZoom(view.zoom);
  const c = board.container;
  const box = board.svg.getBoundingClientRect();
  c.scrollLeft = view.x * box.width - c.clientWidth / 2;
  c.scrollTop = view.y * box.height - c.clientHeight / 2;
  document.body.dataset.zoom = String(Math.round(board.zoom * 100) / 100);
}

/** Zoom by a factor about the middle of the board; 0 fits the board again. */
function zoomBy(factor) {
  board.setZoom(factor === 0 ? 1 : board.zoom * factor);
  saveBoardViewSoon();
}

function toggleLegend() {
  board.showLegend(!board.legend);
  $("btn-legend").setAttribute("aria-pressed", String(board.legend));
  $("btn-legend").classList.toggle("on", board.legend);
}

/** The Empty City count: how far to the end, or (once reached) that it ended the game. */
function emptyCitiesText(v) {
  const n = v.empty_cities.length;
  if (n < v.ecm_needed) return `empty cities ${n} of ${v.ecm_needed} to end the game`;
  return `empty cities ${n} (the end came at ${v.ecm_needed})`;
}

function openDialog(id) {
  const d = $(id);
  if (!d.open) d.showModal();
}

/** Before the end a seat may keep what it sees (its own view: no seed, no other seat's
 * baron); the full record, which replays the game, is given out once the game is over. */
function renderExportButton() {
  const over = S.view && S.view.phase === "game_over";
  const b = $("btn-export");
  b.textContent = over ? "Export record" : "Export my view";
  b.title = over
    ? "Download the whole game record (it replays the game, and can be imported in the lobby)"
    : "Download what this seat sees now; the full record can be exported when the game is over";
}

async function exportRecord() {
  if (!S.view || S.view.phase !== "game_over") {
    const who = S.seat === null ? "spectator" : `seat${S.seat + 1}`;
    download(`railways-${GAME_ID}-${who}-turn${S.view ? S.view.turn : 0}.json`, {
      kind: "railways-seat-view",
      game: GAME_ID,
      seat: S.seat,
      index: S.index,
      view: S.view,
    });
    return;
  }
  try {
    const record = await getJSON(gameUrl("/record"), TOKEN);
    download(`railways-${GAME_ID}.json`, record);
  } catch (err) {
    showError(`the record could not be exported: ${err.message}`, null, null, "Export failed:");
  }
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const t = event.target;
  const typing = t instanceof HTMLElement && t.matches("input, select, textarea");
  const openDialogEl = document.querySelector("dialog[open]");
  if (event.key === "Escape") {
    if (openDialogEl) return; // the dialog closes itself
    if (S.mode) cancelMode();
    hideError();
    if (typing) t.blur();
    return;
  }
  if (openDialogEl) return;
  if (typing) {
    if (event.key === "Enter" && t.id === "bid-amount") {
      event.preventDefault();
      doBid();
    }
    return;
  }
  if (event.key === "Enter" && t instanceof HTMLElement && t.matches("button, a, summary")) return;
  const keys = {
    p: doPass,
    u: doUndo,
    b: () => (S.mode === "build" ? cancelMode() : enterBuild()),
    d: () => (S.mode === "deliver" ? cancelMode() : enterDeliver()),
    Enter: confirmMode,
    Backspace: () => S.mode === "build" && stepBack(),
    c: () => setColorblind(!S.colorblind),
    v: enterReplay,
    g: () => $("btn-drawer").click(),
    ArrowLeft: () => replayStep(-1),
    ArrowRight: () => replayStep(1),
    r: () => openDialog("rules-dialog"),
    "?": () => openDialog("help-dialog"),
    h: () => openDialog("help-dialog"),
    "+": () => zoomBy(1.25),
    "=": () => zoomBy(1.25),
    "-": () => zoomBy(1 / 1.25),
    0: () => zoomBy(0),
    l: toggleLegend,
  };
  const f = keys[event.key];
  if (f) {
    event.preventDefault();
    f();
  }
}

function wire() {
  $("btn-colorblind").addEventListener("click", () => setColorblind(!S.colorblind));
  $("btn-help").addEventListener("click", () => openDialog("help-dialog"));
  $("btn-rules").addEventListener("click", () => openDialog("rules-dialog"));
  $("btn-export").addEventListener("click", exportRecord);
  $("zoom-in").addEventListener("click", () => zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => zoomBy(1 / 1.25));
  $("zoom-fit").addEventListener("click", () => zoomBy(0));
  $("btn-legend").addEventListener("click", toggleLegend);
  $("error-close").addEventListener("click", hideError);
  $("error-rule-link").addEventListener("click", (e) => openRule(e.target.dataset.clause, e.target.dataset.rule));
  $("clause-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const clause = $("clause-input").value.trim();
    if (!clause) return;
    try {
      const data = await getJSON(`/api/rules/${encodeURIComponent(clause)}`);
      $("clause-text").textContent = `${data.clause}: ${data.summary}`;
    } catch (err) {
      $("clause-text").textContent = `No clause ${clause} (${err.message}).`;
    }
  });
  document.addEventListener("keydown", onKey);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh().catch(() => {});
  });
}

async function loadExtras(mapId) {
  // Map name, seat kinds and (if the server offers them) card names; all optional.
  try {
    const maps = await getJSON("/api/maps");
    const m = maps.find((x) => x.id === mapId);
    if (m) S.mapName = m.name;
  } catch {
    /* not needed to play */
  }
  try {
    const games = await getJSON("/api/games", TOKEN);
    const g = (games || []).find((x) => x.id === GAME_ID);
    if (g) S.seatKinds = g.seats.map((s) => s.kind);
  } catch {
    /* not needed to play */
  }
  try {
    const info = await getJSON(`/api/maps/${encodeURIComponent(mapId)}`);
    S.mapInfo = info;
    if (info && info.name) S.mapName = info.name;
    readNames(info);
  } catch {
    /* names fall back to the ids, humanised */
  }
}

async function main() {
  wire();
  document.body.classList.toggle("colorblind", S.colorblind);
  $("btn-colorblind").setAttribute("aria-pressed", String(S.colorblind));
  $("btn-colorblind").classList.toggle("on", S.colorblind);
  if (!GAME_ID) {
    showError("No game given: open a game from the lobby.");
    return;
  }
  board = new Board($("board-view"), onHex);
  let data;
  try {
    data = await getJSON(gameUrl(), TOKEN);
  } catch (err) {
    showError(`The game could not be loaded: ${err.message}`);
    $("status-turn").textContent = "Not loaded";
    return;
  }
  S.mapId = data.view.map;
  // The game's own board: a board put together at set-up (Through Time) is not the map's.
  await Promise.all([
    board.load(S.mapId, S.colorblind, gameUrl("/board.svg")),
    loadExtras(S.mapId),
  ]);
  apply(data, true);
  restoreBoardView();
  board.enableGestures(saveBoardViewSoon);
  wireTooltips();
  wireCardTexts();
  wireReplay();
  wireDrawer();
  wireTable();
  window.addEventListener("resize", () => board.scaleLabels());
  if (TOKEN) {
    const p = data.seat !== null && data.seat !== undefined ? data.view.players[data.seat] : null;
    rememberGame({
      id: GAME_ID,
      token: TOKEN,
      seat: data.seat ?? null,
      name: p ? p.name : "spectator",
      map: S.mapId,
      mapName: S.mapName,
      solo: !!(data.view.plugins && data.view.plugins.solo),
      url: gameLink(GAME_ID, TOKEN),
    });
  }
  setConn(false);
  connect();
  // For the console and the browser tests: the page's state and board.
  window.railwaysGame = { state: S, board, refresh };
  document.body.dataset.ready = "1";
}

main();
