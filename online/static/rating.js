// The rating as people read it: one number on the chess scale ("1579"), marked "?" while provisional, and its
// change as "+12" / "−9". The server derives the number from openskill (cartas.online.accounts.shown); the
// pages never show mu ± sigma. The history's date, title and score read in the reader's language.

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

/** An ISO time of the server ("2026-12-07T18:47:00Z") as the reader's language writes a date and time
 * ("7 dic 2026, 15:47" in Argentina's clock); the text itself when it is no date. */
export function readableDate(iso, lang = language(), timeZone = undefined) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return String(iso || "");
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone }).format(when);
}

/** The day alone ("7 dic 2026"), for "playing since". */
export function readableDay(iso, lang = language()) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return String(iso || "");
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium" }).format(when);
}

/** "You 9 – 15 Rival": the reader's own side first, labelled, whoever won; just "You 9" when the rival's
 * score is not known (a line older than the scores). */
export function scoreLine(match) {
  const teams = match.partner && match.partner.length;
  const mine = `${t(teams ? "us_label" : "you_label")} ${match.score}`;
  if (match.rival_score === null || match.rival_score === undefined) return mine;
  return `${mine} – ${match.rival_score} ${t(teams ? "them_label" : "rival_label")}`;
}
