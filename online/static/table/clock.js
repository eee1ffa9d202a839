// The table's clocks (cartas.online.game.clock): on the seat whose decision is running, a ring with the seconds left
// in it and a bar along the seat's edge, both emptying as the time goes; in the reserve the ring turns striped
// and says "reserve", under 10 s it turns red and pulses, and the seconds are always written, so colour is never
// the only signal. The reader's own seat is announced to screen readers once, when it passes under 10 s.
//
// The server sends a `clock` frame whenever a decision starts or ends (the time left of each person, whose clock
// runs); the page counts down from when it came, with one interval for the page while a clock runs.

import { h } from "/static/api.js";
import { t } from "/static/i18n.js";
import { announce } from "/static/table/announce.js";

const HURRY = 10;
const TICK_MS = 250;

let clock = null; // the last clock frame
let at = 0; // performance.now() when it came
let ticker = null;
let warned = ""; // the decision whose hurry was announced already
let reader = null; // the reader's seat

function fill(text, values) {
  return Object.entries(values).reduce((s, [key, value]) => s.replaceAll(`{${key}}`, String(value)), text);
}

/** A new clock frame from the server (or null when the table has none). */
export function takeClock(frame) {
  clock = frame && frame.type === "clock" ? frame : null;
  at = performance.now();
  if (clock && clock.running.length && ticker === null) ticker = setInterval(update, TICK_MS);
  if ((!clock || !clock.running.length) && ticker !== null) {
    clearInterval(ticker);
    ticker = null;
  }
  update();
}

/** Seconds left for `seat` now: {left, reserve, total, inReserve}, or null for a seat without a clock. */
export function timeLeft(seat) {
  const entry = clock && clock.seats[seat];
  if (!entry) return null;
  const gone = entry.running ? (performance.now() - at) / 1000 : 0;
  const left = Math.max(0, entry.left - gone);
  const reserve = Math.max(0, entry.reserve - Math.max(0, gone - entry.left));
  return { left, reserve, total: left + reserve, inReserve: left <= 0 };
}

/** The line a timeout frame is said in, in the reader's language. */
export function timeoutLine(frame, nameOf) {
  const name = nameOf(frame.seat);
  if (frame.lost) return fill(t("clock_lost_on_time"), { name });
  if (frame.limit) return fill(t("clock_timeout_rated"), { name, count: frame.count, limit: frame.limit });
  return fill(t("clock_bot_played"), { name });
}

/** Put the rings on the seats whose clock runs; called after each render of the table (`me`: the reader's seat). */
export function drawClocks(root, me) {
  reader = typeof me === "number" && me >= 0 ? me : null;
  for (const old of root.querySelectorAll(".clock-ring, .clock-bar")) old.remove();
  if (!clock) return;
  for (const seat of clock.running) {
    const panel = root.querySelector(`.seat-panel[data-seat="${seat}"], .me[data-seat="${seat}"]`);
    if (!panel) continue;
    panel.classList.add("clocked");
    panel.append(
      h("div", { class: "clock-ring", role: "timer", dataset: { seat: String(seat) } },
        h("span", { class: "secs" }), h("span", { class: "res", text: t("clock_reserve_word") })),
      h("div", { class: "clock-bar", "aria-hidden": "true", dataset: { seat: String(seat) } }, h("span")));
  }
  update();
}

function update() {
  if (!clock) return;
  for (const ring of document.querySelectorAll(".clock-ring")) {
    const seat = Number(ring.dataset.seat);
    const left = timeLeft(seat);
    if (!left || !clock.running.includes(seat)) continue; // a ring drawn before this frame: the next render drops it
    const shown = Math.ceil(left.inReserve ? left.reserve : left.left);
    const whole = left.inReserve ? clock.reserve : clock.turn;
    const part = whole > 0 ? Math.max(0, Math.min(1, (left.inReserve ? left.reserve : left.left) / whole)) : 0;
    const low = left.total < HURRY;
    // Only what changed is written (four ticks a second): the seconds and the label change once a second.
    const secs = ring.querySelector(".secs");
    if (secs.textContent !== String(shown)) secs.textContent = String(shown);
    ring.style.setProperty("--p", part.toFixed(3));
    ring.classList.toggle("reserve", left.inReserve);
    ring.classList.toggle("low", low);
    const label = left.inReserve ? fill(t("clock_reserve_left"), { seconds: shown }) : fill(t("clock_left"), { seconds: shown });
    if (ring.getAttribute("aria-label") !== label) ring.setAttribute("aria-label", label);
    const bar = document.querySelector(`.clock-bar[data-seat="${seat}"]`);
    if (bar) {
      bar.style.setProperty("--p", part.toFixed(3));
      bar.classList.toggle("reserve", left.inReserve);
      bar.classList.toggle("low", low);
    }
    const decision = `${seat}:${at}`;
    if (seat === reader && low && left.total > 0 && warned !== decision) {
      warned = decision;
      announce(fill(t("clock_hurry"), { seconds: Math.ceil(left.total) }));
    }
  }
}
