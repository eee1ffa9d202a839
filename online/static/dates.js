// Dates as the reader's language writes them, from the server's ISO times ("2026-12-07T18:47:00Z" reads
// "7 dic 2026, 6:47 p. m." in Argentina). No imports, so a test runs it under node.

/** Date and time in `lang` ("7 dic 2026, 6:47 p. m."); the text itself when it is no date. `timeZone`: the
 * reader's own unless given (tests give "UTC"). */
export function dateText(iso, lang, timeZone = undefined) {
  const when = new Date(iso);
  if (!iso || Number.isNaN(when.getTime())) return String(iso || "");
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone }).format(when);
}

/** The day alone in `lang` ("7 dic 2026"), for "playing since". */
export function dayText(iso, lang, timeZone = undefined) {
  const when = new Date(iso);
  if (!iso || Number.isNaN(when.getTime())) return String(iso || "");
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone }).format(when);
}
