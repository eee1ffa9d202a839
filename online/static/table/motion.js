// What moves on the table, apart from the drawing: the deal (deal.js), a card flying from the seat that played it
// to its place in front of that seat, and a finished trick gathered toward its winner (gather.js). The table is
// drawn again at every burst of frames (table.js builds the board again; table/keep.js keeps only the panels that
// did not change), so nothing that moves lives in the board: flights are in a layer of their own over the page,
// and the cards still to arrive are found again after each drawing (in the animation frame after it, where
// table.js reads the layout) and kept hidden until their flight lands. Nothing here waits for anything: every
// move can be made at once.
//
// All of it is off under `prefers-reduced-motion: reduce` (checked here, and the style sheet turns off every CSS
// animation): the table then shows each state at once, the same tags and piles included.

const REDUCED = typeof window.matchMedia === "function" ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
const FLIGHT_MS = 320;
const FLIGHT_EXPIRES_MS = 1500; // a flight whose card never showed up (a slow view) is dropped

/** Whether the reader lets the page move things (the system's reduced-motion setting says no). */
export function motionAllowed() {
  return !(REDUCED && REDUCED.matches);
}

/** What the tests and the curious can read: how many deals were seen and how many were animated, how long the
 * last one was planned to last (ms), the tricks gathered (`{trick, winner, cards}`), the card flights made. */
export const motionStats = { deals: 0, dealsAnimated: 0, lastDealMs: 0, gathers: [], flights: 0 };

let layerBox = null;

/** The layer over the page the moving cards live in (never read by assistive technology, never in the way). */
export function layer() {
  if (!layerBox || !layerBox.isConnected) {
    layerBox = document.createElement("div");
    layerBox.className = "motion-layer";
    layerBox.setAttribute("aria-hidden", "true");
    document.body.append(layerBox);
  }
  return layerBox;
}

/** An element's box in page coordinates (so that a flight stays put when the page scrolls). */
export function pageRect(element) {
  const box = element.getBoundingClientRect();
  return { x: box.left + window.scrollX, y: box.top + window.scrollY, w: box.width, h: box.height };
}

export function centreOf(rect) {
  return { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
}

/** The element a seat is drawn as: the reader's place at the bottom, or the seat's panel. */
export function seatElement(seat) {
  const me = document.querySelector(`.board > .me[data-seat="${seat}"]`);
  return me || document.querySelector(`.board > .seat-panel[data-seat="${seat}"]`);
}

/** Hide `element` until `landAt` ms after `start` (a card whose flight has not landed yet); shown at once when
 * that moment has passed. Called again on the element that replaces it after each drawing. */
export function hideUntil(element, start, landAt) {
  const wait = landAt - (performance.now() - start);
  if (wait <= 0 || !element.animate) return;
  element.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 60, delay: wait, fill: "backwards" });
}

// --- a card played flies from its seat to its place in front of it -----------------------------------------------

const flights = []; // {seat, index, from: rect, start, applied: WeakSet}

/** A card is being played (a live `play` frame, before the table is drawn again): note where it comes from, the
 * card in the reader's hand or the back nearest the table in the seat's hand. */
export function notePlay(frame, playedBefore, me) {
  if (!motionAllowed() || typeof frame.seat !== "number") return;
  let source = null;
  if (frame.seat === me && frame.detail) {
    const face = document.querySelector(`#hand svg.card[data-card="${CSS.escape(String(frame.detail))}"]`);
    source = face ? face.closest(".card-button, .card-slot") || face : null;
  }
  if (!source) {
    const backs = document.querySelectorAll(`.seat-panel[data-seat="${frame.seat}"] .cards.backs .card`);
    source = backs.length ? backs[backs.length - 1] : seatElement(frame.seat);
  }
  if (!source) return;
  flights.push({ seat: frame.seat, index: playedBefore, from: pageRect(source), start: performance.now(), applied: new WeakSet() });
}

/** After each drawing: every noted card that is now on the table flies there from where it was played (its
 * flight carried on where it had got to, if the table was drawn again meanwhile). */
export function flyPlayedCards() {
  const now = performance.now();
  const landing = [];
  for (let i = flights.length - 1; i >= 0; i -= 1) {
    const flight = flights[i];
    const age = now - flight.start;
    if (age > FLIGHT_EXPIRES_MS) {
      flights.splice(i, 1);
      continue;
    }
    const slot = document.querySelector(`.cards.played[data-seat="${flight.seat}"] .pcard[data-trick="${flight.index + 1}"]`);
    const card = slot && slot.querySelector(".card");
    if (!card || flight.applied.has(card) || !card.animate) continue;
    if (!flight.landed) { // the card reached the table: its flight starts now
      flight.landed = now;
      motionStats.flights += 1;
    }
    const elapsed = now - flight.landed;
    if (elapsed >= FLIGHT_MS) continue;
    slot.classList.remove("arrive"); // the flight replaces the little slide in
    landing.push({ flight, card, elapsed });
  }
  // Read where every card lies once all are changed, then animate them: reads between writes would lay the page
  // out once per card.
  const places = landing.map(({ card }) => pageRect(card));
  landing.forEach(({ flight, card, elapsed }, at) => {
    const to = places[at];
    const dx = centreOf(flight.from).x - centreOf(to).x;
    const dy = centreOf(flight.from).y - centreOf(to).y;
    const scale = flight.from.w && to.w ? Math.max(0.6, Math.min(1.8, flight.from.w / to.w)) : 1;
    const animation = card.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }],
      { duration: FLIGHT_MS, easing: "cubic-bezier(.2,.7,.3,1)" },
    );
    animation.currentTime = elapsed;
    flight.applied.add(card);
  });
}

/** A new hand: flights of the last one are dropped. */
export function clearFlights() {
  flights.length = 0;
}
