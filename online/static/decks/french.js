// The French-suited deck Brazilians play truco with: ouros (♦), copas (♥), espadas (♠), paus (♣); A 2-7 and the
// figures Q, J, K, which are the Spanish deck's 1, 10, 11 and 12 (the project's notation does not change: "10O"
// is the dama de ouros, drawn "Q♦"). A deck module for cards.js (see its header for the interface).

export const name = "french";

const RED = "#c0392b";
const BLACK = "#1b1b1b";
export const SUITS = {
  O: { colour: RED, names: { pt: "ouros", es: "diamantes", en: "diamonds" } },
  C: { colour: RED, names: { pt: "copas", es: "corazones", en: "hearts" } },
  E: { colour: BLACK, names: { pt: "espadas", es: "picas", en: "spades" } },
  B: { colour: BLACK, names: { pt: "paus", es: "tréboles", en: "clubs" } },
};
const LETTERS = { 1: "A", 10: "Q", 11: "J", 12: "K" };
const FIGURES = {
  pt: { 1: "o ás", 10: "a dama", 11: "o valete", 12: "o rei" },
  es: { 1: "el as", 10: "la Q", 11: "la J", 12: "la K" },
  en: { 1: "the ace", 10: "the queen", 11: "the jack", 12: "the king" },
};

function base(language) {
  const code = String(language || "pt").toLowerCase().split("-")[0];
  return FIGURES[code] ? code : "en";
}

/** How a Brazilian names the card ("a dama de ouros", "o 4 de paus"), or a Spanish or English reader. */
export function cardName(card, language = document.documentElement.lang) {
  const lang = base(language);
  if (card.joker) return { pt: "o coringa", es: "el comodín", en: "the joker" }[lang];
  const rank = FIGURES[lang][card.rank] || ({ pt: "o", es: "el", en: "the" }[lang] + " " + card.rank);
  return `${rank} ${lang === "en" ? "of" : "de"} ${SUITS[card.suit].names[lang]}`;
}

/** The card as written in the French deck: "QO" for 10O, "4P" for 4B. */
export function label(card) {
  return (LETTERS[card.rank] || String(card.rank)) + (card.suit === "B" ? "P" : card.suit);
}

// --- the four suit symbols in a 40 x 40 box centred on (0, 0) ------------------------------------------------

const SHAPES = {
  O: (el, g, colour) => el("path", { d: "M0,-18 L13,0 L0,18 L-13,0 Z", fill: colour }, g),
  C: (el, g, colour) => el("path", {
    d: "M0,16 C-22,2 -19,-17 -8,-16 C-3,-16 0,-12 0,-8 C0,-12 3,-16 8,-16 C19,-17 22,2 0,16 Z", fill: colour,
  }, g),
  E: (el, g, colour) => {
    el("path", { d: "M0,-18 C-22,-1 -17,15 -6,11 C-3,10 -1,8 0,5 C1,8 3,10 6,11 C17,15 22,-1 0,-18 Z", fill: colour }, g);
    el("path", { d: "M0,4 L-5,18 L5,18 Z", fill: colour }, g);
  },
  B: (el, g, colour) => {
    for (const [cx, cy] of [[0, -9], [-9, 3], [9, 3]]) el("circle", { cx, cy, r: 7.5, fill: colour }, g);
    el("path", { d: "M0,0 L-5,18 L5,18 Z", fill: colour }, g);
  },
};

function symbol(el, parent, suit, x, y, size, upsideDown = false) {
  const turn = upsideDown ? " rotate(180)" : "";
  const g = el("g", { transform: `translate(${x} ${y}) scale(${(size / 40).toFixed(3)})${turn}` }, parent);
  SHAPES[suit](el, g, SUITS[suit].colour);
  return g;
}

// Where the pips of A and 2-7 go on the 60 x 92 face: [x, y, size, upside down].
const PIPS = {
  1: [[30, 46, 34, false]],
  2: [[30, 24, 16, false], [30, 68, 16, true]],
  3: [[30, 22, 15, false], [30, 46, 15, false], [30, 70, 15, true]],
  4: [[19, 24, 15, false], [41, 24, 15, false], [19, 68, 15, true], [41, 68, 15, true]],
  5: [[19, 24, 14, false], [41, 24, 14, false], [30, 46, 14, false], [19, 68, 14, true], [41, 68, 14, true]],
  6: [[19, 22, 13, false], [41, 22, 13, false], [19, 46, 13, false], [41, 46, 13, false], [19, 70, 13, true],
    [41, 70, 13, true]],
  7: [[19, 22, 13, false], [41, 22, 13, false], [30, 34, 13, false], [19, 46, 13, false], [41, 46, 13, false],
    [19, 70, 13, true], [41, 70, 13, true]],
  8: [[19, 20, 12, false], [41, 20, 12, false], [30, 32, 12, false], [19, 44, 12, false], [41, 44, 12, false],
    [30, 58, 12, true], [19, 72, 12, true], [41, 72, 12, true]],
  9: [[19, 20, 11, false], [41, 20, 11, false], [19, 36, 11, false], [41, 36, 11, false], [30, 46, 11, false],
    [19, 56, 11, true], [41, 56, 11, true], [19, 72, 11, true], [41, 72, 11, true]],
};

function corners(el, svg, card) {
  const colour = SUITS[card.suit].colour;
  const text = LETTERS[card.rank] || String(card.rank);
  const attrs = { "font-size": 11, "font-weight": 700, fill: colour, "font-family": "sans-serif", "text-anchor": "middle" };
  const top = el("text", { ...attrs, x: 7, y: 12 }, svg);
  top.textContent = text;
  symbol(el, svg, card.suit, 7, 19, 8);
  const bottom = el("g", { transform: "rotate(180 30 46)" }, svg);
  const under = el("text", { ...attrs, x: 7, y: 12 }, bottom);
  under.textContent = text;
  symbol(el, bottom, card.suit, 7, 19, 8);
}

function figure(el, svg, card) {
  const colour = SUITS[card.suit].colour;
  el("rect", { x: 14, y: 14, width: 32, height: 64, rx: 3, fill: "#f4ecd8", stroke: colour, "stroke-width": 1.2 }, svg);
  el("path", { d: "M14,46 H46", stroke: colour, "stroke-width": 0.6, opacity: 0.5 }, svg);
  const letter = el("text", {
    x: 30, y: 38, "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: colour, "font-family": "serif",
  }, svg);
  letter.textContent = LETTERS[card.rank];
  symbol(el, svg, card.suit, 30, 60, 18);
}

function joker(svg, { el, frame, corner }) {
  frame(svg, "#6b2fa0");
  el("path", { d: "M30,22 L35,38 L52,38 L38,48 L43,64 L30,54 L17,64 L22,48 L8,38 L25,38 Z", fill: "#f2c12e", stroke: "#6b2fa0", "stroke-width": 1.5 }, svg);
  corner(svg, "JK", "#6b2fa0");
}

/** The face of `card` ({rank, suit} in the project's notation, or {joker}) drawn into the 60 x 92 `svg`. */
export function drawFace(svg, card, kit) {
  if (card.joker) {
    joker(svg, kit);
    return;
  }
  const { el, frame } = kit;
  frame(svg, SUITS[card.suit].colour);
  corners(el, svg, card);
  if (card.rank >= 10) figure(el, svg, card);
  else for (const [x, y, size, down] of PIPS[card.rank]) symbol(el, svg, card.suit, x, y, size, down);
}
