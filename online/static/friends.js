// The lobby's friends panel (friends online and where they play, requests, a challenge to truco, incoming
// challenges, a friend link) and the tables to watch. Logged out, the panel says to log in and only the tables
// to watch are shown. Both are read again every few seconds: that reading is how the page is notified.

import { api, copyText, h, saveSeat } from "/static/api.js";
import { gameTitle, t } from "/static/i18n.js";

const say = (key, values = {}) => Object.entries(values).reduce((text, [k, v]) => text.replace(`{${k}}`, v), t(key));

let games = [];
let known = null; // the last GET /api/friends, or null logged out
let watched = { tables: [], friends: [] };
let message = "";
let linkMade = ""; // the friend link made last, shown to copy

function titleOf(name) {
  const game = games.find((g) => g.name === name);
  return game ? gameTitle(game) : name;
}

async function act(path, body) {
  try {
    const answer = await api("POST", path, body);
    message = "";
    return answer;
  } catch (error) {
    message = error.message;
    return null;
  } finally {
    await refresh();
  }
}

/** An accepted challenge: keep the seat's token in this browser and go to the table. */
function goTo(challenge) {
  saveSeat(challenge.code, { token: challenge.token, seat: challenge.seat });
  window.location.href = challenge.url;
}

function friendRow(friend) {
  const where = friend.tables.length
    ? friend.tables.map((table) => h("a", { href: table.url, text: say("at_table", { code: table.code }) }))
    : [];
  return h("li", { dataset: { friend: friend.username } },
    h("div", { class: "grow" },
      h("strong", { text: friend.display }), " ",
      h("span", { class: friend.online ? "presence online" : "muted", text: t(friend.online ? "online" : "offline") }),
      where.length ? h("div", { class: "muted" }, ...where) : null),
    h("button", { type: "button", class: "button", text: t("challenge"),
      onclick: () => act("/api/challenges", { username: friend.username, game: "truco" }) }),
    h("button", { type: "button", class: "button quiet", text: t("remove"),
      onclick: () => act("/api/friends", { username: friend.username, action: "remove" }) }));
}

function challengeRow(challenge) {
  const game = titleOf(challenge.game);
  if (challenge.status === "accepted") {
    const other = challenge.mine ? challenge.to : challenge.from;
    return h("li", { dataset: { challenge: challenge.id } },
      h("div", { class: "grow", text: say("challenge_ready", { name: other }) }),
      h("button", { type: "button", class: "button primary", text: t("go_to_table"), onclick: () => goTo(challenge) }));
  }
  if (challenge.mine) {
    return h("li", { dataset: { challenge: challenge.id } },
      h("div", { class: "grow muted", text: say("challenge_to", { name: challenge.to, game }) }),
      h("button", { type: "button", class: "button quiet", text: t("cancel"),
        onclick: () => act(`/api/challenges/${challenge.id}`, { cancel: true }) }));
  }
  return h("li", { dataset: { challenge: challenge.id } },
    h("div", { class: "grow" }, h("strong", { text: say("challenge_from", { name: challenge.from, game }) })),
    h("button", { type: "button", class: "button primary", text: t("accept"), onclick: async () => {
      const answer = await act(`/api/challenges/${challenge.id}`, { accept: true });
      if (answer && answer.url) goTo(answer);
    } }),
    h("button", { type: "button", class: "button quiet", text: t("decline"),
      onclick: () => act(`/api/challenges/${challenge.id}`, { accept: false }) }));
}

export function friendsPanel() {
  const section = h("section", { class: "panel friends", id: "friends" });
  const waiting = known ? known.asked_me.length + known.challenges.filter((c) => !c.mine && c.status === "open").length : 0;
  section.append(h("h2", {}, t("friends"), waiting ? h("span", { class: "badge", id: "friends-badge", text: String(waiting) }) : null));
  if (!known) {
    section.append(h("p", { class: "muted" }, h("a", { href: "/account", text: t("friends_login") })));
    return section;
  }
  if (known.challenges.length) {
    section.append(h("h3", { text: t("challenges") }), h("ul", { class: "table-list" }, ...known.challenges.map(challengeRow)));
  }
  const requests = [
    ...known.asked_me.map((p) => h("li", { dataset: { asked: p.username } },
      h("div", { class: "grow", text: say("asked_you", { name: p.display }) }),
      h("button", { type: "button", class: "button primary", text: t("accept"),
        onclick: () => act("/api/friends", { username: p.username, action: "accept" }) }),
      h("button", { type: "button", class: "button quiet", text: t("decline"),
        onclick: () => act("/api/friends", { username: p.username, action: "remove" }) }),
      h("button", { type: "button", class: "button quiet", text: t("block"),
        onclick: () => act("/api/friends", { username: p.username, action: "block" }) }))),
    ...known.asked_by_me.map((p) => h("li", { class: "muted", text: say("asked_by_you", { name: p.display }) })),
  ];
  if (requests.length) section.append(h("ul", { class: "table-list" }, ...requests));
  section.append(known.friends.length
    ? h("ul", { class: "table-list" }, ...known.friends.map(friendRow))
    : h("p", { class: "muted", text: t("no_friends") }));
  const who = h("input", { id: "friend-name", autocomplete: "off", "aria-label": t("username"), placeholder: t("username") });
  const form = h("form", { class: "row", id: "add-friend" }, who, h("button", { type: "submit", class: "button", text: t("ask") }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (who.value.trim()) await act("/api/friends", { username: who.value.trim(), action: "ask" });
  });
  const link = h("button", { type: "button", class: "button quiet", id: "friend-link", text: t("friend_link") });
  link.addEventListener("click", async () => {
    const made = await act("/api/invitations", { kind: "friend" });
    if (made) {
      linkMade = new URL(made.url, window.location.href).href;
      await refresh();
    }
  });
  section.append(h("h3", { text: t("add_friend") }), form, link);
  if (linkMade) {
    const shown = h("input", { id: "friend-link-url", readOnly: true, value: linkMade, "aria-label": t("friend_link") });
    const copy = h("button", { type: "button", class: "button quiet", text: t("copy"),
      onclick: async () => { if (await copyText(linkMade, shown)) copy.textContent = t("copied"); } });
    section.append(h("div", { class: "row" }, shown, copy));
  }
  if (message) section.append(h("p", { class: "error", role: "alert", text: message }));
  return section;
}

export function watchPanel() {
  const section = h("section", { class: "panel watch", id: "watch" }, h("h2", { text: t("watch") }));
  const row = (table) => h("li", { dataset: { code: table.code } },
    h("div", { class: "grow" },
      h("strong", { text: titleOf(table.game) }), " ", h("code", { text: table.code }),
      h("div", { class: "muted", text: [table.players.map((p) => p.display).join(" · "),
        table.rating === null ? "" : `★ ${table.rating}`].filter(Boolean).join(" · ") })),
    h("a", { class: "button", href: table.url, text: t("watch_table") }));
  if (watched.friends.length) {
    section.append(h("h3", { text: t("friends_tables") }), h("ul", { class: "table-list" }, ...watched.friends.map(row)));
  }
  const friendsCodes = new Set(watched.friends.map((table) => table.code));
  const others = watched.tables.filter((table) => !friendsCodes.has(table.code)); // a friends' table once
  if (!others.length && watched.friends.length) return section;
  section.append(others.length
    ? h("ul", { class: "table-list" }, ...others.map(row))
    : h("p", { class: "muted", text: t("no_tables_to_watch") }));
  return section;
}

export async function refresh() {
  try {
    known = await api("GET", "/api/friends");
  } catch (_) {
    known = null; // logged out (401), or the server is away for a moment
  }
  try {
    watched = await api("GET", "/api/tv");
  } catch (_) { /* the list stays as it was */ }
  for (const [id, panel] of [["friends", friendsPanel], ["watch", watchPanel]]) {
    const old = document.getElementById(id);
    if (old) old.replaceWith(panel());
  }
}

/** Called once by the lobby with the installed games; an `?invite=TOKEN` link in the address is used now. */
export async function startFriends(installed) {
  games = installed;
  const invite = new URLSearchParams(window.location.search).get("invite");
  if (invite) {
    const used = await act(`/api/invitations/${encodeURIComponent(invite)}`, {});
    if (used && used.challenge && used.challenge.url) goTo(used.challenge);
  }
  await refresh();
}
