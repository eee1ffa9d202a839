// Card faces drawn as SVG in the page, in the deck the table uses: the Spanish deck (decks/spanish.js) unless
// the view names another (`deck`: "french" for truco paulista, or a plugin's). Cards always arrive in the
// project's notation ("1E", "10O", "JK"): a deck only changes how they look and how they are named. Anything
// that is not a card is drawn as a back, never inserted as markup.
//
// A deck is an ES module served at /decks/<name>.js that exports `name`, `cardName(card, language)` (what a screen
// reader says: "a dama de ouros") and `drawFace(svg, card, kit)`, which draws the face of `card` ({rank, suit}
// in the project's notation) into a 60 x 92 <svg> with the helpers of `kit` (see KIT below).

import * as spanish from "/decks/spanish.js";
import { language, t } from "/static/i18n.js";

const NS = "http://www.w3.org/2000/svg";
const CARD_RE = /^(1[0-2]|[1-9])([OCEB])$/;
const DECK_NAME_RE = /^[a-z][a-z0-9_-]{0,39}$/;

let deck = spanish;
const loaded = new Map([["spanish", spanish]]);

export const SUITS = spanish.SUITS;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

function frame(svg, stroke) {
  el("rect", { x: 1, y: 1, width: 58, height: 90, rx: 5, fill: "#fffdf6", stroke, "stroke-width": 2 }, svg);
}

function corner(svg, text, colour) {
  const attrs = { "font-size": 11, "font-weight": 700, fill: colour, "font-family": "sans-serif" };
  const top = el("text", { ...attrs, x: 4, y: 12 }, svg);
  top.textContent = text;
  const bottom = el("text", { ...attrs, x: 56, y: 88, "text-anchor": "end" }, svg);
  bottom.textContent = text;
}

/** What a deck module may use to draw: SVG elements, the card's frame and its corner indices. */
export const KIT = { el, frame, corner };

/**
 * Draw cards with the deck `name` from now on, loading its module the first time; resolves to true when the
 * deck changed (the caller draws again), false when it was already in use or cannot be loaded (then the
 * Spanish deck stays: a card is always drawn).
 */
export async function loadDeck(name) {
  if (!name || !DECK_NAME_RE.test(name)) return false;
  let module = loaded.get(name);
  if (!module) {
    try {
      module = await import(`/decks/${name}.js`);
    } catch (_) {
      return false;
    }
    loaded.set(name, module);
  }
  if (module === deck) return false;
  deck = module;
  return true;
}

/** The name of the deck cards are drawn with now. */
export function deckName() { return deck.name; }

/** `{rank, suit}` of a card in notation, `{joker: true}` for the comodín, or null when it is not a card. */
export function parseCard(text) {
  if (typeof text !== "string") return null;
  const clean = text.trim().toUpperCase();
  if (clean === "JK") return { joker: true, rank: 0, suit: "J" };
  const match = CARD_RE.exec(clean);
  return match ? { rank: Number(match[1]), suit: match[2] } : null;
}

/** How players name the card in the current deck: "as de espadas", "a dama de ouros", "comodín". */
export function cardName(text) {
  const card = parseCard(text);
  return card ? deck.cardName(card, document.documentElement.lang) : "?";
}

/** The card as the current deck writes it ("QO" for "10O" in the French deck), for text beside the art. */
export function cardLabel(text) {
  const card = parseCard(text);
  if (!card || card.joker || !deck.label) return String(text);
  return deck.label(card);
}

// A table is drawn again whole at every burst of frames, with the same few dozen cards each time: each card is
// drawn once per (card, classes, deck, language) and cloned after that, which costs a fraction of building its
// SVG again. A clone is a node of its own (callers set attributes on it); the drawn originals never enter the page.
const drawn = new Map();
const DRAWN_MAX = 600; // more than a table ever shows at once; past it the cache starts again

function cached(key, draw) {
  let svg = drawn.get(key);
  if (!svg) {
    if (drawn.size >= DRAWN_MAX) drawn.clear();
    svg = draw();
    drawn.set(key, svg);
  }
  return svg.cloneNode(true);
}

/** The back of a card. */
export function cardBack(className = "") {
  return cached(`back|${className}|${language()}`, () => drawBack(className));
}

function drawBack(className) {
  const svg = el("svg", { viewBox: "0 0 60 92", class: `card back ${className}`.trim(), role: "img", "aria-label": t("card_back") });
  el("rect", { x: 1, y: 1, width: 58, height: 90, rx: 5, fill: "#7b1e22", stroke: "#3d0c0f", "stroke-width": 2 }, svg);
  el("rect", { x: 6, y: 6, width: 48, height: 80, rx: 3, fill: "none", stroke: "#e8c66a", "stroke-width": 1.2 }, svg);
  for (let y = 12; y < 84; y += 10) {
    for (let x = 12; x < 52; x += 10) {
      el("path", { d: `M${x},${y - 4} L${x + 4},${y} L${x},${y + 4} L${x - 4},${y} Z`, fill: "#e8c66a", opacity: 0.55 }, svg);
    }
  }
  return svg;
}

/** The face of the card `text` (project notation) as an <svg class="card">; a back when it is not a card. */
export function cardFace(text, className = "") {
  const card = parseCard(text);
  if (!card) return cardBack(className);
  const name = card.joker ? "JK" : `${card.rank}${card.suit}`;
  return cached(`${deck.name}|${document.documentElement.lang}|${name}|${className}`, () => drawFace(card, className));
}

function drawFace(card, className) {
  const svg = el("svg", { viewBox: "0 0 60 92", class: `card ${className}`.trim(), role: "img", "aria-label": deck.cardName(card, document.documentElement.lang) });
  svg.dataset.card = card.joker ? "JK" : `${card.rank}${card.suit}`;
  svg.dataset.deck = deck.name;
  deck.drawFace(svg, card, KIT);
  if (/(^|\s)manilha(\s|$)/.test(className)) markManilha(svg);
  return svg;
}

/** A truco paulista manilha, marked on the face itself so that colour is not the only sign: a star in a gold
 * disc in the free corner, and "manilha" in the card's name for a screen reader. */
function markManilha(svg) {
  const badge = el("g", { class: "manilha-badge" }, svg);
  el("circle", { cx: 49, cy: 11, r: 8.5, fill: "#f2c12e", stroke: "#7a5a00", "stroke-width": 1.5 }, badge);
  el("path", {
    d: "M49,4.6 L50.8,9.2 L55.6,9.4 L51.8,12.4 L53.1,17.1 L49,14.4 L44.9,17.1 L46.2,12.4 L42.4,9.4 L47.2,9.2 Z",
    fill: "#3a2a00",
  }, badge);
  svg.dataset.manilha = "1";
  svg.setAttribute("aria-label", `${svg.getAttribute("aria-label")}, ${t("manilha")}`);
}
