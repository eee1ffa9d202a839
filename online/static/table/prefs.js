// The reader's own settings, kept in this browser: light or dark (or the system's), sound on or off; and the
// screen kept awake while a match is being played. Nothing here is sent to the server.

import { h } from "/static/api.js";
import { t } from "/static/i18n.js";

const THEME_KEY = "cartas:theme";
const MUTE_KEY = "cartas:mute";

function read(key) {
  try { return localStorage.getItem(key) || ""; } catch (_) { return ""; }
}

function write(key, value) {
  try { localStorage.setItem(key, value); } catch (_) { /* private mode: not remembered */ }
}

/** "light", "dark", or "" (follow the system); set on <html data-theme>, which the style sheet reads. */
export function applyTheme() {
  const theme = read(THEME_KEY);
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

function darkNow() {
  const theme = read(THEME_KEY);
  if (theme) return theme === "dark";
  return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
}

export function muted() {
  return read(MUTE_KEY) === "1";
}

/** The two switches of the header: dark mode and sound. `onChange` redraws what depends on them. */
export function switches(onChange = () => {}) {
  const dark = darkNow();
  const theme = h("button", {
    type: "button", class: "switch", id: "theme-switch", "aria-pressed": dark ? "true" : "false",
    title: t("dark_mode"), "aria-label": t("dark_mode"), text: dark ? "☾" : "☀",
  });
  theme.addEventListener("click", () => {
    write(THEME_KEY, darkNow() ? "light" : "dark");
    applyTheme();
    onChange();
  });
  const quiet = muted();
  const sound = h("button", {
    type: "button", class: "switch", id: "sound-switch", "aria-pressed": quiet ? "false" : "true",
    title: t("sound"), "aria-label": t("sound"), text: quiet ? "♪✕" : "♪",
  });
  sound.addEventListener("click", () => {
    write(MUTE_KEY, muted() ? "" : "1");
    onChange();
  });
  return h("span", { class: "switches" }, theme, sound);
}

let lock = null;

/** Keep the screen on while `wanted` (a match being played), where the browser lets a page ask. */
export async function keepAwake(wanted) {
  try {
    if (wanted && !lock && navigator.wakeLock && document.visibilityState === "visible") {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } else if (!wanted && lock) {
      await lock.release();
      lock = null;
    }
  } catch (_) { lock = null; /* refused (battery saver, no permission): the screen may sleep */ }
}

applyTheme();
