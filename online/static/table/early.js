// A card played is drawn from its `play` event frame, not from the view frame that follows it. The server sends a
// move's events first and then every seat's view, built one seat after another, so the view can come a good while
// after the event (and a burst of bots' moves queues several of them); issue 28 counts a move's drawing from its
// frame's arrival. The event is laid into the view the page holds, as the view that follows will say it: the card
// at the end of that seat's played cards, one card fewer in its hand (the card itself gone from the reader's own),
// the seat no longer to act, and nothing of the reader's legal any more once the move is theirs. The next view
// replaces all of it, and for that seat says the same, so the seat is not drawn a second time.
//
// Only what the event frame carries is drawn: the server writes each seat its own copy of an event, and a card
// played face down ("hide") comes to the others without its face, so it is left to the view, as is any event
// whose card does not parse, whose seat has no played row, or whose card is not where the view says it would be.

import { parseCard } from "/static/cards.js";

/** Lay a live `play` event into `view` (the page's last view frame's `view`); true when the table changed. */
export function layPlay(view, frame, me) {
  const tv = view && view.table_view;
  const o = view && view.observation;
  const seat = frame.seat;
  const card = typeof frame.detail === "string" ? frame.detail : "";
  if (!tv || !o || frame.kind !== "play" || typeof seat !== "number" || !parseCard(card)) return false;
  const played = Array.isArray(tv.played) ? tv.played[seat] : null;
  if (!Array.isArray(played)) return false;
  if (seat === me) {
    const hand = Array.isArray(tv.hand) ? tv.hand : null;
    const at = hand ? hand.indexOf(card) : -1;
    if (at < 0) return false; // a card played blind, or a hand this view does not show: the view draws it
    hand.splice(at, 1);
    if (o.hand && Array.isArray(o.hand)) {
      const mine = o.hand.indexOf(card);
      if (mine >= 0) o.hand.splice(mine, 1);
    }
    view.legal = [];
  } else {
    const counts = Array.isArray(tv.counts) ? tv.counts : null;
    if (!counts || typeof counts[seat] !== "number" || counts[seat] <= 0) return false;
    counts[seat] -= 1;
  }
  played.push(card);
  if (Array.isArray(o.to_act)) o.to_act = o.to_act.filter((s) => s !== seat);
  return true;
}
