// @ts-check
// The game page's shared state: which game and seat (from the address), the state object S
// that every panel reads, and the board. Every other module imports from here, and this
// module from none of them: a module that changes S asks for the page to be drawn again
// with redraw(), and the page's drawing (status.js's render) is handed in once by game.js,
// so imports run one way, from the state to the views.

import { getPref } from "../common.js";

export const params = new URLSearchParams(window.location.search);

export const pathMatch = window.location.pathname.match(/\/game\/([^/?#]+)/);

export const GAME_ID = params.get("id") || (pathMatch ? decodeURIComponent(pathMatch[1]) : null);

export const TOKEN = params.get("token") || new URLSearchParams(window.location.hash.slice(1)).get("token") || "";

if (params.has("token")) {
  params.delete("token");
  const query = params.toString();
  const clean = `${window.location.pathname}${query ? `?${query}` : ""}#token=${encodeURIComponent(TOKEN)}`;
  window.history.replaceState(null, "", clean);
}

// Action kinds this page has a panel or button of its own for; every other kind (a map's
// own rule, a plug-in's) is drawn generically from the legal-actions payload.
export const DEDICATED_KINDS = new Set([
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

/**
 * The game as one seat sees it (core/view.py ``view_for``); only the fields the page reads
 * are typed here.
 * @typedef {object} View
 * @property {string} map
 * @property {number | null} seat
 * @property {number} turn
 * @property {string} phase
 * @property {number} round
 * @property {number | null} to_act
 * @property {number | null} first_player
 * @property {number[]} order
 * @property {Auction | null} auction
 * @property {Reaction | null} reaction
 * @property {Player[]} players
 * @property {Record<string, string[]>} cubes
 * @property {Record<string, string>} city_colors
 * @property {Record<string, number>} new_city_tiles
 * @property {string[]} empty_cities
 * @property {number} ecm_needed
 * @property {number | null} end_trigger_turn
 * @property {Link[]} links
 * @property {string[]} ops_display
 * @property {number} ops_deck_size
 * @property {string[]} ops_discard
 * @property {number} bag_size
 * @property {Record<string, number>} major_lines
 * @property {number} extra_actions
 * @property {Record<string, any>} plugins
 * @property {Marker[]} markers
 * @property {MoneyRules} money
 * @property {string[]} log
 * @property {LedgerEntry[]} [ledger]
 * @property {Record<string, number> | null} final_scores
 * @property {Final | null} [final] the end-of-game breakdown
 * @property {number | null} winner
 * @property {LastMove[]} [last_moves]
 * @property {LastMove | null} [undone]
 */
/**
 * @typedef {object} Player
 * @property {number} seat
 * @property {string} name
 * @property {number} cash
 * @property {number} bonds
 * @property {number} score
 * @property {number} income
 * @property {number} engine
 * @property {string[]} hand
 * @property {string[]} kept
 * @property {boolean} has_baron
 * @property {string | null} baron
 * @property {boolean} baron_revealed
 * @property {number} links
 * @property {string[]} delivered_colors
 * @property {string[]} [barons_dealt]
 */
/**
 * @typedef {object} Link
 * @property {number} id
 * @property {number} owner
 * @property {string} start
 * @property {string | null} end
 * @property {Array<[number, number, string, string]>} tiles row, col and the two sides
 * @property {number[]} [partners]
 * @property {number} [way_of] a way over a switch: the link whose track it uses
 */
/**
 * @typedef {object} Auction
 * @property {number[]} order
 * @property {number} high_bid
 * @property {number | null} high_bidder
 * @property {number[]} passed
 */
/**
 * @typedef {object} Reaction
 * @property {number} seat
 * @property {Action} action
 * @property {string} label
 * @property {number[]} waiting
 */
/**
 * @typedef {object} Marker
 * @property {string} kind
 * @property {string} label
 * @property {number | null} [owner]
 * @property {string | null} [help]
 * @property {string} [city] a marker beside one city
 * @property {[number, number] | null} [hex] a marker on a hex
 * @property {string} [symbol] what it shows (one character)
 */
/**
 * @typedef {object} MoneyRules
 * @property {number} [bond_value]
 * @property {number} [bond_dividend]
 * @property {number} [urbanize_cost]
 * @property {Record<string, number>} [engine_costs]
 * @property {number} [max_engine]
 */
/** @typedef {{seat: number, amount: number, reason: string, turn: number}} LedgerEntry */
/**
 * The end-of-game breakdown (core/scoring.py): each player's parts, adding up to the total.
 * @typedef {object} Final
 * @property {FinalRow[]} players
 * @property {string} decided how the winner was decided
 */
/**
 * @typedef {object} FinalRow
 * @property {number} seat
 * @property {number} track
 * @property {number} bonds
 * @property {{name: string, points: number} | null} baron
 * @property {number} rules
 * @property {Array<{name: string, points: number}>} cards
 * @property {number} total
 * @property {number} links
 * @property {number} cash
 */
/**
 * A seat's latest move with places on the board (view ``last_moves``), or the move an undo
 * took back (view ``undone``).
 * @typedef {object} LastMove
 * @property {number} seat
 * @property {number} index its position among the game's effective moves
 * @property {string} kind build_track, deliver_goods or urbanize
 * @property {Array<[number, number]>} hexes
 * @property {number[]} links
 * @property {string[]} cities
 * @property {string | null} [color]
 */
/** An action as the server takes it: ``kind``, ``seat`` and the kind's own fields.
 * @typedef {{kind: string, seat?: number | null, [field: string]: any}} Action */
/**
 * One legal action with what the page shows of it.
 * @typedef {object} Option
 * @property {Action} action
 * @property {string} [label]
 * @property {number | null} [cost]
 * @property {Array<[number, number]>} [hexes]
 * @property {string[]} [cities]
 */
/**
 * A candidate build from the legal actions.
 * @typedef {object} BuildOption
 * @property {Action} action
 * @property {number} cost
 * @property {number} tiles
 * @property {string | null} to_city
 * @property {Array<[number, number]>} [route] the whole planned route
 */
/**
 * A click on the board (board.js): the hex, the city on it, the cube clicked.
 * @typedef {object} Hit
 * @property {number} row
 * @property {number} col
 * @property {string | null} city
 * @property {{city: string, color: string} | null} cube
 */
/**
 * What the server sends: the seat's view, its legal actions and the position's index.
 * @typedef {object} Update
 * @property {View} view
 * @property {Legal | null} [legal]
 * @property {number | null} [seat]
 * @property {number} [action_index]
 * @property {any} [table]
 * @property {string | number} [chosen_seed]
 */
/**
 * A seat's legal actions (core/legal.py ``LegalActions.to_dict``).
 * @typedef {object} Legal
 * @property {Option[]} simple
 * @property {number | null} min_bid
 * @property {BuildOption[]} builds
 * @property {Delivery[]} deliveries
 * @property {Record<string, {title: string, summary: string, help: string | null}>} [kinds]
 * @property {Origin[]} [origins] where a new link may start on the seat's own track now
 * @property {number[][]} [open_ends] [row, col] of the last tiles of the seat's unfinished links
 */
/**
 * A place a plug-in opens for a new link on the seat's own track (``CostRules.origins``).
 * @typedef {object} Origin
 * @property {[number, number]} hex
 * @property {string} kind what opens it (``switch``: a Switch Track)
 * @property {number} cost what starting there costs on top of the track
 * @property {string | null} clause
 */
/**
 * The routes one cube may take.
 * @typedef {object} Delivery
 * @property {string} city
 * @property {string} color
 * @property {Route[]} routes
 */
/**
 * @typedef {object} Route
 * @property {Action} action
 * @property {string} destination
 * @property {Record<string, number>} points
 */
/**
 * A hex a build may go on to (GET next-hexes): its price so far, or null where only the
 * end tile may turn to face it (``turn_cost``).
 * @typedef {{row: number, col: number, cost: number | null, completes?: boolean, turn_cost?: number | null}} NextHex
 */
/**
 * A build being clicked (build mode).
 * @typedef {object} BuildState
 * @property {Array<[number, number]>} path
 * @property {NextHex[]} next
 * @property {number} cost
 * @property {boolean} completes
 * @property {number | null} exit
 * @property {number[]} exits
 * @property {string[]} cards
 * @property {any} candidate
 * @property {boolean} redirect
 * @property {number | null} turnExit
 */
/**
 * The page's state: the latest view and legal actions, the mode being played, the drawer.
 * @typedef {object} PageState
 * @property {number | null} seat
 * @property {number} index
 * @property {View | null} view
 * @property {Legal | null} legal
 * @property {string | null} mapId
 * @property {string} mapName
 * @property {string[]} seatKinds
 * @property {{cards: Record<string, string>, barons: Record<string, string>, texts?: Record<string, string>, onBuild?: Record<string, boolean>}} names
 * @property {any} mapInfo
 * @property {boolean} colorblind
 * @property {null | "build" | "deliver" | "urbanize"} mode
 * @property {BuildState | null} build
 * @property {{key: number | null, route: Route | null} | null} deliver
 * @property {{city: string | null, color: string | null} | null} urb
 * @property {boolean} busy
 * @property {WebSocket | null} ws
 * @property {number} wsDelay
 * @property {boolean} wsLive
 * @property {string} buildFilter
 * @property {{at: number, total: number, last: string, pending: boolean} | null} replay
 * @property {boolean | undefined} alerted
 * @property {string[]} alerts
 * @property {{messages: any[], seen: number}} chat
 * @property {{muted: boolean, standins: Record<string, any>, conceded?: number[], move_limit: number | null, deadline: number | null, notify: any}} table
 * @property {Array<{at: number, text: string, cls: string}>} notes lines the page adds to the log (an undo)
 * @property {{kind: string, index: number, lesson: string} | null} sent the seat's last move the server took: its kind, the position it led to, the guide's lesson on screen when it was sent
 * @property {string} lesson the guided game's lesson on screen (game/guide.js), "" if none
 * @property {{control: string, choice: string} | null} armed the control a first press armed to send a move issuing many bonds, and the move (JSON) it will send on a second press (game/spend.js)
 */

/** An element by id (null when the page has none).
 * @param {string} id
 * @returns {HTMLElement} */
export const $ = (id) => document.getElementById(id);

/** An input element by id.
 * @param {string} id
 * @returns {HTMLInputElement} */
export const $input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** A dialog element by id.
 * @param {string} id
 * @returns {HTMLDialogElement} */
export const $dialog = (id) => /** @type {HTMLDialogElement} */ (document.getElementById(id));

/** @type {PageState} */
export const S = {
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
  notes: [],
  sent: null,
  lesson: "",
  armed: null,
  table: { muted: false, standins: {}, move_limit: null, deadline: null, notify: null },
};

/** The board on the page (set once by main). */
/** @type {import("../board.js").Board} */
export let board = null;

/** @param {import("../board.js").Board} b */
export function setBoard(b) {
  board = b;
}

/** What draws the whole page from S (status.js's render, set once by game.js). */
let drawPage = () => {};

/** @param {() => void} draw */
export function onRedraw(draw) {
  drawPage = draw;
}

/** Draw the page again from S (after a change of mode, a click, an update). */
export function redraw() {
  drawPage();
}

/**
 * @param {string} [suffix]
 */
export function gameUrl(suffix = "") {
  return `/api/games/${encodeURIComponent(GAME_ID)}${suffix}`;
}
