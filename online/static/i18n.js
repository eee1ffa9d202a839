// UI labels of the web lobby and table. The words live in the framework's gettext catalogs on the server
// (cartas.online.game.words), like every word the terminal shows; the page loads every language once, so switching
// language never waits. Server text (event lines, error messages, names) is shown as sent.

const LABELS = await fetch("/api/labels").then((response) => response.json()).catch(() => ({ en: {} }));

export const LANGUAGES = [
  ["es-AR", "Español (Argentina)"],
  ["pt-BR", "Português (Brasil)"],
  ["es", "Español"],
  ["en", "English"],
];

const STORE_KEY = "cartas:lang";
let current = "en";

/** The closest language we have labels for, from a BCP-47 tag such as "es-AR", "pt", "es-ES" or "en-GB". */
export function closestLanguage(tag) {
  if (!tag) return "en";
  if (LABELS[tag]) return tag;
  const base = String(tag).toLowerCase().split("-")[0];
  if (base === "pt") return "pt-BR";
  if (base === "es") return "es";
  return "en";
}

/** Use `tag`'s labels from now on; the reader's own choice (kept in localStorage) wins over a game's language. */
export function setLanguage(tag, remember = false) {
  current = closestLanguage(tag);
  if (remember) {
    try { localStorage.setItem(STORE_KEY, current); } catch (_) { /* private mode: not remembered */ }
  }
  document.documentElement.lang = current;
  return current;
}

/** The language the reader picked earlier with the selector, or null. */
export function chosenLanguage() {
  try { return localStorage.getItem(STORE_KEY); } catch (_) { return null; }
}

export function language() { return current; }

/** The label `key` in the current language (English, then the key itself, when missing). */
export function t(key) {
  return (LABELS[current] && LABELS[current][key]) || LABELS.en[key] || key;
}

/** A bot level as players read it ("medio" for "medium"); a level a plugin adds is shown as it is named.
 * Given the game (from /api/games), a level the game describes itself (a personality: "El Mentiroso · 46%
 * contra medio") is shown as the game says it in the current language. */
export function levelName(level, game) {
  const own = game && game.level_texts && (game.level_texts[current] || game.level_texts.en);
  if (own && own[level]) return own[level];
  const key = `level_${level}`;
  const text = t(key);
  return text === key ? level : text;
}

/** A <select> of the four languages, set to the current one; `onChange(tag)` runs after the switch. */
export function languageSelector(onChange) {
  const select = document.createElement("select");
  select.className = "lang";
  select.setAttribute("aria-label", "Language / Idioma");
  for (const [tag, name] of LANGUAGES) {
    const option = document.createElement("option");
    option.value = tag;
    option.textContent = name;
    select.append(option);
  }
  select.value = current;
  select.addEventListener("change", () => {
    setLanguage(select.value, true);
    onChange(select.value);
  });
  return select;
}

/** A game's title in the reader's language: `titles[lang]` as the server sends it with a game, a table or an
 * open table (the game's catalogs), else its own title, else its name. */
export function gameTitle(game) {
  if (!game) return "";
  return (game.titles && (game.titles[current] || game.titles.en)) || game.title || game.game || game.name || "";
}
