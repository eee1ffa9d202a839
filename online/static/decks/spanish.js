// The Spanish deck: oros a gold coin, copas a cup, espadas a sword, bastos a club; ranks 1-9, 10 sota,
// 11 caballo, 12 rey, and the comodín. A deck module for cards.js (see its header for the interface).

export const name = "spanish";

export const SUITS = {
  O: { name: "oros", colour: "#b8860b" },
  C: { name: "copas", colour: "#b3261e" },
  E: { name: "espadas", colour: "#1f4e9c" },
  B: { name: "bastos", colour: "#2e6b2f" },
};
const FIGURES = { 10: "sota", 11: "caballo", 12: "rey" }; // printed on the figures, as on the real deck

// The names in each page language, as the core's catalogs say them (cartas.core.i18n.spoken.card_name), without
// the article: "as de espadas", "o ás de paus" is "ás de paus", "ace of swords".
const NAMES = {
  es: { suits: { O: "oros", C: "copas", E: "espadas", B: "bastos" }, of: "de", joker: "comodín",
        figures: { 1: "as", 10: "sota", 11: "caballo", 12: "rey" } },
  pt: { suits: { O: "ouros", C: "copas", E: "espadas", B: "paus" }, of: "de", joker: "coringa",
        figures: { 1: "ás", 10: "valete", 11: "cavalo", 12: "rei" } },
  en: { suits: { O: "coins", C: "cups", E: "swords", B: "clubs" }, of: "of", joker: "joker",
        figures: { 1: "ace", 10: "jack", 11: "knight", 12: "king" } },
};

/** How players name the card in the page's language: "as de espadas", "rei de copas", "ace of swords". */
export function cardName(card, language = document.documentElement.lang) {
  const code = String(language || "es").toLowerCase().split("-")[0];
  const names = NAMES[code] || NAMES.en;
  if (card.joker) return names.joker;
  const rank = names.figures[card.rank] || String(card.rank);
  return `${rank} ${names.of} ${names.suits[card.suit]}`;
}

/** The card as written in the Spanish deck: the project's own notation ("10O"). */
export function label(card) {
  return `${card.rank}${card.suit}`;
}

// --- the four suit symbols, drawn in a 40 x 40 box centred on (0, 0) ---------------------------------------

function coin(el, g, colour) {
  el("circle", { r: 17, fill: "#f2c12e", stroke: colour, "stroke-width": 2.5 }, g);
  el("circle", { r: 11, fill: "none", stroke: colour, "stroke-width": 1.5 }, g);
  el("circle", { r: 4, fill: colour }, g);
  for (let i = 0; i < 8; i += 1) {
    const a = (i * Math.PI) / 4;
    el("circle", { cx: (14 * Math.cos(a)).toFixed(2), cy: (14 * Math.sin(a)).toFixed(2), r: 1.2, fill: colour }, g);
  }
}

function cup(el, g, colour) {
  el("path", { d: "M-14,-16 H14 C14,-2 8,4 0,5 C-8,4 -14,-2 -14,-16 Z", fill: colour, stroke: "#5c1410", "stroke-width": 1.5 }, g);
  el("path", { d: "M-10,-12 H10", stroke: "#f2c12e", "stroke-width": 2 }, g);
  el("rect", { x: -2.5, y: 5, width: 5, height: 8, fill: colour }, g);
  el("path", { d: "M-10,18 C-8,13 8,13 10,18 Z", fill: colour, stroke: "#5c1410", "stroke-width": 1.5 }, g);
}

function sword(el, g, colour) {
  el("path", { d: "M0,-19 L3.5,-13 L3.5,7 L-3.5,7 L-3.5,-13 Z", fill: "#cfd8e3", stroke: colour, "stroke-width": 1.5 }, g);
  el("rect", { x: -11, y: 7, width: 22, height: 3.5, rx: 1.5, fill: colour }, g);
  el("rect", { x: -2, y: 10.5, width: 4, height: 6.5, fill: "#7a4b1c" }, g);
  el("circle", { cy: 19, r: 2.6, fill: colour }, g);
}

function club(el, g, colour) {
  const body = el("g", { transform: "rotate(-25)" }, g);
  el("path", { d: "M-3,19 L-5,-10 C-5,-19 5,-19 5,-10 L3,19 Z", fill: "#9a6a2f", stroke: colour, "stroke-width": 2 }, body);
  for (const [x, y] of [[-5, -8], [5, -3], [-4.5, 4], [4, 10]]) {
    el("circle", { cx: x, cy: y, r: 2.4, fill: colour }, body);
  }
}

const DRAW = { O: coin, C: cup, E: sword, B: club };

/** One suit symbol at (x, y), `size` pixels tall, as an SVG group. */
function symbol(el, parent, suit, x, y, size) {
  const g = el("g", { transform: `translate(${x} ${y}) scale(${(size / 40).toFixed(3)})` }, parent);
  DRAW[suit](el, g, SUITS[suit].colour);
  return g;
}

// Where the pips of ranks 1-9 go on the 60 x 92 face.
const PIPS = {
  1: [[30, 46, 38]],
  2: [[30, 26, 20], [30, 66, 20]],
  3: [[30, 22, 18], [30, 46, 18], [30, 70, 18]],
  4: [[19, 28, 18], [41, 28, 18], [19, 64, 18], [41, 64, 18]],
  5: [[19, 25, 16], [41, 25, 16], [30, 46, 16], [19, 67, 16], [41, 67, 16]],
  6: [[19, 24, 15], [41, 24, 15], [19, 46, 15], [41, 46, 15], [19, 68, 15], [41, 68, 15]],
  7: [[19, 22, 14], [41, 22, 14], [30, 36, 14], [19, 50, 14], [41, 50, 14], [19, 70, 14], [41, 70, 14]],
  8: [[19, 20, 13], [41, 20, 13], [19, 37, 13], [41, 37, 13], [19, 55, 13], [41, 55, 13], [19, 72, 13], [41, 72, 13]],
  9: [[19, 20, 12], [41, 20, 12], [19, 36, 12], [41, 36, 12], [30, 46, 12], [19, 56, 12], [41, 56, 12], [19, 72, 12],
    [41, 72, 12]],
};

function figure(el, svg, card) {
  const colour = SUITS[card.suit].colour;
  el("rect", { x: 12, y: 16, width: 36, height: 60, rx: 3, fill: "#f7efd9", stroke: colour, "stroke-width": 1.2 }, svg);
  const letter = el("text", {
    x: 30, y: 40, "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: colour, "font-family": "serif",
  }, svg);
  letter.textContent = { 10: "S", 11: "C", 12: "R" }[card.rank];
  symbol(el, svg, card.suit, 30, 58, 22);
  const word = el("text", { x: 30, y: 73, "text-anchor": "middle", "font-size": 6.5, fill: colour, "font-family": "sans-serif" }, svg);
  word.textContent = FIGURES[card.rank];
}

function joker(svg, { el, frame, corner }) {
  frame(svg, "#6b2fa0");
  el("path", { d: "M30,22 L35,38 L52,38 L38,48 L43,64 L30,54 L17,64 L22,48 L8,38 L25,38 Z", fill: "#f2c12e", stroke: "#6b2fa0", "stroke-width": 1.5 }, svg);
  const word = el("text", { x: 30, y: 80, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#6b2fa0", "font-family": "sans-serif" }, svg);
  word.textContent = "comodín";
  corner(svg, "JK", "#6b2fa0");
}

/** The face of `card` ({rank, suit} or {joker}) drawn into the 60 x 92 `svg`. */
export function drawFace(svg, card, kit) {
  if (card.joker) {
    joker(svg, kit);
    return;
  }
  const { el, frame, corner } = kit;
  const colour = SUITS[card.suit].colour;
  frame(svg, colour);
  corner(svg, String(card.rank), colour);
  if (card.rank >= 10) figure(el, svg, card);
  else for (const [x, y, size] of PIPS[card.rank]) symbol(el, svg, card.suit, x, y, size);
}
