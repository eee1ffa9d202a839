// The rating as people read it: one number on the chess scale ("1579"), marked "?" while provisional, and its
// change as "+12" / "−9". The server derives the number from openskill (cartas.online.accounts.shown); the
// pages never show mu ± sigma. The history's date, title and score read in the reader's language.

import { dateText, dayText } from "/static/dates.js";
import { language, t } from "/static/i18n.js";

/** "1579" or "1579?" (provisional: fewer than ten rated matches), or "—" for no rating. */
export function ratingLabel(rating, provisional) {
  if (rating === null || rating === undefined) return "—";
  return `${rating}${provisional ? "?" : ""}`;
}

/** "+12", "−9" (a true minus sign) or "±0". */
export function changeText(change) {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${-change}`;
  return "±0";
}

/** An ISO time of the server in the reader's language ("7 dic 2026, 6:47 p. m."; static/dates.js). */
export function readableDate(iso) {
  return dateText(iso, language());
}

/** The day alone in the reader's language ("7 dic 2026"). */
export function readableDay(iso) {
  return dayText(iso, language());
}

/** "You 9 – 15 Rival": the reader's own side first, labelled, whoever won; just "You 9" when the rival's
 * score is not known (a line older than the scores). */
export function scoreLine(match) {
  const teams = match.partner && match.partner.length;
  const mine = `${t(teams ? "us_label" : "you_label")} ${match.score}`;
  if (match.rival_score === null || match.rival_score === undefined) return mine;
  return `${mine} – ${match.rival_score} ${t(teams ? "them_label" : "rival_label")}`;
}
