// A finished trick gathered toward its winner: a moment after its last card lands, its cards slide together to
// the winner's seat and stack there, in a small pile of the tricks that seat has won this hand (the pile goes
// with the hand). In truco the played cards also stay in front of each seat, overlapping as on a real table
// (seed 000), so what slides is the trick going to the winner's count; in julepe the cards leave the table as
// players gather them, and only the trick being played lies in front of the seats.

import { h } from "/static/api.js";
import { cardBack } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { centreOf, layer, motionAllowed, motionStats, pageRect, seatElement } from "/static/table/motion.js";

const HOLD_MS = 650; // the last card is seen before the trick goes
const GATHER_MS = 380;
const STAGGER_MS = 40;

const holding = new Set(); // tricks (numbered from 1) finished but still lying where they were played
const flying = new Set(); // tricks on their way to the winner's pile
const ghosts = new Set();
let handId = 0;

/** The games whose played cards stay in front of each seat for the whole hand (truco, paulista). */
export const TRICKS_STAY = new Set(["truco", "truco_paulista"]);

/** A new hand: nothing is held or flying any more. */
export function resetTricks() {
  handId += 1;
  holding.clear();
  flying.clear();
  for (const ghost of ghosts) ghost.remove();
  ghosts.clear();
}

/** Trick `number` (from 1) has just been won by `winner` (-1: tied, nobody gathers): gather it after a moment,
 * drawing the table again (`render`) when its cards leave and when they reach the pile. */
export function noteTrick(number, winner, render) {
  if (winner < 0) return;
  if (!motionAllowed()) {
    motionStats.gathers.push({ trick: number, winner, cards: 0 });
    return;
  }
  holding.add(number);
  const hand = handId;
  setTimeout(() => { if (hand === handId) gather(number, winner, render, hand); }, HOLD_MS);
}

function gather(number, winner, render, hand) {
  holding.delete(number);
  const cards = [...document.querySelectorAll(`.cards.played .pcard[data-trick="${number}"] .card`)];
  const from = cards.map((card) => ({ rect: pageRect(card), copy: card.cloneNode(true) }));
  flying.add(number);
  render(); // where tricks do not stay (julepe), the cards leave the seats now
  const pile = document.querySelector(`.trick-pile[data-seat="${winner}"]`) || seatElement(winner);
  if (!pile || !from.length) {
    land(number, winner, 0, render, hand);
    return;
  }
  const to = centreOf(pageRect(pile));
  const box = layer();
  from.forEach(({ rect, copy }, at) => {
    copy.classList.add("gathered");
    copy.removeAttribute("role");
    copy.removeAttribute("aria-label");
    copy.style.left = `${rect.x}px`;
    copy.style.top = `${rect.y}px`;
    copy.style.width = `${rect.w}px`;
    box.append(copy);
    ghosts.add(copy);
    const dx = to.x - (rect.x + rect.w / 2) + (at - (from.length - 1) / 2) * 3;
    const dy = to.y - (rect.y + rect.h / 2) - at * 2;
    copy.animate(
      [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.55)`, opacity: 1, offset: 0.85 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0 }],
      { duration: GATHER_MS, delay: at * STAGGER_MS, easing: "cubic-bezier(.4,0,.2,1)", fill: "both" },
    );
  });
  setTimeout(() => {
    for (const { copy } of from) { copy.remove(); ghosts.delete(copy); }
    land(number, winner, from.length, render, hand);
  }, GATHER_MS + STAGGER_MS * from.length);
}

function land(number, winner, count, render, hand) {
  if (hand !== handId) return;
  flying.delete(number);
  motionStats.gathers.push({ trick: number, winner, cards: count });
  render();
}

/** Whether the card played to trick `index` (from 0) is off the table: its trick is finished, gathered and the
 * game is one where tricks do not stay (`stays` false). `finished` is the number of tricks finished. */
export function trickGone(index, finished, stays) {
  return !stays && index < finished && !holding.has(index + 1);
}

/** Each trick's winner this hand, in order (-1 for a tie), from the hand's events (`handLog`): the table and the
 * match page read them alike. */
export function trickWinners(handLog) {
  const out = [];
  for (const line of handLog) {
    if (line.kind === "parda") out.push(-1);
    else if (line.kind === "trick") out.push(line.detail === "parda" ? -1 : line.seat);
  }
  return out;
}

/** How many tricks `seat` has in its pile: those it won (`winners`, in order) that have landed there. */
export function pileCount(seat, winners) {
  return winners.filter((winner, index) => winner === seat && !holding.has(index + 1) && !flying.has(index + 1)).length;
}

/** The pile of tricks `seat` has won this hand, as a few backs squared together and their number; nothing while
 * it has none. */
export function trickPile(ctx, seat) {
  const count = pileCount(seat, ctx.trickWinners || []);
  if (!count) return null;
  const label = `${count} ${t("tricks_won")}`;
  return h("span", { class: "trick-pile", dataset: { seat: String(seat), count: String(count) }, role: "img", "aria-label": label, title: label },
    ...Array.from({ length: Math.min(count, 3) }, () => cardBack("small")),
    h("span", { class: "pile-count", "aria-hidden": "true", text: String(count) }));
}
