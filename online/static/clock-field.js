// The lobby form's clock: seconds per decision (none, 15, 30, 60) and a reserve per match (30, 60, 120 s),
// kept apart from lobby.js so the form gains two selects and one line (cartas.online.game.clock says the bounds).

import { h } from "/static/api.js";
import { t } from "/static/i18n.js";

const TURNS = [0, 15, 30, 60];
const RESERVES = [30, 60, 120];

/** The clock's fieldset, set to what was chosen `before` ({clock, reserve}), and `read()` for the request body. */
export function clockField(before = {}) {
  const turnNow = TURNS.includes(before.clock) ? before.clock : 0;
  const reserveNow = RESERVES.includes(before.reserve) ? before.reserve : 60;
  const turn = h("select", { id: "clock", name: "clock" },
    TURNS.map((n) => h("option", { value: String(n), text: n ? `${n} s` : t("clock_off"), selected: n === turnNow })));
  const reserve = h("select", { id: "reserve", name: "reserve", disabled: !turnNow },
    RESERVES.map((n) => h("option", { value: String(n), text: `${n} s`, selected: n === reserveNow })));
  turn.addEventListener("change", () => { reserve.disabled = turn.value === "0"; });
  const element = h("fieldset", { class: "options clock-options" }, h("legend", { text: t("clock") }),
    h("div", { class: "field" }, h("label", { for: "clock" }, h("span", { text: t("clock_turn") }), turn)),
    h("div", { class: "field" }, h("label", { for: "reserve" }, h("span", { text: t("clock_reserve") }), reserve)));
  return {
    element,
    /** {clock, reserve} for the body, or {} for no clock. */
    read() {
      const seconds = Number(turn.value);
      return seconds ? { clock: seconds, reserve: Number(reserve.value) } : {};
    },
  };
}
