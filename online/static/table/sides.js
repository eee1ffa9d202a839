// The sides as the table's text names them for this reader, before the match as during it (the core's rule,
// cartas.core.naming.viewer_names): "Nosotros" / "Ellos" from a seat in a game of two teams, "Equipo 1" /
// "Equipo 2" (counted from 1) for a spectator or someone still choosing a seat. The seating page, the join form
// and the scoreboard all call this, so a team has one name on every screen.

import { t } from "/static/i18n.js";

/** The name of `team` (counted from 0) for the reader at seat `me` (null or negative: no seat). */
export function teamName(team, teams, me) {
  const seated = typeof me === "number" && me >= 0 && me < teams.length;
  if (seated && team === teams[me]) return t("side_us");
  if (seated && new Set(teams).size === 2) return t("side_them");
  return t("team_number").replace("{number}", String(team + 1));
}
