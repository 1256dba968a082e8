// @ts-check
// The board: the server's SVG inlined, with the game drawn into its empty layers.
//
// The geometry is the server's: render/svg.py writes its hex layout on the picture
// (data-geometry), and Geometry below draws and steps with those numbers.
// Everything is drawn inside <g id="board">, whose transform the server sets.

import {
  COLOR_LETTER,
  CUBE_FILL,
  CUBE_INK,
  RAILBOT,
  humanize,
  ownerColor,
} from "./common.js";

/** @typedef {import("./game/state.js").View} View */
/** @typedef {import("./game/state.js").Link} Link */
/** @typedef {import("./game/state.js").Marker} Marker */
/** @typedef {import("./game/state.js").Hit} Hit */
/**
 * A city on the board picture.
 * @typedef {{id: string, name: string, row: number, col: number, color: string, group: SVGGElement}} City
 */
/**
 * A marked hex: ``kind`` is start, next, path, source or dest; ``extra`` more classes.
 * @typedef {{row: number, col: number, kind: string, label?: string, extra?: string}} Highlight
 */
/** A shaded region: the first open column of each row, and what it means.
 * @typedef {{limits: Record<string, number>, title?: string}} Shade */

const SVGNS = "http://www.w3.org/2000/svg";
// Zoom limits (1 = the board fits the width), the smallest city name and cube drawn in CSS
// pixels, and how far a pointer moves before a press becomes a drag rather than a click.
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 10;
// Fit fills the board area (a wide board such as one played in parts laid side by side is
// zoomed until it is as tall as the area, and scrolls sideways), but never draws a hex
// wider than two fingers (a tablet upright would show a few huge hexes).
const MAX_FIT_ZOOM = MAX_ZOOM;
const MAX_FIT_HEX_PX = 88;
// Screen pixels kept between two city names that are both shown.
const LABEL_GAP_PX = 1;
const MIN_LABEL_PX = 12;
const MIN_CUBE_PX = 9;
const DRAG_PX = 6;
// Arrows pointing out of a hex's sides, in side order (E NE NW W SW SE): words for buttons.
export const SIDE_ARROWS = ["→", "↗", "↖", "←", "↙", "↘"];

/**
 * The hex layout as render/svg.py states it on the board picture (``data-geometry``, its
 * LAYOUT with the hex size): lengths in hex sizes, angles in degrees with y up.
 * @typedef {object} GeometryData
 * @property {number} size the hex size (centre to corner) in the picture's units
 * @property {string} offset how rows are offset (odd-r: odd rows half a column right)
 * @property {number} column_step
 * @property {number} row_step
 * @property {number} odd_row_shift
 * @property {number[]} corner_angles
 * @property {number[]} side_angles
 * @property {number} side_reach
 * @property {string[]} sides the sides' names in order
 * @property {Array<[number, number]>} steps the axial step (q, r) across each side
 */

/** Degrees to radians. @param {number} d */
const radians = (d) => (d * Math.PI) / 180;

// -- pure geometry: the server's numbers, read from the picture it drew --------------------
export class Geometry {
  /** @param {GeometryData} data */
  constructor(data) {
    if (data.offset !== "odd-r") throw new Error(`unknown hex layout ${data.offset}`);
    this.data = data;
    this.size = data.size;
    /** The sides' names (E, NE, ...) in order. */
    this.sides = data.sides;
    this.cornerAngles = data.corner_angles.map(radians);
    this.sideAngles = data.side_angles.map(radians);
  }

  /**
   * @param {number | string} side a side's number or name (E, NE, ...)
   * @returns {number}
   */
  sideIndex(side) {
    return typeof side === "number" ? side : this.sides.indexOf(String(side).toUpperCase());
  }

  /**
   * @param {number} row
   * @param {number} col
   * @param {number | string} side
   * @returns {[number, number]}
   */
  neighbour(row, col, side) {
    const [q, r] = toAxial(row, col);
    const [dq, dr] = this.data.steps[this.sideIndex(side)];
    return fromAxial(q + dq, r + dr);
  }

  /** The side of hex a that faces the adjacent hex b, or -1.
   * @param {[number, number] | number[]} a
   * @param {[number, number] | number[]} b
   */
  sideTowards(a, b) {
    const [aq, ar] = toAxial(a[0], a[1]);
    const [bq, br] = toAxial(b[0], b[1]);
    return this.data.steps.findIndex(([dq, dr]) => aq + dq === bq && ar + dr === br);
  }

  /**
   * @param {number} row
   * @param {number} col
   * @returns {[number, number]}
   */
  center(row, col) {
    const d = this.data;
    return [this.size * d.column_step * (col + d.odd_row_shift * (row & 1)), this.size * d.row_step * row];
  }

  /**
   * @param {number} row
   * @param {number} col
   * @param {number} [scale]
   * @returns {Array<[number, number]>}
   */
  corners(row, col, scale = 1) {
    const [cx, cy] = this.center(row, col);
    const r = this.size * scale;
    return this.cornerAngles.map((a) => /** @type {[number, number]} */ ([cx + r * Math.cos(a), cy - r * Math.sin(a)]));
  }

  /** The middle of a side, or ``frac`` of the way there from the centre.
   * @param {number} row
   * @param {number} col
   * @param {number | string} side
   * @param {number} [frac]
   * @returns {[number, number]}
   */
  sideMidpoint(row, col, side, frac = 1) {
    const [cx, cy] = this.center(row, col);
    const a = this.sideAngles[this.sideIndex(side)];
    const reach = this.size * this.data.side_reach * frac;
    return [cx + reach * Math.cos(a), cy - reach * Math.sin(a)];
  }
}

/** Odd-r offset (row, col) to axial (q, r).
 * @param {number} row
 * @param {number} col
 * @returns {[number, number]}
 */
function toAxial(row, col) {
  return [col - (row - (row & 1)) / 2, row];
}

/**
 * @param {number} q
 * @param {number} r
 * @returns {[number, number]}
 */
function fromAxial(q, r) {
  return [r, q + (r - (r & 1)) / 2];
}

/** A number rounded for SVG attributes and styles.
 * @param {number} v */
const n = (v) => String(Math.round(v * 100) / 100);
/** @param {Array<[number, number]>} list */
const pts = (list) => list.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");

/**
 * @param {string} tag
 * @param {Record<string, string | number | null | undefined>} [attrs]
 * @param {string} [text]
 * @returns {SVGElement}
 */
function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * @param {Node} node
 */
function clearNode(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

export class Board {
  /**
   * @param {HTMLElement} container where the SVG goes
   * @param {(hit: Hit) => void} onHex called on a click on the board
   */
  constructor(container, onHex) {
    this.container = container;
    this.onHex = onHex;
    /** @type {SVGSVGElement | null} */
    this.svg = null;
    this.size = 32;
    /** @type {Geometry | null} the picture's hex layout (set when it is loaded) */
    this.geo = null;
    /** @type {Map<string, City>} */
    this.cities = new Map();
    /** @type {Map<string, string>} "r,c" -> city id */
    this.cityAt = new Map();
    /** @type {Array<{id: string, kind: string, label: string, symbol: string, row: number, col: number, city: string | null, group: SVGGElement}>} */
    this.specials = [];
    /** @type {Array<{id: string, text: string}>} */
    this.majorLines = [];
    /** @type {Array<[number, number]>} every hex of the board */
    this.hexes = [];
    /** @type {{track: Element, cubes: Element, highlights: Element, shade?: SVGElement, marks?: SVGElement, preview?: SVGElement}} */
    this.layers = { track: null, cubes: null, highlights: null };
    /** @type {string | null} the picture's own viewBox, and one around the hexes only */
    this.fullView = null;
    /** @type {string | null} */
    this.cropView = null;
    this.suppressClick = false;
    this.zoom = 1;
    this.legend = false;
    this.colorblind = false;
    /** @type {Element[] | null} the names on the board, the most wanted first */
    this.labels = null;
    container.addEventListener("click", (event) => this.click(event));
  }

  /** Load the board picture: the map's, or ``url`` (a game's own board, which may be put
   * together at set-up from the board options chosen, Plugin.game_board).
   * @param {string} mapId
   * @param {boolean} colorblind
   * @param {string | null} [url]
   */
  async load(mapId, colorblind, url = null) {
    const base = url || `/api/maps/${encodeURIComponent(mapId)}/board.svg`;
    let response = await fetch(colorblind ? `${base}?colorblind=1` : base);
    if (!response.ok && colorblind) response = await fetch(base); // letters are added below
    if (!response.ok) throw new Error(`the board could not be loaded (HTTP ${response.status})`);
    const text = await response.text();
    this.container.innerHTML = text;
    this.svg = this.container.querySelector("svg");
    this.svg.removeAttribute("width");
    this.svg.removeAttribute("height");
    this.svg.setAttribute("role", "img");
    this.svg.setAttribute("aria-label", `The board: ${mapId}`);
    this.colorblind = !!colorblind;
    this.geo = new Geometry(JSON.parse(this.svg.dataset.geometry));
    this.size = this.geo.size;
    this.layers = {
      track: this.svg.querySelector("#layer-track"),
      cubes: this.svg.querySelector("#layer-cubes"),
      highlights: this.svg.querySelector("#layer-highlights"),
    };
    // A layer of our own for markers (empty cities, the map's own markers), under the cubes.
    this.layers.shade = svg("g", { id: "layer-shade" });
    if (this.layers.track) this.layers.track.before(this.layers.shade);
    this.layers.marks = svg("g", { id: "layer-marks" });
    this.layers.cubes.before(this.layers.marks);
    this.layers.preview = svg("g", { id: "layer-preview" });
    this.layers.highlights.after(this.layers.preview);
    this.cities.clear();
    this.cityAt.clear();
    for (const g of /** @type {NodeListOf<SVGGElement>} */ (this.svg.querySelectorAll("g.city"))) {
      const city = {
        id: g.dataset.city,
        name: g.dataset.name || humanize(g.dataset.city),
        row: +g.dataset.row,
        col: +g.dataset.col,
        color: g.dataset.color,
        group: g,
      };
      this.cities.set(city.id, city);
      this.cityAt.set(`${city.row},${city.col}`, city.id);
    }
    this.hexes = [.../** @type {NodeListOf<SVGGElement>} */ (this.svg.querySelectorAll("#layer-hexes g.hex"))].map((g) => [+g.dataset.row, +g.dataset.col]);
    this.specials = [.../** @type {NodeListOf<SVGGElement>} */ (this.svg.querySelectorAll("g.special"))].map((g) => ({
      id: g.dataset.special,
      kind: g.dataset.kind,
      label: g.dataset.label || humanize(g.dataset.kind || ""),
      symbol: g.dataset.symbol || "",
      row: +g.dataset.row,
      col: +g.dataset.col,
      city: g.dataset.targetCity || null,
      group: g,
    }));
    this.majorLines = [.../** @type {NodeListOf<SVGGElement>} */ (this.svg.querySelectorAll("g.legend-line"))].map((g) => ({
      id: g.dataset.key,
      text: g.textContent.trim(),
    }));
    this.labels = null; // a new picture: its names are ranked again (placeLabels)
    this.fullView = this.svg.getAttribute("viewBox");
    this.cropView = this.boardViewBox();
    this.showLegend(this.legend);
    this.cityLetters();
    this.applyZoom();
  }

  /** In colour-blind mode every city shows its colour's letter (drawn here if the SVG lacks it). */
  cityLetters() {
    if (!this.colorblind) return;
    const s = this.size;
    for (const city of this.cities.values()) {
      if (city.group.querySelector(".color-letter")) continue;
      const [cx, cy] = this.geo.center(city.row, city.col);
      const color = city.group.dataset.color;
      const marker = city.group.querySelector(".city-marker");
      const text = svg(
        "text",
        {
          x: n(cx),
          y: n(cy + s * 0.15),
          "font-size": n(s * 0.42),
          "text-anchor": "middle",
          "font-weight": "bold",
          fill: CUBE_INK[color] || "#000",
          class: "color-letter",
        },
        COLOR_LETTER[color] || "?",
      );
      if (marker) marker.after(text);
      else city.group.append(text);
    }
  }

  /** A viewBox around the hexes only (the legend and title left out). */
  boardViewBox() {
    const group = /** @type {SVGGElement | null} */ (this.svg.querySelector("#board"));
    const hexes = /** @type {SVGGElement | null} */ (this.svg.querySelector("#layer-hexes"));
    if (!group || !hexes || typeof hexes.getBBox !== "function") return this.fullView;
    let box;
    try {
      box = hexes.getBBox();
    } catch {
      return this.fullView;
    }
    if (!box || !box.width) return this.fullView;
    const ox = parseFloat(group.dataset.originX || "0");
    const oy = parseFloat(group.dataset.originY || "0");
    const pad = this.size * 0.5;
    return [ox + box.x - pad, oy + box.y - pad, box.width + 2 * pad, box.height + 2 * pad]
      .map((v) => n(v))
      .join(" ");
  }

  /** Show the whole picture with its legend, or only the board.
   * @param {boolean} on
   */
  showLegend(on) {
    this.legend = !!on;
    if (this.svg) this.svg.setAttribute("viewBox", this.legend ? this.fullView : this.cropView);
    if (this.svg && this.labels) this.placeLabels();
  }

  /**
   * @param {string} id
   */
  cityName(id) {
    const city = this.cities.get(id);
    return city ? city.name : humanize(id);
  }

  /**
   * @param {number} row
   * @param {number} col
   * @returns {string | null}
   */
  cityAtHex(row, col) {
    return this.cityAt.get(`${row},${col}`) || null;
  }

  // -- zoom ----------------------------------------------------------------------------------
  /** Zoom to ``z`` (1 = the board fits the width), keeping the board point under the screen
   * point ``at`` ({x, y} in the container's client coordinates; default: the middle).
   * @param {number} z
   * @param {{x: number, y: number} | null} [at]
   */
  setZoom(z, at = null) {
    const point = this.pointAt(at);
    this.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
    this.applyZoom();
    this.keepPointAt(point, at);
  }

  /** The board point under the screen point ``at`` (default: the middle), as a share of the
   * board picture's width and height; null before the board is drawn.
   * @param {{x: number, y: number} | null} at
   * @returns {{fx: number, fy: number} | null}
   */
  pointAt(at) {
    const before = this.svg ? this.svg.getBoundingClientRect() : null;
    if (!before || !before.width || !before.height) return null;
    const { px, py } = this.inContainer(at);
    const c = this.container;
    return { fx: (c.scrollLeft + px) / before.width, fy: (c.scrollTop + py) / before.height };
  }

  /** Scroll so that the board point ``point`` (from pointAt) lies under the screen point ``at``.
   * @param {{fx: number, fy: number} | null} point
   * @param {{x: number, y: number} | null} at
   */
  keepPointAt(point, at) {
    if (!point || !this.svg) return;
    const after = this.svg.getBoundingClientRect();
    const { px, py } = this.inContainer(at);
    this.container.scrollLeft = point.fx * after.width - px;
    this.container.scrollTop = point.fy * after.height - py;
  }

  /** A screen point in the board area's own coordinates (default: its middle).
   * @param {{x: number, y: number} | null} at
   */
  inContainer(at) {
    const c = this.container;
    const box = c.getBoundingClientRect();
    return at ? { px: at.x - box.left, py: at.y - box.top } : { px: c.clientWidth / 2, py: c.clientHeight / 2 };
  }

  applyZoom() {
    if (!this.svg) return;
    this.svg.style.width = `${Math.round(this.zoom * 100)}%`;
    this.scaleLabels();
    this.placeLabels();
  }

  /** The zoom at which the board fills its area: the width, or, where the board at that
   * width is shorter than the area, the height (hexes at most MAX_FIT_HEX_PX wide). */
  fitZoom() {
    const c = this.container;
    const box = this.svg ? (this.svg.getAttribute("viewBox") || "").split(/\s+/).map(Number) : [];
    if (box.length !== 4 || !box[2] || !box[3] || !c.clientWidth || !c.clientHeight) return 1;
    const heightAtWidth = (c.clientWidth * box[3]) / box[2];
    const hexAtWidth = this.hexPixels() / this.zoom;
    const fill = Math.min(c.clientHeight / heightAtWidth, MAX_FIT_HEX_PX / hexAtWidth);
    return Math.min(MAX_FIT_ZOOM, Math.max(1, fill));
  }

  /** The names on the board, the most wanted first: cities that take goods, then those
   * with more goods at the start, then the other cities, the special hexes, towns, and
   * last the names of regions. */
  labelsByPriority() {
    /** @type {Array<{text: Element, rank: number, name: string}>} */
    const items = [];
    const names = "g.city text.name, g.special text.name, g.town text.name, #board text.region-name";
    for (const text of this.svg.querySelectorAll(names)) {
      const g = /** @type {SVGGElement} */ (text.closest("g"));
      let rank = 0; // a region's name (a state, a part of the board) gives way to every place's
      if (text.classList.contains("region-name")) rank = -1;
      else if (g.classList.contains("city")) rank = (g.dataset.color === "gray" ? 100 : 200) + Number(g.dataset.cubes || 0);
      else if (g.classList.contains("special")) rank = 50;
      items.push({ text, rank, name: text.textContent || "" });
    }
    items.sort((a, b) => b.rank - a.rank || a.name.localeCompare(b.name));
    return items.map((item) => item.text);
  }

  /** No two names drawn on one another: in order of priority, a name whose box (on the
   * screen, at this zoom) meets one already shown is hidden; zooming in brings it back.
   * A hidden city name is still told by the city's tooltip (a tap on a touch screen). */
  placeLabels() {
    if (!this.svg) return;
    if (!this.labels) this.labels = this.labelsByPriority();
    // Every box is read first (hidden names keep their box), then the classes are set.
    const boxes = this.labels.map((text) => text.getBoundingClientRect());
    /** @type {DOMRect[]} */
    const shown = [];
    let hidden = 0;
    this.labels.forEach((text, i) => {
      const r = boxes[i];
      const clash = shown.some(
        (o) =>
          r.left < o.right + LABEL_GAP_PX &&
          o.left < r.right + LABEL_GAP_PX &&
          r.top < o.bottom + LABEL_GAP_PX &&
          o.top < r.bottom + LABEL_GAP_PX,
      );
      text.classList.toggle("name-off", clash);
      if (clash) hidden += 1;
      else shown.push(r);
    });
    this.svg.dataset.namesHidden = String(hidden);
  }

  /** Screen pixels per board unit at the current zoom. */
  pixelsPerUnit() {
    if (!this.svg) return 1;
    const ctm = this.svg.getScreenCTM && this.svg.getScreenCTM();
    return ctm && ctm.a ? ctm.a : 1;
  }

  /** Screen pixels across one hex (flat side to flat side) at the current zoom. */
  hexPixels() {
    return this.size * this.geo.data.column_step * this.pixelsPerUnit(); // a hex's width
  }

  /** City names and cubes never smaller than a person can read: when the zoom would draw
   * them below MIN_LABEL_PX / MIN_CUBE_PX, they grow about their own anchor (the hexes do not). */
  scaleLabels() {
    const k = this.pixelsPerUnit();
    const label = Math.max(1, MIN_LABEL_PX / (this.size * 0.3 * k));
    const cube = Math.max(1, MIN_CUBE_PX / (this.size * 0.24 * k));
    this.svg.style.setProperty("--label-scale", n(label));
    this.svg.style.setProperty("--cube-scale", n(Math.min(cube, 2.2)));
    this.svg.dataset.labelScale = n(label);
  }

  /** Pan and zoom by hand: wheel (and trackpad pinch) zooms around the pointer, dragging
   * pans, two fingers pinch and pan together (the board point under their midpoint when they
   * came down stays under it); a drag is not a click. ``onChange`` hears every change.
   * @param {() => void} onChange
   */
  enableGestures(onChange) {
    const c = this.container;
    c.addEventListener(
      "wheel",
      (event) => {
        if (!this.svg) return;
        event.preventDefault();
        const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002));
        this.setZoom(this.zoom * factor, { x: event.clientX, y: event.clientY });
        onChange();
      },
      { passive: false },
    );
    /** @type {Map<number, {x: number, y: number}>} */
    const pointers = new Map();
    /** @type {{x: number, y: number, sl: number, st: number, moved: boolean} | null} */
    let drag = null;
    /** @type {{d: number, zoom: number, point: {fx: number, fy: number} | null} | null} */
    let pinch = null;
    const midpoint = (/** @type {{x: number, y: number}[]} */ [a, b]) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    c.addEventListener("pointerdown", (event) => {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 1) {
        drag = { x: event.clientX, y: event.clientY, sl: c.scrollLeft, st: c.scrollTop, moved: false };
      } else if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        // Measured from where the fingers came down, not step by step: no rounding adds up.
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), zoom: this.zoom, point: this.pointAt(midpoint([a, b])) };
        drag = null;
      }
    });
    c.addEventListener("pointermove", (event) => {
      if (!pointers.has(event.pointerId)) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pinch && pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (pinch.d > 0) this.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, (pinch.zoom * d) / pinch.d));
        this.applyZoom();
        this.keepPointAt(pinch.point, midpoint([a, b]));
        onChange();
      } else if (drag) {
        const dx = event.clientX - drag.x;
        const dy = event.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) < DRAG_PX) return;
        drag.moved = true;
        c.classList.add("panning");
        c.scrollLeft = drag.sl - dx;
        c.scrollTop = drag.st - dy;
      }
    });
    const end = (/** @type {PointerEvent} */ event) => {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = null;
      if (drag && drag.moved) {
        this.suppressClick = true; // the click that ends a drag is not a move
        c.classList.remove("panning");
        onChange();
      }
      if (pointers.size === 0) drag = null;
    };
    c.addEventListener("pointerup", end);
    c.addEventListener("pointercancel", end);
    c.addEventListener("scroll", () => onChange(), { passive: true });
  }

  // -- clicks ----------------------------------------------------------------------------------
  /**
   * @param {MouseEvent} event
   */
  click(event) {
    if (!this.svg) return;
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const target = /** @type {Element} */ (event.target);
    const cube = /** @type {SVGElement | null} */ (target.closest("[data-cube-color]"));
    const hit = /** @type {SVGElement | null} */ (target.closest("[data-row][data-col]"));
    if (!hit && !cube) return;
    const node = hit || cube;
    const row = +node.dataset.row;
    const col = +node.dataset.col;
    const group = /** @type {SVGGElement | null} */ (target.closest("g.city"));
    const city = (group && group.dataset.city) || this.cityAtHex(row, col);
    this.onHex({
      row,
      col,
      city,
      cube: cube ? { city: cube.dataset.city, color: cube.dataset.cubeColor } : null,
    });
  }

  // -- the game ----------------------------------------------------------------------------------
  /** Draw a view: city colours, track, cubes, empty cities, the map's own markers.
   * @param {View} view
   * @param {{emphasis?: Set<number>, liveCubes?: Set<string>, shade?: Shade | null}} [opts]
   */
  draw(view, opts = {}) {
    if (!this.svg) return;
    const s = this.size;
    this.drawCityColors(view.city_colors || {});
    this.drawShade(opts.shade || null);
    this.drawTrack(view.links || [], opts.emphasis || new Set());
    this.drawMarks(view);
    this.drawOutOfPlay(view.plugins && view.plugins.solo ? view.plugins.solo.out_of_play_cities : []);
    this.drawCubes(view.cubes || {}, opts.liveCubes || new Set());
    return s;
  }

  /**
   * @param {Record<string, string>} colors
   */
  drawCityColors(colors) {
    for (const [id, color] of Object.entries(colors)) {
      const city = this.cities.get(id);
      if (!city || city.group.dataset.color === color) continue;
      city.group.dataset.color = color;
      const marker = city.group.querySelector(".city-marker");
      if (marker) marker.setAttribute("fill", CUBE_FILL[color] || "#9b9b9b");
      const letter = city.group.querySelectorAll(".color-letter");
      for (const t of letter) {
        t.textContent = COLOR_LETTER[color] || "?";
        t.setAttribute("fill", CUBE_INK[color] || "#000");
      }
    }
  }

  /**
   * @param {number} row
   * @param {number} col
   * @param {number} a
   * @param {number | string | null} b
   * @param {number} [frac]
   */
  trackPath(row, col, a, b, frac) {
    const [x1, y1] = this.geo.sideMidpoint(row, col, a);
    if (b === null || b === undefined || b === "") {
      const [x2, y2] = this.geo.sideMidpoint(row, col, a, frac ?? 0.5);
      return `M${n(x1)},${n(y1)} L${n(x2)},${n(y2)}`;
    }
    const [cx, cy] = this.geo.center(row, col);
    const [x2, y2] = this.geo.sideMidpoint(row, col, b);
    return `M${n(x1)},${n(y1)} Q${n(cx)},${n(cy)} ${n(x2)},${n(y2)}`;
  }

  /** The pieces of one link: its tiles plus a stub into each city it reaches.
   * @param {Link} link
   * @returns {Array<[number, number, number, number | null]>}
   */
  linkPieces(link) {
    /** @type {Array<[number, number, number, number | null]>} */
    const pieces = [];
    const tiles = link.tiles || [];
    if (!tiles.length) return pieces;
    const [r0, c0, a0] = tiles[0];
    const [sr, sc] = this.geo.neighbour(r0, c0, a0);
    pieces.push([sr, sc, (this.geo.sideIndex(a0) + 3) % 6, null]);
    for (const [r, c, a, b] of tiles) pieces.push([r, c, this.geo.sideIndex(a), this.geo.sideIndex(b)]);
    if (link.end) {
      const [r1, c1, , b1] = tiles[tiles.length - 1];
      const [er, ec] = this.geo.neighbour(r1, c1, b1);
      pieces.push([er, ec, (this.geo.sideIndex(b1) + 3) % 6, null]);
    }
    return pieces;
  }

  /**
   * @param {Link[]} links
   * @param {Set<number>} emphasis
   */
  drawTrack(links, emphasis) {
    const layer = this.layers.track;
    clearNode(layer);
    const s = this.size;
    const under = svg("g", { class: "track-under" });
    const over = svg("g", { class: "track-over" });
    layer.append(under, over);
    for (const link of links) {
      const color = ownerColor(link.owner);
      const complete = !!link.end;
      const strong = emphasis.has(link.id);
      const group = svg("g", {
        class: `link${complete ? "" : " link-incomplete"}${strong ? " link-emphasis" : ""}`,
        "data-link": link.id,
        "data-owner": link.owner,
      });
      for (const [r, c, a, b] of this.linkPieces(link)) {
        const d = this.trackPath(r, c, a, b);
        under.append(
          svg("path", {
            d,
            fill: "none",
            stroke: strong ? "#ffffff" : "#1b1b1b",
            "stroke-width": n(s / (strong ? 2.2 : 3.6)),
            "stroke-linecap": "round",
            opacity: strong ? 1 : 0.7,
          }),
        );
        group.append(
          svg("path", {
            d,
            class: "track",
            fill: "none",
            stroke: color,
            "stroke-width": n(s / (strong ? 3.2 : 5)),
            "stroke-linecap": "round",
            "stroke-dasharray": complete ? null : `${n(s / 2.6)} ${n(s / 4)}`,
          }),
        );
      }
      if (this.colorblind && link.tiles && link.tiles.length) {
        const [r, c] = link.tiles[Math.floor((link.tiles.length - 1) / 2)];
        const [cx, cy] = this.geo.center(r, c);
        group.append(
          svg("circle", { cx: n(cx), cy: n(cy), r: n(s * 0.2), fill: "#fff", stroke: color }),
          svg(
            "text",
            {
              x: n(cx),
              y: n(cy + s * 0.1),
              "font-size": n(s * 0.28),
              "text-anchor": "middle",
              "font-weight": "bold",
              fill: "#000",
            },
            link.owner === RAILBOT ? "R" : String(link.owner + 1),
          ),
        );
      }
      over.append(group);
    }
  }

  /**
   * @param {number} row
   * @param {number} col
   * @param {number} count
   * @returns {Array<[number, number]>}
   */
  cubeSlots(row, col, count) {
    const s = this.size;
    const [cx, cy] = this.geo.center(row, col);
    const cube = s * 0.2;
    const gap = s * 0.04;
    const perRow = 5;
    /** @type {Array<[number, number]>} */
    const out = [];
    for (let i = 0; i < count; i++) {
      const r = Math.floor(i / perRow);
      const c = i % perRow;
      const inRow = Math.min(perRow, count - r * perRow);
      const width = inRow * cube + (inRow - 1) * gap;
      out.push([cx - width / 2 + c * (cube + gap), cy - s * 0.78 + r * (cube + gap)]);
    }
    return out;
  }

  /**
   * @param {Record<string, string[]>} cubes
   * @param {Set<string>} live city|colour of the cubes that can be delivered
   */
  drawCubes(cubes, live) {
    const layer = this.layers.cubes;
    clearNode(layer);
    const s = this.size;
    const size = s * 0.24;
    for (const [cityId, colors] of Object.entries(cubes)) {
      const city = this.cities.get(cityId);
      if (!city || !colors.length) continue;
      const group = svg("g", { class: "cubes", "data-city": cityId });
      this.cubeSlots(city.row, city.col, colors.length).forEach(([x, y], i) => {
        const color = colors[i];
        const isLive = live.has(`${cityId}|${color}`);
        const cube = svg("g", {
          class: `cube${isLive ? " cube-live" : ""}`,
          "data-city": cityId,
          "data-cube-color": color,
          "data-row": city.row,
          "data-col": city.col,
        });
        cube.append(
          svg("rect", {
            x: n(x - s * 0.02),
            y: n(y - s * 0.02),
            width: n(size),
            height: n(size),
            fill: CUBE_FILL[color] || "#999",
            stroke: isLive ? "#ff9900" : "#000",
            "stroke-width": n(isLive ? s / 14 : s / 40),
          }),
        );
        if (this.colorblind) {
          cube.append(
            svg(
              "text",
              {
                x: n(x - s * 0.02 + size / 2),
                y: n(y - s * 0.02 + size * 0.82),
                "font-size": n(size * 0.85),
                "text-anchor": "middle",
                "font-weight": "bold",
                fill: CUBE_INK[color] || "#000",
                class: "color-letter",
              },
              COLOR_LETTER[color] || "?",
            ),
          );
        }
        group.append(cube);
      });
      layer.append(group);
    }
  }

  /**
   * @param {View} view
   */
  drawMarks(view) {
    const layer = this.layers.marks;
    clearNode(layer);
    const s = this.size;
    for (const cityId of view.empty_cities || []) {
      const city = this.cities.get(cityId);
      if (!city) continue;
      const [cx, cy] = this.geo.center(city.row, city.col);
      const g = svg("g", { class: "ecm", "data-city": cityId });
      g.append(
        svg("circle", {
          cx: n(cx + s * 0.45),
          cy: n(cy + s * 0.3),
          r: n(s * 0.2),
          fill: "#ffffff",
          stroke: "#000",
          "stroke-width": n(s / 30),
        }),
        svg(
          "text",
          {
            x: n(cx + s * 0.45),
            y: n(cy + s * 0.4),
            "font-size": n(s * 0.28),
            "text-anchor": "middle",
            "font-weight": "bold",
          },
          "∅",
        ),
        svg("title", {}, `${city.name} is empty`),
      );
      layer.append(g);
    }
    const beside = new Map(); // markers already beside each city: the next goes further right
    for (const m of view.markers || []) {
      const i = Array.isArray(m.hex) || !m.city ? 0 : beside.get(m.city) || 0;
      if (!Array.isArray(m.hex) && m.city) beside.set(m.city, i + 1);
      this.drawMarker(layer, m, i);
    }
  }

  /**
   * One marker of the view (a plug-in's: whatever the rule, drawn the same way): its symbol
   * in its owner's colour on its hex (ringing it), or beside its city when it has no hex
   * (``nth``: how many are beside that city before it).
   * @param {Element} layer
   * @param {Marker} m
   * @param {number} [nth]
   */
  drawMarker(layer, m, nth = 0) {
    const s = this.size;
    let cx;
    let cy;
    let onHex = false;
    if (Array.isArray(m.hex)) {
      [cx, cy] = this.geo.center(m.hex[0], m.hex[1]);
      onHex = true;
    } else {
      const city = m.city ? this.cities.get(m.city) : null;
      if (!city) return;
      [cx, cy] = this.geo.center(city.row, city.col);
      cx -= s * 0.5 - nth * s * 0.5; // several markers beside one city sit side by side
      cy -= s * 0.45;
    }
    const owned = m.owner !== null && m.owner !== undefined;
    const color = owned ? ownerColor(m.owner) : "#555";
    const g = svg("g", {
      class: "marker",
      "data-kind": m.kind,
      "data-city": m.city || "",
      "data-owner": owned ? m.owner : "",
      "data-row": onHex ? m.hex[0] : "",
      "data-col": onHex ? m.hex[1] : "",
    });
    if (onHex) {
      g.append(svg("circle", { cx: n(cx), cy: n(cy - s * 0.1), r: n(s * 0.62), fill: "none", stroke: color, "stroke-width": n(s / 6) }));
    }
    const r = s * 0.24;
    const by = onHex ? cy - s * 0.62 : cy;
    g.append(
      svg("circle", { cx: n(cx), cy: n(by), r: n(r), fill: color, stroke: "#fff", "stroke-width": n(s / 24) }),
      svg(
        "text",
        { x: n(cx), y: n(by + r * 0.42), "font-size": n(r * 1.2), "text-anchor": "middle", "font-weight": "bold", fill: "#fff", class: "marker-symbol" },
        m.symbol || "•",
      ),
      svg("title", {}, m.label),
    );
    layer.append(g);
  }

  /**
   * Shade a region of the board where building waits (solo: west of the mountains, RB-100):
   * ``shade`` is {limits: {row: first column that is open}, title} or null for none.
   * @param {Shade | null} shade
   */
  drawShade(shade) {
    const layer = this.layers.shade;
    if (!layer) return;
    const key = shade ? JSON.stringify(shade.limits) : "";
    if (layer.dataset.key === key) return;
    layer.dataset.key = key;
    clearNode(layer);
    if (!shade) return;
    const g = svg("g", { class: "west-shade" });
    for (const [row, col] of this.hexes || []) {
      const limit = shade.limits[row] ?? shade.limits[String(row)];
      if (limit === undefined || col >= limit) continue;
      g.append(svg("polygon", { points: pts(this.geo.corners(row, col)), "data-row": row, "data-col": col }));
    }
    g.append(svg("title", {}, shade.title || "No building here yet"));
    layer.append(g);
  }

  /** Solo: a grey Not in Play disc with a cross on each city out of play (RB-097).
   * @param {string[]} cityIds
   */
  drawOutOfPlay(cityIds) {
    const layer = this.layers.marks;
    const s = this.size;
    for (const cityId of cityIds || []) {
      const city = this.cities.get(cityId);
      if (!city) continue;
      const [cx, cy] = this.geo.center(city.row, city.col);
      const r = s * 0.55;
      const d = r * 0.55;
      const g = svg("g", { class: "not-in-play", "data-city": cityId });
      g.append(
        svg("circle", { cx: n(cx), cy: n(cy), r: n(r), fill: "#8d8d8d", "fill-opacity": 0.92, stroke: "#3d3d3d", "stroke-width": n(s / 16) }),
        svg("path", {
          d: `M${n(cx - d)},${n(cy - d)} L${n(cx + d)},${n(cy + d)} M${n(cx + d)},${n(cy - d)} L${n(cx - d)},${n(cy + d)}`,
          stroke: "#ffffff",
          "stroke-width": n(s / 7),
          "stroke-linecap": "round",
        }),
        svg("title", {}, `${city.name}: not in play`),
      );
      layer.append(g);
    }
  }

  /** Strike through the legend's Major Lines that are out of play.
   * @param {Set<string>} outOfPlay
   */
  markLines(outOfPlay) {
    for (const g of this.svg ? /** @type {NodeListOf<SVGGElement>} */ (this.svg.querySelectorAll("g.legend-line")) : []) {
      const off = outOfPlay.has(g.dataset.key);
      g.classList.toggle("out-of-play", off);
      for (const t of g.querySelectorAll("text")) {
        if (off) t.setAttribute("text-decoration", "line-through");
        else t.removeAttribute("text-decoration");
      }
    }
  }

  // -- highlights and previews -------------------------------------------------------------------
  /** list of {row, col, kind: "start"|"next"|"path"|"source"|"dest", label?}
   * @param {Highlight[]} list
   */
  setHighlights(list) {
    const layer = this.layers.highlights;
    if (!layer) return;
    clearNode(layer);
    const s = this.size;
    for (const h of list) {
      const g = svg("g", {
        class: `hl hl-${h.kind}${h.extra ? ` ${h.extra}` : ""}`,
        "data-row": h.row,
        "data-col": h.col,
      });
      g.append(svg("polygon", { points: pts(this.geo.corners(h.row, h.col, 0.9)) }));
      if (h.label) {
        const [cx, cy] = this.geo.center(h.row, h.col);
        g.append(
          svg(
            "text",
            {
              x: n(cx),
              y: n(cy + s * 0.12),
              "font-size": n(s * 0.34),
              "text-anchor": "middle",
              "font-weight": "bold",
              class: "hl-label",
            },
            h.label,
          ),
        );
      }
      layer.append(g);
    }
  }

  /** Draw a build in progress: the hexes of ``path`` with the last tile pointing to ``exit``.
   * @param {Array<[number, number]>} path
   * @param {number | string | null} exit
   * @param {number | null} owner
   */
  setPreview(path, exit, owner) {
    const layer = this.layers.preview;
    if (!layer) return;
    clearNode(layer);
    if (!path || path.length < 2) return;
    const color = ownerColor(owner ?? 0);
    const s = this.size;
    for (let i = 0; i < path.length; i++) {
      const [r, c] = path[i];
      let a = i > 0 ? this.geo.sideTowards(path[i], path[i - 1]) : -1;
      let b = i < path.length - 1 ? this.geo.sideTowards(path[i], path[i + 1]) : -1;
      if (i === 0) {
        // the start: a stub from the city (or the old end) towards the first new tile
        a = b;
        b = -1;
      } else if (i === path.length - 1) {
        b = exit === null || exit === undefined ? -1 : this.geo.sideIndex(exit);
      }
      if (a < 0) continue;
      const d = this.trackPath(r, c, a, b < 0 ? null : b, b < 0 ? (i === 0 ? 0.5 : 0.5) : 1);
      layer.append(
        svg("path", {
          d,
          fill: "none",
          stroke: "#000",
          "stroke-width": n(s / 3),
          "stroke-linecap": "round",
          opacity: 0.6,
        }),
        svg("path", {
          d,
          class: "preview-track",
          fill: "none",
          stroke: color,
          "stroke-width": n(s / 5),
          "stroke-linecap": "round",
          "stroke-dasharray": `${n(s / 6)} ${n(s / 10)}`,
        }),
      );
    }
  }

  clearPreview() {
    this.setPreview([], null, 0);
  }
}
