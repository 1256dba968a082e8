// @ts-check
// The lobby: create a game, share its links, list and resume your games, export and import.

import {
  ApiError,
  absoluteUrl,
  clear,
  copyText,
  download,
  el,
  forgetGame,
  gameLink,
  getJSON,
  humanize,
  loadGames,
  postJSON,
  rememberGame,
  toast,
} from "./common.js";
import { wireGuidedGame } from "./lobby-guide.js";

/** An element by id: the lobby reads inputs, selects, buttons and links by id alike.
 * @param {string} id
 * @returns {HTMLInputElement & HTMLAnchorElement} */
const $ = (id) => /** @type {any} */ (document.getElementById(id));
/** A seat as the lobby sets it up (an imported game's seats are unnamed here).
 * @typedef {{name?: string, kind: string, bot?: string}} Seat */
/**
 * A board the server offers (GET /api/maps).
 * @typedef {object} MapInfo
 * @property {string} id
 * @property {string} name
 * @property {number} min_players
 * @property {number} max_players
 * @property {boolean} solo
 * @property {boolean} [default] the board played when a game names none
 * @property {string[]} [default_modules]
 * @property {Record<string, Array<{id: string, name: string}>>} [choices]
 * @property {OptionInfo[]} [options]
 */
/**
 * An option a board's or module's plug-in declares (GET /api/maps ``options``): the form
 * offers its ids as boxes to tick, a module's only while the module is ticked.
 * @typedef {object} OptionInfo
 * @property {string} key
 * @property {string} label
 * @property {string} [help]
 * @property {string} [clause]
 * @property {string} [default]
 * @property {string | null} [module]
 * @property {Array<{id: string, name: string}>} choices
 */
/** @typedef {{seat: number, name: string, kind: string, bot?: string, token?: string, url?: string | null}} CreatedSeat */
/** The server's answer to a new game. @typedef {{id: string, seats: CreatedSeat[], spectator?: any}} Created */
/** A game this browser remembers (common.js rememberGame). @typedef {Record<string, any> & {id: string, token: string}} GameEntry */
// Bot names the server knows (railways.bots): the three levels first, then the bots by name.
const BOTS = ["easy", "medium", "hard", "greedy", "random"];
/** @type {Record<string, string>} */
const BOT_LABELS = { easy: "Easy", medium: "Medium", hard: "Hard (about 1 s a move)" };

/** @type {{maps: MapInfo[], seats: Seat[], importRecord: any, importSeats?: Seat[], mode: "multi" | "solo"}} */
const state = {
  maps: [
    // Until GET /api/maps answers (and if it fails): the server's default board, asked for
    // by sending no map (GET /api/maps lists it first).
    { id: "", name: "The default board", min_players: 2, max_players: 6, solo: true },
  ],
  seats: [],
  importRecord: null,
  mode: "multi", // "multi" or "solo" (Rail Barons against the Railbot)
};

/** The chosen board for a create request: none while only the fallback is listed (the
 * server then plays its default board). */
function mapField() {
  const id = $("map").value;
  return id ? { map: id } : {};
}

function currentMap() {
  return state.maps.find((m) => m.id === $("map").value) || state.maps[0];
}

function selectableMaps() {
  return state.mode === "solo" ? state.maps.filter((m) => m.solo) : state.maps;
}

function renderMapSelect() {
  const select = $("map");
  const before = select.value || (state.maps.find((m) => m.default) || { id: "" }).id;
  const maps = selectableMaps();
  clear(select);
  for (const m of maps) select.append(el("option", { value: m.id }, m.name));
  select.value = maps.some((m) => m.id === before) ? before : maps.length ? maps[0].id : "";
  $("btn-create").disabled = !maps.length;
  if (!maps.length) {
    $("create-error").textContent = "No map here can be played solo yet.";
    $("create-error").hidden = false;
  }
}

/**
 * @param {"multi" | "solo"} mode
 */
function setMode(mode) {
  state.mode = mode;
  document.body.dataset.mode = mode;
  $("mode-solo").checked = mode === "solo";
  $("mode-multi").checked = mode !== "solo";
  $("seats-box").hidden = mode === "solo";
  $("solo-options").hidden = mode !== "solo";
  $("shorter-row").hidden = mode === "solo"; // a solo game has its own Empty City Markers option
  $("modules-row").hidden = mode === "solo" || !$("modules-box").childElementCount;
  $("create-error").hidden = true;
  renderMapSelect();
  renderChoices();
  if (mode !== "solo") renderSeats();
}

/** The options of a solo game, as railways.rules.solo.SoloOptions reads them. */
function soloOptions() {
  /** @type {Record<string, any>} */
  const options = {
    solo: true,
    duel_barons: $("solo-duel-barons").checked,
    easy_start: $("solo-easy-start").checked,
    base_exhaust_change: parseInt($("solo-base-exhaust").value, 10),
    railbot_cards_removed: parseInt($("solo-cards-removed").value, 10),
    operations_limit: parseInt($("solo-operations-limit").value, 10),
    fewer_empty_cities: parseInt($("solo-fewer-empty").value, 10),
  };
  const target = $("solo-target-score").value;
  if (target !== "") options.target_score = parseInt(target, 10);
  return options;
}

/**
 * @param {number} count
 * @returns {Seat[]}
 */
function defaultSeats(count) {
  return Array.from({ length: count }, (_, i) =>
    i === 0 ? { name: "Player 1", kind: "human", bot: "greedy" } : { name: `Bot ${i + 1}`, kind: "bot", bot: "greedy" },
  );
}

/**
 * @param {Seat} seat
 * @param {number} i
 * @param {Seat[]} list
 * @param {() => void} onChange
 */
function seatRow(seat, i, list, onChange) {
  const name = el("input", {
    value: seat.name,
    "aria-label": `Seat ${i + 1} name`,
    class: "seat-name",
    maxlength: "40",
    oninput: (/** @type {Event & {target: HTMLInputElement}} */ e) => {
      seat.name = e.target.value;
    },
  });
  const kind = el(
    "select",
    {
      "aria-label": `Seat ${i + 1} player`,
      class: "seat-kind",
      onchange: (/** @type {Event & {target: HTMLSelectElement}} */ e) => {
        seat.kind = e.target.value;
        if (seat.kind === "bot" && /^(You|Player \d+)$/.test(seat.name)) seat.name = `Bot ${i + 1}`;
        if (seat.kind === "human" && /^Bot \d+$/.test(seat.name)) seat.name = `Player ${i + 1}`;
        onChange();
      },
    },
    el("option", { value: "human", selected: seat.kind === "human" }, i === 0 ? "Human (you)" : "Human"),
    el("option", { value: "bot", selected: seat.kind === "bot" }, "Bot"),
  );
  const bot = el(
    "select",
    {
      "aria-label": `Seat ${i + 1} bot`,
      class: "seat-bot",
      hidden: seat.kind !== "bot",
      onchange: (/** @type {Event & {target: HTMLSelectElement}} */ e) => {
        seat.bot = e.target.value;
      },
    },
    BOTS.map((b) => el("option", { value: b, selected: seat.bot === b }, BOT_LABELS[b] || b)),
  );
  return el("li", { class: "seat row" }, name, kind, bot);
}

function renderSeats() {
  const box = clear($("seats"));
  state.seats.forEach((seat, i) => box.append(seatRow(seat, i, state.seats, renderSeats)));
  const m = currentMap();
  $("add-seat").disabled = state.seats.length >= (m.max_players || 6);
  $("remove-seat").disabled = state.seats.length <= (m.min_players || 2);
}

/**
 * @param {unknown} err
 * @param {Seat[]} seats
 */
function needsFallback(err, seats) {
  // The server does not know the greedy bot yet: say so and use the random one.
  if (!(err instanceof ApiError) || ![400, 404, 422].includes(err.status)) return false;
  return seats.some((s) => s.kind === "bot" && s.bot === "greedy") && /greedy|bot/i.test(JSON.stringify(err.body || err.message));
}

/**
 * @param {Seat[]} seats
 * @returns {Seat[]}
 */
function withRandomBots(seats) {
  return seats.map((s) => (s.kind === "bot" && s.bot === "greedy" ? { ...s, bot: "random" } : s));
}

/**
 * @param {Event} event
 */
async function createGame(event) {
  event.preventDefault();
  const error = $("create-error");
  error.hidden = true;
  const seats = state.seats.map((s, i) => {
    /** @type {Seat} */
    const out = { name: s.name.trim() || (s.kind === "bot" ? `Bot ${i + 1}` : `Player ${i + 1}`), kind: s.kind };
    if (s.kind === "bot") out.bot = s.bot;
    return out;
  });
  /** @type {{map?: string, seats: any[], options: Record<string, any>, move_limit?: number, seed?: string | number}} */
  let body = { ...mapField(), seats, options: { shorter_game: $("opt-shorter").checked } };
  const modules = chosenModules();
  if ($("opt-shorter").checked && $("modules-box").childElementCount) modules.push("shorter-game");
  if (modules.length) body.options.modules = modules;
  // The board's own modules are ticked when it is chosen; an unticked one is left out.
  const leftOut = (currentMap().default_modules || []).filter((m) => !modules.includes(m));
  if (leftOut.length) body.options.without_modules = leftOut;
  Object.assign(body.options, chosenChoices());
  if (state.mode === "solo") {
    const name = $("solo-name").value.trim() || "Player";
    body = { ...mapField(), seats: [{ name, kind: "human" }], options: soloOptions() };
  }
  const limit = $("move-limit").value;
  if (limit && state.mode !== "solo") body.move_limit = Number(limit);
  const seed = $("seed").value.trim();
  if (/^0x[0-9a-f]{1,64}$/i.test(seed)) body.seed = seed;
  else if (/^\d{16,}$/.test(seed)) body.seed = `0x${BigInt(seed).toString(16)}`; // beyond a JS number
  else if (seed !== "") body.seed = parseInt(seed, 10);
  $("btn-create").disabled = true;
  try {
    let created;
    try {
      created = await postJSON("/api/games", body);
    } catch (err) {
      if (!needsFallback(err, seats)) throw err;
      toast("The greedy bot is not available here: the bots play at random.", "warn");
      body.seats = withRandomBots(seats);
      created = await postJSON("/api/games", body);
    }
    showCreated(created, body.seats, body.map, state.mode === "solo");
  } catch (err) {
    error.textContent = `The game could not be created: ${err.message}`;
    error.hidden = false;
  } finally {
    $("btn-create").disabled = false;
  }
}

/**
 * @param {Created} created
 * @param {CreatedSeat} seat
 */
function seatUrl(created, seat) {
  return seat.url || `/game/${encodeURIComponent(created.id)}?token=${encodeURIComponent(seat.token)}`;
}

/**
 * @param {string} label
 * @param {string} url
 */
function linkItem(label, url) {
  const full = absoluteUrl(url);
  return el(
    "li",
    { class: "link-item" },
    el("span", { class: "link-label" }, label),
    el("a", { href: url, class: "link-url" }, full),
    el(
      "button",
      {
        type: "button",
        class: "small copy",
        onclick: async () => toast((await copyText(full)) ? "Link copied" : "Copy it by hand, please", "info"),
      },
      "Copy",
    ),
  );
}

/**
 * @param {string} label
 * @param {string} [bot]
 */
function botItem(label, bot) {
  return el(
    "li",
    { class: "link-item bot-item" },
    el("span", { class: "link-label" }, label),
    el("span", { class: "meta" }, `played by the server${bot ? ` (${bot} bot)` : ""}: no link needed`),
  );
}

/**
 * @param {Created} created
 * @param {Seat[]} seats
 * @param {string} mapId
 * @param {boolean} [solo]
 */
function showCreated(created, seats, mapId, solo = false) {
  const list = clear($("links"));
  const humans = created.seats.filter((s) => s.kind !== "bot");
  const mine = humans[0] || created.seats[0];
  const links = created.seats
    .filter((s) => s.token && s.url !== null)
    .map((s) => ({ seat: s.seat, name: s.name, kind: s.kind, url: seatUrl(created, s) }));
  for (const s of created.seats) {
    const who = `${s.name} (seat ${s.seat + 1}${s.kind === "bot" ? ", bot" : ""}${s === mine ? ", you" : ""})`;
    if (s.token) list.append(linkItem(who, seatUrl(created, s)));
    else list.append(botItem(who, s.bot));
  }
  const spectatorUrl = created.spectator
    ? created.spectator.url || `/game/${encodeURIComponent(created.id)}?token=${encodeURIComponent(created.spectator.token)}`
    : null;
  if (spectatorUrl) list.append(linkItem("Spectators", spectatorUrl));
  const map = state.maps.find((m) => m.id === mapId);
  rememberGame({
    id: created.id,
    token: mine.token,
    seat: mine.seat,
    name: mine.name,
    map: mapId,
    mapName: map ? map.name : mapId,
    solo,
    url: seatUrl(created, mine),
    links,
    spectator: spectatorUrl,
    seats: created.seats.map((s) => ({ seat: s.seat, name: s.name, kind: s.kind, bot: s.bot })),
  });
  $("btn-play").href = seatUrl(created, mine);
  $("btn-play").textContent = `Play as ${mine.name}`;
  $("create-form").hidden = true;
  $("created").hidden = false;
  $("btn-play").focus();
  renderGames();
}

// -- your games ----------------------------------------------------------------------------------
/**
 * @param {GameEntry} entry
 * @returns {Promise<{status: string, turn: number} | null>}
 */
async function statusOf(entry) {
  try {
    const games = await getJSON("/api/games", entry.token);
    return (games || []).find((/** @type {{id: string}} */ g) => g.id === entry.id) || null;
  } catch {
    return null;
  }
}

/** @type {Record<string, string>} */
const STATUS = { setup: "setting up", playing: "in play", over: "finished" };

async function renderGames() {
  const box = clear($("games"));
  const games = loadGames();
  if (!games.length) {
    box.append(el("p", { class: "hint", id: "no-games" }, "No games yet: create one above."));
    return;
  }
  const table = el("table", { class: "games", id: "games-table" });
  table.append(
    el(
      "thead",
      {},
      el("tr", {}, el("th", {}, "Game"), el("th", {}, "You"), el("th", {}, "State"), el("th", {}, "")),
    ),
  );
  const body = el("tbody");
  table.append(body);
  box.append(table);
  for (const entry of games) {
    const stateCell = el("td", { class: "game-state" }, "…");
    const row = el(
      "tr",
      { "data-game": entry.id },
      el(
        "td",
        {},
        el("strong", {}, entry.mapName || entry.map || "Game"),
        entry.solo ? el("span", { class: "tag solo-tag" }, "solo vs Railbot") : null,
        el("br"),
        el("span", { class: "meta" }, `${entry.id} · ${new Date(entry.saved).toLocaleString()}`),
      ),
      el("td", {}, entry.seat === null || entry.seat === undefined ? "watching" : entry.name || `seat ${entry.seat + 1}`),
      stateCell,
      el(
        "td",
        { class: "row wrap" },
        el("a", { class: "button small resume", href: entry.url || gameLink(entry.id, entry.token) }, "Resume"),
        el("button", { type: "button", class: "small export", onclick: () => exportGame(entry) }, "Export"),
        entry.links && entry.links.length
          ? el("button", { type: "button", class: "small", onclick: () => showLinks(entry) }, "Links")
          : null,
        el(
          "button",
          {
            type: "button",
            class: "small secondary",
            onclick: () => {
              if (window.confirm("Forget this game in this browser? (The game itself stays on the server.)")) {
                forgetGame(entry.token);
                renderGames();
              }
            },
          },
          "Forget",
        ),
      ),
    );
    body.append(row);
    statusOf(entry).then((g) => {
      stateCell.textContent = g ? `${STATUS[g.status] || g.status} · turn ${g.turn}` : "not found on the server";
      stateCell.dataset.status = g ? g.status : "missing";
    });
  }
}

/**
 * @param {GameEntry} entry
 */
function showLinks(entry) {
  const list = clear($("links"));
  for (const l of entry.links) list.append(linkItem(`${l.name} (seat ${l.seat + 1})`, l.url));
  for (const s of entry.seats || []) {
    if (s.kind === "bot") list.append(botItem(`${s.name} (seat ${s.seat + 1}, bot)`, s.bot));
  }
  if (entry.spectator) list.append(linkItem("Spectators", entry.spectator));
  $("btn-play").href = entry.url;
  $("btn-play").textContent = `Play as ${entry.name}`;
  $("create-form").hidden = true;
  $("created").hidden = false;
  $("new-game").scrollIntoView({ behavior: "smooth" });
}

/**
 * @param {GameEntry} entry
 */
async function exportGame(entry) {
  try {
    const record = await getJSON(`/api/games/${encodeURIComponent(entry.id)}/record`, entry.token);
    download(`railways-${entry.id}.json`, record);
  } catch (err) {
    toast(`Export failed: ${err.message}`, "error");
  }
}

// -- import ------------------------------------------------------------------------------------------
async function readImport() {
  const error = $("import-error");
  error.hidden = true;
  state.importRecord = null;
  const box = clear($("import-seats"));
  $("btn-import").disabled = true;
  const file = $("import-file").files[0];
  if (!file) return;
  try {
    let data = JSON.parse(await file.text());
    if (data && data.record) data = data.record;
    const names = Array.isArray(data.seats) ? data.seats.map((/** @type {string | {name: string}} */ s) => (typeof s === "string" ? s : s.name)) : [];
    if (!names.length) throw new Error("this file has no seats: is it a game record?");
    state.importRecord = data;
    state.importSeats = names.map((/** @type {string} */ name, /** @type {number} */ i) => ({ name, kind: i === 0 ? "human" : "bot", bot: "greedy" }));
    state.importSeats.forEach((seat, i) => {
      const kind = el(
        "select",
        {
          "aria-label": `${name} player`,
          onchange: (/** @type {Event & {target: HTMLSelectElement}} */ e) => {
            seat.kind = e.target.value;
            bot.hidden = seat.kind !== "bot";
          },
        },
        el("option", { value: "human", selected: seat.kind === "human" }, i === 0 ? "Human (you)" : "Human"),
        el("option", { value: "bot", selected: seat.kind === "bot" }, "Bot"),
      );
      const bot = el(
        "select",
        { hidden: seat.kind !== "bot", onchange: (/** @type {Event & {target: HTMLSelectElement}} */ e) => (seat.bot = e.target.value), "aria-label": `${seat.name} bot` },
        BOTS.map((b) => el("option", { value: b }, b)),
      );
      box.append(el("li", { class: "seat row" }, el("span", { class: "seat-name" }, seat.name), kind, bot));
    });
    $("btn-import").disabled = false;
  } catch (err) {
    error.textContent = `That file cannot be read: ${err.message}`;
    error.hidden = false;
  }
}

/**
 * @param {Event} event
 */
async function importGame(event) {
  event.preventDefault();
  if (!state.importRecord) return;
  const error = $("import-error");
  error.hidden = true;
  /** @type {Seat[]} */
  let seats = state.importSeats.map((s) => (s.kind === "bot" ? { kind: "bot", bot: s.bot } : { kind: "human" }));
  const body = { record: state.importRecord, seats };
  try {
    let created;
    try {
      created = await postJSON("/api/games/import", body);
    } catch (err) {
      if (!needsFallback(err, seats)) throw err;
      seats = withRandomBots(seats);
      created = await postJSON("/api/games/import", { ...body, seats });
    }
    showCreated(created, seats, state.importRecord.map || state.importRecord.map_id || "");
    $("new-game").scrollIntoView({ behavior: "smooth" });
  } catch (err) {
    error.textContent = `The record could not be imported: ${err.message}`;
    error.hidden = false;
  }
}

// -- start ---------------------------------------------------------------------------------------
async function loadMaps() {
  try {
    const maps = await getJSON("/api/maps");
    if (Array.isArray(maps) && maps.length) state.maps = maps;
  } catch {
    /* keep the default */
  }
  renderMapSelect();
  tickMapDefaults();
  renderChoices();
}

/** Optional modules (GET /api/variants) as checkboxes; the server refuses bad combinations. */
async function loadVariants() {
  const box = $("modules-box");
  let rows = [];
  try {
    rows = await getJSON("/api/variants");
  } catch {
    return; // an older server: no modules offered
  }
  for (const v of rows) {
    if (v.id === "shorter-game") continue; // the "Shorter game" box above is this module
    const input = el("input", { type: "checkbox", value: v.id, "data-module": v.id });
    const house = v.house ? " (house rule)" : "";
    box.append(el("label", { class: "check", title: v.summary }, input, ` ${v.title}${house}: ${v.summary}`));
  }
  $("modules-row").hidden = !rows.length;
  tickMapDefaults();
  showModuleOptions();
}

/** Tick the modules the chosen board is played with by default (GET /api/maps), untick
 * the others: the rulebook's recommendation, which the players may change. */
function tickMapDefaults() {
  const defaults = currentMap().default_modules || [];
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("#modules-box input"))) {
    input.checked = defaults.includes(input.value);
    input.closest("label").classList.toggle("board-default", defaults.includes(input.value));
  }
}

/** The options a game on ``map`` may set (an older server sends only the board's ``choices``).
 * @param {MapInfo} map
 * @returns {OptionInfo[]} */
function optionsOf(map) {
  if (Array.isArray(map.options)) return map.options;
  return Object.entries(map.choices || {}).map(([key, choices]) => ({ key, label: humanize(key), choices }));
}

/** @param {OptionInfo} option */
function optionHint(option) {
  const rule = option.clause ? ` (${option.clause})` : "";
  const none = option.default ? ` None ticked: ${option.default}.` : "";
  return `${option.help || ""}${rule}${none}`.trim();
}

/** @param {OptionInfo} option */
function optionGroup(option) {
  const boxes = option.choices.map((c) =>
    el("label", { class: "check" }, el("input", { type: "checkbox", value: c.id }), ` ${c.name}`),
  );
  const attrs = { class: "option-group", "data-choice": option.key, "data-for-module": option.module || "" };
  if (!option.module) {
    return el("div", attrs, el("strong", {}, `${option.label}:`), el("p", { class: "hint" }, optionHint(option)), el("div", { class: "row wrap" }, ...boxes));
  }
  return el("details", attrs, el("summary", {}, option.label), el("p", { class: "hint" }, optionHint(option)), el("div", { class: "row wrap" }, ...boxes));
}

/** The declared options of the chosen board (GET /api/maps ``options``, made from the plug-ins'
 * OptionSpec): the board's own in the Board box, each module's under the modules, shown while
 * that module is ticked. None ticked leaves the choice to the default. */
function renderChoices() {
  const board = clear($("choices-box"));
  const modules = clear($("module-options-box"));
  const options = state.mode !== "solo" ? optionsOf(currentMap()).filter((o) => o.choices.length) : [];
  for (const option of options) (option.module ? modules : board).append(optionGroup(option));
  $("choices-hint").textContent = board.childElementCount ? "Tick the ones to play, or none for the default." : "";
  $("choices-row").hidden = !board.childElementCount;
  showModuleOptions();
}

/** Show each module's options while the module is ticked. */
function showModuleOptions() {
  const ticked = chosenModules();
  for (const group of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#module-options-box [data-for-module]"))) {
    group.hidden = !ticked.includes(group.dataset.forModule || "");
  }
}

function chosenChoices() {
  /** @type {Record<string, string[]>} */
  const out = {};
  for (const group of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-choice]"))) {
    if (group.hidden) continue; // a module not ticked
    const ids = [.../** @type {NodeListOf<HTMLInputElement>} */ (group.querySelectorAll("input:checked"))].map((i) => i.value);
    if (ids.length) out[group.dataset.choice || ""] = ids;
  }
  return out;
}

function chosenModules() {
  return [.../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("#modules-box input:checked"))].map((i) => i.value);
}

async function main() {
  state.seats = defaultSeats(4);
  loadVariants();
  renderSeats();
  $("create-form").addEventListener("submit", createGame);
  $("add-seat").addEventListener("click", () => {
    const i = state.seats.length;
    state.seats.push({ name: `Bot ${i + 1}`, kind: "bot", bot: "greedy" });
    renderSeats();
  });
  $("remove-seat").addEventListener("click", () => {
    state.seats.pop();
    renderSeats();
  });
  $("map").addEventListener("change", () => {
    const m = currentMap();
    while (state.seats.length > (m.max_players || 6)) state.seats.pop();
    while (state.seats.length < (m.min_players || 2)) state.seats.push({ name: `Bot ${state.seats.length + 1}`, kind: "bot", bot: "greedy" });
    renderSeats();
    tickMapDefaults();
    renderChoices();
  });
  $("modules-box").addEventListener("change", showModuleOptions);
  $("btn-new").addEventListener("click", () => {
    $("created").hidden = true;
    $("create-form").hidden = false;
  });
  for (const radio of document.querySelectorAll("input[name='mode']")) {
    radio.addEventListener("change", (e) => setMode(/** @type {"multi" | "solo"} */ (/** @type {HTMLInputElement} */ (e.target).value)));
  }
  $("import-file").addEventListener("change", readImport);
  $("import-form").addEventListener("submit", importGame);
  wireGuidedGame();
  await loadMaps();
  const checked = /** @type {HTMLInputElement | null} */ (document.querySelector("input[name='mode']:checked"));
  setMode(checked && checked.value === "solo" ? "solo" : "multi");
  renderSeats();
  renderGames();
  document.body.dataset.ready = "1";
}

main();
