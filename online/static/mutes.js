// Whose chat this reader muted (docs/accounts.md, "Moderation"). A logged-in person's list is kept by their
// account on the server (it follows them to another browser); a guest's stays in this browser. Muting is one's
// own: nothing is sent to the muted person. A mute names an account ("u:USERNAME", every table) or, for a guest,
// a name at one table ("n:CODE:NAME").

import { api, h } from "/static/api.js";
import { t } from "/static/i18n.js";

const STORE_KEY = "cartas:mutes";
const state = { loaded: null, muted: new Set(), account: false };

function fromBrowser() {
  try { return new Set(JSON.parse(localStorage.getItem(STORE_KEY) || "[]")); } catch (_) { return new Set(); }
}

function toBrowser() {
  try { localStorage.setItem(STORE_KEY, JSON.stringify([...state.muted].slice(-200))); } catch (_) { /* not kept */ }
}

/** Load the list once (the account's, or this browser's for a guest). */
export function loadMutes() {
  if (!state.loaded) {
    state.loaded = api("GET", "/api/account/mutes").then((found) => {
      state.muted = new Set(found.mutes);
      state.account = true;
    }).catch(() => {
      state.muted = fromBrowser();
      state.account = false;
    });
  }
  return state.loaded;
}

/** The mute that names `person` ({name, username}) at table `code`. */
export function muteTarget(person, code) {
  return person.username ? `u:${person.username}` : `n:${code}:${person.name}`;
}

export function isMuted(target) {
  return state.muted.has(target);
}

/** Mute or unmute `target`; resolves once it is kept. */
export async function setMuted(target, muted) {
  await loadMutes();
  if (state.account) {
    const found = await api("POST", "/api/account/mutes", { target, muted });
    state.muted = new Set(found.mutes);
  } else {
    if (muted) state.muted.add(target); else state.muted.delete(target);
    toBrowser();
  }
}

/** How a mute reads in a list: "ana", or "Beto (table ABC123)". */
export function muteLabel(target) {
  if (target.startsWith("u:")) return target.slice(2);
  const [, code, ...name] = target.split(":");
  return `${name.join(":")} (${t("table_word")} ${code})`;
}

/** The account page's list of muted people, each with its Unmute button (null when nobody is muted). */
export function mutedList(onChange) {
  const section = h("section", { id: "muted-people", hidden: true });
  loadMutes().then(() => {
    if (!state.muted.size) return;
    section.hidden = false;
    section.replaceChildren(h("h2", { text: t("muted_people") }), h("ul", { class: "muted-list" }, [...state.muted].sort().map((target) =>
      h("li", {}, h("span", { text: `${muteLabel(target)} ` }),
        h("button", { type: "button", text: t("unmute"), onclick: async () => { await setMuted(target, false); onChange(); } })))));
  });
  return section;
}
