// What the players say at the table ("¡Truco!", "¡Quiero!", "Tengo 33", "Cierro"), kept per seat as a bubble from
// the event frames: a call stays up until a card is played or the hand ends, so whoever must answer sees who
// called and what. Table events (a card played, a trick won, a deal, a score) are not speech.

const NOT_SPEECH = new Set([
  "play", "trick", "parda", "deal", "draw", "discard", "points", "match", "score", "reveal", "trump", "vira",
  "arrange", "hand", "winner", "over", "pot", "antes", "redeal", "hide", "first_dealer", "out", "uncontested",
  "turn_limit", "reshuffle", "eliminated", "may_reenganche", "envido_shown", "flor_shown", "duel", "ferro", "onze",
  "mode", "closed", "seña_vista",
]);

/** The words said, without the speaker's name the line starts with ("Bot 1: ¡Truco!" says "¡Truco!"). */
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
        if (kind !== "play" || bubble.v < frame.v - 1) this.bubbles.delete(seat);
        else bubble.old = true;
      }
      return false;
    }
    if (NOT_SPEECH.has(kind) || typeof frame.seat !== "number" || frame.seat < 0 || !frame.text) return false;
    for (const bubble of this.bubbles.values()) bubble.old = true;
    this.bubbles.set(frame.seat, { text: spokenPart(frame.text), kind, v: frame.v, secret: kind === "seña", old: false });
    return true;
  }

  of(seat) {
    return this.bubbles.get(seat) || null;
  }
}
