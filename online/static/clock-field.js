// The lobby form's clock: seconds per decision (none, 15, 30, 60) and a reserve per match (30, 60, 120 s),
// kept apart from lobby.js so the form gains two selects and one line (cartas.online.game.clock says the bounds).

import { h } from "/static/api.js";
import { t } from "/static/i18n.js";

const TURNS = [0, 15, 30, 60];
const RESERVES = [30, 60, 120];
// A turn-based table (cartas.online.game.turns): hours or days per move, in place of the clock.
const TURN_BASED = [[0, "turns_off"], [3600, "turns_hour"], [43200, "turns_12h"], [86400, "turns_day"],
  [259200, "turns_3d"]];

/** The clock's fieldset, set to what was chosen `before` ({clock, reserve}), and `read()` for the request body. */
export function clockField(before = {}) {
  const turnNow = TURNS.includes(before.clock) ? before.clock : 0;
  const reserveNow = RESERVES.includes(before.reserve) ? before.reserve : 60;
  const turn = h("select", { id: "clock", name: "clock" },
    TURNS.map((n) => h("option", { value: String(n), text: n ? `${n} s` : t("clock_off"), selected: n === turnNow })));
  const reserve = h("select", { id: "reserve", name: "reserve", disabled: !turnNow },
    RESERVES.map((n) => h("option", { value: String(n), text: `${n} s`, selected: n === reserveNow })));
  const turnsNow = TURN_BASED.some(([n]) => n === before.turns) ? before.turns : 0;
  const turns = h("select", { id: "turns", name: "turns" },
    TURN_BASED.map(([n, word]) => h("option", { value: String(n), text: t(word), selected: n === turnsNow })));
  const follow = () => {
    turn.disabled = turns.value !== "0";
    reserve.disabled = turn.disabled || turn.value === "0";
  };
  turn.addEventListener("change", follow);
  turns.addEventListener("change", follow);
  follow();
  const element = h("fieldset", { class: "options clock-options" }, h("legend", { text: t("clock") }),
    h("div", { class: "field" }, h("label", { for: "clock" }, h("span", { text: t("clock_turn") }), turn)),
    h("div", { class: "field" }, h("label", { for: "reserve" }, h("span", { text: t("clock_reserve") }), reserve)),
    h("div", { class: "field" }, h("label", { for: "turns" }, h("span", { text: t("turns") }), turns)));
  return {
    element,
    /** {clock, reserve} or {turns} for the body, or {} for no clock. */
    read() {
      if (turns.value !== "0") return { turns: Number(turns.value) };
      const seconds = Number(turn.value);
      return seconds ? { clock: seconds, reserve: Number(reserve.value) } : {};
    },
  };
}
