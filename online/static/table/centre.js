// The middle of the table as cards: the paulista vira (its manilhas marked on every card that is one), the julepe
// trump, the rummy stock and discard pile, which the player taps to draw; and the game's short notes (what the
// hand is worth, your envido) as chips, never as prose lines.

import { h } from "/static/api.js";
import { cardBack, cardFace, cardLabel, parseCard } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { trickPile } from "/static/table/gather.js";
import { playedCards } from "/static/table/seats.js";

// Paulista's order of ranks (Spanish deck: 10 sota, 11 caballo, 12 rey); the manilha is the rank after the vira's.
const PAULISTA_ORDER = [4, 5, 6, 7, 10, 11, 12, 1, 2, 3];

/** The rank the vira makes manilha in truco paulista, or null. */
export function manilhaRank(vira) {
  const card = parseCard(vira);
  if (!card || card.joker) return null;
  const at = PAULISTA_ORDER.indexOf(card.rank);
  return at < 0 ? null : PAULISTA_ORDER[(at + 1) % PAULISTA_ORDER.length];
}

/** The rank as the table's deck writes it (the French deck's Q J K for 10 11 12); the ace is "A" in both. */
function rankName(rank) {
  const label = cardLabel(`${rank}O`).slice(0, -1);
  return label === "1" ? "A" : label;
}

const LABELS = { vira: "vira", trump: "trump", upcard: "upcard", discard: "discard_pile", stock: "stock" };

function pile(ctx, label, card) {
  const draw = label === "stock" ? ctx.legalText("draw stock") : label === "discard" ? ctx.legalText("draw discard") : null;
  const isBack = !parseCard(card);
  let drawn;
  if (label === "stock" || isBack) {
    drawn = h("span", { class: "stack" }, cardBack(), cardBack(), cardBack());
  } else {
    drawn = cardFace(card, ctx.isManilha(card) ? "manilha" : "");
  }
  const caption = [t(LABELS[label] || label)];
  if (label === "vira") {
    const rank = manilhaRank(card);
    if (rank !== null) caption.push(`${t("manilhas")}: ${rankName(rank)}`);
  }
  const id = label === "discard" ? "discard-pile" : label;
  const inner = [drawn, h("span", { class: "pile-label", text: caption.join(" · ") })];
  if (draw) {
    drawn.setAttribute("aria-hidden", "true");
    const button = h("button", {
      type: "button", class: `pile-button can-draw`, id, disabled: ctx.state.pending,
      dataset: { action: draw.text }, title: draw.label || draw.text,
    }, h("span", { class: "sr-only", text: draw.label || draw.text }), ...inner);
    button.addEventListener("click", () => ctx.sendMove(draw));
    return h("div", { class: `pile pile-${label}` }, button);
  }
  const box = h("div", { class: `pile pile-${label}`, id }, ...inner);
  return box;
}

export function centrePanel(ctx) {
  const view = ctx.tv();
  const box = h("section", { class: "centre", id: "centre", "aria-label": t("centre") });
  const piles = h("div", { class: "piles" });
  for (const item of view.centre || []) {
    const [label, card] = Array.isArray(item) ? item : [item.label, item.card];
    piles.append(pile(ctx, String(label), String(card)));
  }
  if (piles.childElementCount) box.append(piles);
  const notes = Array.isArray(view.notes) ? view.notes : [];
  if (notes.length) box.append(h("ul", { class: "notes" }, notes.map((note) => h("li", { text: String(note) }))));
  // The reader's own played cards lie in front of them, at the near edge of the middle.
  const me = ctx.state.me;
  if (typeof me === "number" && me >= 0) box.append(h("div", { class: "my-played", dataset: { seat: String(me) } }, playedCards(ctx, me, "mid"), trickPile(ctx, me)));
  return box;
}
