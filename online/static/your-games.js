// The lobby's "your games": the turn-based tables of the logged-in account (GET /api/account/turns), those
// waiting for you first, and the tab's title and badge counting them ("(1) cartas"), so an open tab says when a
// game needs you. Apart from lobby.js so the lobby gains one section and one refresh.

import { api, h } from "/static/api.js";
import { gameTitle, t } from "/static/i18n.js";

const REFRESH_MS = 30000;
let games = null; // null: not logged in (the section is not shown)
let titleOf = (name) => gameTitle({ game: name }); // the lobby gives the games' own titles (setTitles)

/** How a game's name is shown ("Argentine truco" for "truco"), from the games the lobby read. */
export function setTitles(title) { titleOf = title; }

function when(deadline) {
  if (!deadline) return "";
  return t("turns_due").replace("{when}", new Date(deadline * 1000).toLocaleString());
}

/** The section, or an empty placeholder while there is no account. */
export function yourGamesPanel() {
  const section = h("section", { class: "panel your-games", id: "your-games", hidden: games === null });
  if (games === null) return section;
  const waiting = games.filter((g) => g.your_turn).length;
  const title = h("h2", { text: t("your_games") });
  if (waiting) title.append(" ", h("span", { class: "badge", id: "your-turn-count", text: String(waiting) }));
  section.append(title);
  if (!games.length) {
    section.append(h("p", { class: "muted", text: t("turns_none") }));
    return section;
  }
  const list = h("ul", { class: "table-list" });
  for (const game of games) {
    const status = game.status !== "playing" ? t("turns_lobby") : game.your_turn ? t("your_turn") : t("their_turn");
    list.append(h("li", { class: game.your_turn ? "your-turn" : "", dataset: { code: game.code } },
      h("div", { class: "grow" },
        h("strong", { text: titleOf(game.game) }), " ", h("code", { text: game.code }),
        h("div", { class: "muted", text: [status, when(game.deadline)].filter(Boolean).join(" · ") })),
      h("a", { class: game.your_turn ? "button primary" : "button", href: game.url, text: t("open_table") })));
  }
  section.append(list);
  return section;
}

/** The title with the number of games waiting for you in front, as "(1) cartas". */
export function titled(base) {
  const waiting = games ? games.filter((g) => g.your_turn).length : 0;
  return waiting ? `(${waiting}) ${base}` : base;
}

async function refresh(base) {
  try {
    games = (await api("GET", "/api/account/turns")).games;
  } catch (_) {
    games = null; // not logged in, or the server is away: no section
  }
  const old = document.getElementById("your-games");
  if (old) old.replaceWith(yourGamesPanel());
  document.title = titled(base());
}

/** Read the list now and every half minute; `base` gives the page's own title. */
export function followYourGames(base) {
  refresh(base);
  setInterval(() => refresh(base), REFRESH_MS);
}
