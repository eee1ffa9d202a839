// Where each seat sits on the drawn table: the reader at the bottom, the partner across, the rivals at the sides.
// Play goes round to the right (counter-clockwise, as Spanish games are played), so the next seat is on the right.

const PLACES = {
  1: [],
  2: ["top"],
  3: ["tr", "tl"],
  4: ["right", "top", "left"],
  5: ["right", "tr", "tl", "left"],
  6: ["right", "tr", "top", "tl", "left"],
};

/** `[{seat, place}]` for the seats other than `me` (a spectator sees seat 0 at the bottom). */
export function placeSeats(players, me) {
  const bottom = typeof me === "number" && me >= 0 ? me : 0;
  const places = PLACES[players] || PLACES[6];
  const out = [{ seat: bottom, place: "bottom" }];
  for (let i = 1; i < players; i += 1) out.push({ seat: (bottom + i) % players, place: places[i - 1] || "top" });
  return out;
}
