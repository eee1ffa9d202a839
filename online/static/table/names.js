// The bots and the sides as the table's text names them for this reader, before the match as during it (the
// core's rule, cartas.core.naming, docs/naming.md): a bot "Bot N (level)" with N its seat counted from 1;
// "Nosotros" / "Ellos" from a seat in a game of two teams, "Equipo 1" / "Equipo 2" for a spectator or someone still
// choosing a seat. The seating page, the join form and the scoreboard all call this, so a bot or a team has one
// name on every screen, in the reader's language.

import { levelName, t } from "/static/i18n.js";

/** The bot at `seat` (counted from 0): "Bot 2 (medio)", as cartas.core.naming.bot_name says it. */
export function botName(seat, level) {
  const number = String(seat + 1);
  if (!level) return t("bot_number").replace("{number}", number);
  return t("bot_number_level").replace("{number}", number).replace("{level}", levelName(level));
}

/** The name of `team` (counted from 0) for the reader at seat `me` (null or negative: no seat). */
export function teamName(team, teams, me) {
  const seated = typeof me === "number" && me >= 0 && me < teams.length;
  if (seated && team === teams[me]) return t("side_us");
  if (seated && new Set(teams).size === 2) return t("side_them");
  return t("team_number").replace("{number}", String(team + 1));
}
