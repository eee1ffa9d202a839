// What the players say at the table ("¡Truco!", "¡Quiero!", "Tengo 33", "Cierro"), kept per seat as a bubble from
// the event frames: a call stays up until a card is played or the hand ends, so whoever must answer sees who
// called and what. Table events (a card played, a trick won, a deal, a score) are not speech.
// An accepted envido (or flor) is sung in turn from the mano: "Tengo 28", "Tengo 31", "Son buenas"; those words
// all stay up together, each by its seat and numbered in the order said, until the next card is played.

const NOT_SPEECH = new Set([
  "play", "trick", "parda", "deal", "draw", "discard", "points", "match", "score", "reveal", "trump", "vira",
  "arrange", "hand", "winner", "over", "pot", "antes", "redeal", "hide", "first_dealer", "out", "uncontested",
  "turn_limit", "reshuffle", "eliminated", "may_reenganche", "envido_shown", "flor_shown", "duel", "ferro", "onze",
  "mode", "closed", "seña_vista",
]);

/** The words said, without the speaker's name the line starts with ("Bot 1: ¡Truco!" says "¡Truco!"). */
/** The words of an envido or flor sung in turn: they do not fade each other, and none is a call to answer. */
export const SUNG = new Set(["tanto", "son_buenas", "flor_tanto"]);

export function spokenPart(text) {
  const line = String(text || "");
  const at = line.indexOf(": ");
  if (at > 0 && at <= 40) return line.slice(at + 2);
  return line;
}

export class Speech {
  constructor() {
    this.bubbles = new Map(); // seat -> {text, kind, v, secret}
  }

  clear() {
    this.bubbles.clear();
  }

  /** Take one event frame; true when it was something said (a call to sound and announce). */
  take(frame) {
    const kind = frame.kind || "";
    if (kind === "deal") {
      this.clear();
      return false;
    }
    if (kind === "play" || kind === "trick" || kind === "parda") {
      // A card on the table answers nothing more: old calls go, the last words stay faded until the trick ends.
      for (const [seat, bubble] of this.bubbles) {
        if (kind !== "play" || bubble.v < frame.v - 1 || bubble.sung) this.bubbles.delete(seat);
        else bubble.old = true;
      }
      return false;
    }
    if (NOT_SPEECH.has(kind) || typeof frame.seat !== "number" || frame.seat < 0 || !frame.text) return false;
    const sung = SUNG.has(kind);
    let order = 0;
    for (const [seat, bubble] of this.bubbles) {
      if (sung && bubble.sung && seat !== frame.seat) order = Math.max(order, bubble.order);
      else bubble.old = true;
    }
    this.bubbles.set(frame.seat, {
      text: spokenPart(frame.text), kind, v: frame.v, secret: kind === "seña", old: false, sung, order: sung ? order + 1 : 0,
    });
    return true;
  }

  of(seat) {
    return this.bubbles.get(seat) || null;
  }
}
