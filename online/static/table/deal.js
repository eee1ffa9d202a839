// The deal as it is made at a table (seed 000): the dealer shuffles a small deck at their seat, the player on
// the dealer's left cuts (the rival, with two), then the cards go out face down one at a time, starting with the
// dealer's right (the mano) and going round, until every hand is full. All of it lasts well under 1.5 s, and the
// hand can be played as soon as its cards are there: nothing is blocked while it runs.
//
// Who deals and who cuts come from the table view (`dealer`, `cutter`); where the deck was cut nobody chose (the
// match's generator did), so the gesture shows who, not where.

import { cardBack } from "/static/cards.js";
import { centreOf, hideUntil, layer, motionAllowed, motionStats, pageRect, seatElement } from "/static/table/motion.js";

const SHUFFLE_MS = 180;
const CUT_MS = 200;
const DEAL_SPAN_MS = 520; // the time between the first card leaving and the last
const STEP_MS = 65; // between two cards, when there are few
const CARD_FLIGHT_MS = 220;

/** The seats in the order they are dealt to, from the dealer's right, without the seats dealt nothing. */
export function dealOrder(players, dealer, counts) {
  const order = [];
  for (let i = 1; i <= players; i += 1) {
    const seat = (dealer + i) % players;
    if (!counts || counts[seat] > 0) order.push(seat);
  }
  return order;
}

/** Every card of the deal in the order it is dealt: `{seat, round}`, a card to each seat per round. */
export function dealSequence(players, dealer, counts) {
  const order = dealOrder(players, dealer, counts);
  const rounds = Math.max(0, ...order.map((seat) => counts[seat]));
  const out = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const seat of order) if (counts[seat] > round) out.push({ seat, round });
  }
  return out;
}

/** Where the `round`-th card dealt to `seat` lands: that card of the reader's hand, or a back in the seat's. */
function targetOf(seat, round, me) {
  if (seat === me) {
    const cards = document.querySelectorAll("#hand > .card-button, #hand > .card-slot");
    return cards[round] || document.getElementById("hand");
  }
  const backs = document.querySelectorAll(`.seat-panel[data-seat="${seat}"] .cards.backs .card`);
  return backs[Math.min(round, backs.length - 1)] || seatElement(seat);
}

/** The deal under way, if any: its start (performance.now()), the schedule, and the elements it made. */
let running = null;

/** How long the whole deal of `cards` cards lasts, and the time between two of them. */
export function dealTiming(cards) {
  const step = cards > 1 ? Math.min(STEP_MS, DEAL_SPAN_MS / (cards - 1)) : 0;
  const first = SHUFFLE_MS + CUT_MS;
  return { first, step, total: first + step * Math.max(0, cards - 1) + CARD_FLIGHT_MS };
}

/** Start the deal of the hand the table shows now (after it is drawn). `view` is the table view, `players` the
 * number of seats and `me` the reader's seat (null: a spectator); `onEnd` runs when it has ended by itself (the
 * table is drawn again without what only the deal shows). */
export function startDeal(view, players, me, onEnd = () => {}) {
  motionStats.deals += 1;
  stopDeal();
  if (!motionAllowed() || typeof view.dealer !== "number" || view.dealer < 0) return;
  const counts = view.counts && view.counts.length === players ? view.counts.slice()
    : Array.from({ length: players }, () => (view.hand || []).length);
  if (typeof me === "number" && me >= 0 && view.hand) counts[me] = view.hand.length;
  const sequence = dealSequence(players, view.dealer, counts);
  const dealerBox = seatElement(view.dealer);
  const board = document.getElementById("board");
  if (!sequence.length || !dealerBox || !board) return;
  motionStats.dealsAnimated += 1;
  const timing = dealTiming(sequence.length);
  motionStats.lastDealMs = timing.total;
  const start = performance.now();
  // The deck sits at the dealer's edge of the table, a third of the way from the seat to the middle.
  const seatAt = centreOf(pageRect(dealerBox));
  const middle = centreOf(pageRect(board));
  const origin = { x: seatAt.x + (middle.x - seatAt.x) * 0.35, y: seatAt.y + (middle.y - seatAt.y) * 0.35 };
  // Every place (and the cutter's seat) read before any flying card is added: a read after a write would lay the
  // page out again, once per card.
  const places = sequence.map(({ seat, round }) => {
    const target = targetOf(seat, round, me);
    return target ? centreOf(pageRect(target)) : null;
  });
  const cutterBox = typeof view.cutter === "number" ? seatElement(view.cutter) : null;
  const cutterAt = cutterBox ? centreOf(pageRect(cutterBox)) : null;
  const box = layer();
  const deck = document.createElement("div");
  deck.className = "deal-deck";
  deck.dataset.dealer = String(view.dealer);
  deck.style.left = `${origin.x}px`;
  deck.style.top = `${origin.y}px`;
  const packets = [cardBack("deal-card"), cardBack("deal-card"), cardBack("deal-card")];
  deck.append(...packets);
  box.append(deck);
  // Shuffled: the top half riffles from side to side twice.
  packets[2].animate(
    [{ transform: "translateX(0)" }, { transform: "translateX(-9px) rotate(-6deg)" }, { transform: "translateX(9px) rotate(6deg)" },
      { transform: "translateX(-6px) rotate(-3deg)" }, { transform: "translateX(0)" }],
    { duration: SHUFFLE_MS, easing: "ease-in-out" },
  );
  // Cut: the cutter lifts a packet off the top, toward their seat, and it goes under the rest.
  if (cutterAt) {
    const toward = cutterAt;
    const length = Math.hypot(toward.x - origin.x, toward.y - origin.y) || 1;
    const dx = ((toward.x - origin.x) / length) * 26;
    const dy = ((toward.y - origin.y) / length) * 26;
    packets[2].animate(
      [{ transform: "none", zIndex: 2 }, { transform: `translate(${dx}px, ${dy}px)`, zIndex: 2, offset: 0.45 },
        { transform: `translate(${dx}px, ${dy}px)`, zIndex: 0, offset: 0.55 }, { transform: "none", zIndex: 0 }],
      { duration: CUT_MS, delay: SHUFFLE_MS, easing: "ease-in-out" },
    );
  }
  // Dealt: one card at a time, from the dealer's right round the table.
  const flights = [];
  sequence.forEach(({ seat, round }, at) => {
    const to = places[at];
    if (!to) return;
    const card = cardBack("deal-card flying");
    card.style.left = `${origin.x}px`;
    card.style.top = `${origin.y}px`;
    box.append(card);
    card.animate(
      [{ transform: "translate(-50%, -50%)", opacity: 1 },
        { transform: `translate(calc(${to.x - origin.x}px - 50%), calc(${to.y - origin.y}px - 50%))`, opacity: 1 }],
      { duration: CARD_FLIGHT_MS, delay: timing.first + at * timing.step, easing: "cubic-bezier(.25,.7,.35,1)", fill: "both" },
    );
    flights.push({ seat, round, landAt: timing.first + at * timing.step + CARD_FLIGHT_MS });
  });
  deck.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 200, delay: timing.total - 260, fill: "forwards" });
  running = { start, timing, flights, cutter: view.cutter, me, elements: [deck, ...box.querySelectorAll(".flying")] };
  running.timer = setTimeout(() => { stopDeal(); onEnd(); }, timing.total + 40);
  keepDealing();
}

/** After each drawing while the deal runs: the cards whose flight has not landed stay hidden, the cutter's seat
 * is lit while they cut. */
export function keepDealing() {
  if (!running) return;
  const elapsed = performance.now() - running.start;
  for (const { seat, round, landAt } of running.flights) {
    if (landAt <= elapsed) continue;
    const target = targetOf(seat, round, running.me);
    if (target && target.id !== "hand" && !target.classList.contains("seat-panel") && !target.classList.contains("me")) {
      hideUntil(target, running.start, landAt);
    }
  }
  const cutting = typeof running.cutter === "number" ? seatElement(running.cutter) : null;
  if (cutting && elapsed < running.timing.first + 120) {
    cutting.classList.add("cutting");
    setTimeout(() => cutting.classList.remove("cutting"), running.timing.first + 120 - elapsed);
  }
}

/** Whether a deal is being shown now. */
export function dealing() {
  return running !== null;
}

/** End the deal now: its deck and flying cards go (a new deal, or the time is up). */
export function stopDeal() {
  if (!running) return;
  clearTimeout(running.timer);
  for (const element of running.elements) element.remove();
  running = null;
}
