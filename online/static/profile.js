// A person's public profile (/u/USERNAME): who they are, their record per game and format (matches, wins,
// losses, the rating as one number and its rank on the leaderboard) and their last matches, each opening its match page (the public replay).

import { api, h } from "/static/api.js";
import { chosenLanguage, gameTitle, languageSelector, setLanguage, t } from "/static/i18n.js";
import { AVATAR_MARKS } from "/static/avatars.js";
import { changeText, ratingLabel, readableDate, readableDay, scoreLine } from "/static/rating.js";
import { pageSwitches } from "/static/switches.js";

const app = document.getElementById("app");
const username = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const state = { profile: null, games: [], error: "" };
setLanguage(chosenLanguage() || navigator.language || "en");

/** A game's title in the reader's language, from its name as the records carry it (the raw name if unknown). */
function titleOf(name) {
  const game = state.games.find((g) => g.name === name);
  return game ? gameTitle(game) : name;
}

/** One card per game and format: the rating with its uncertainty, then matches, wins and losses. */
function recordsTable(records) {
  if (!records.length) return h("p", { text: t("no_matches") });
  return h("ul", { class: "records", id: "records" }, records.map((r) => h("li", { class: "record", dataset: { game: r.game, format: r.format } },
    h("h3", {}, h("span", { text: titleOf(r.game) }), h("span", { class: "format", text: r.format })),
    h("p", { class: "rating", title: t("rating"), text: r.rating === null ? `${t("rating")}: — (${t("casual")})`
      : `${t("rating")}: ${ratingLabel(r.rating, r.provisional)}${r.rank ? ` · #${r.rank}` : ""}` }),
    h("dl", {},
      h("div", {}, h("dt", { text: t("matches_played") }), h("dd", { class: "matches", text: String(r.matches) })),
      h("div", {}, h("dt", { text: t("wins") }), h("dd", { class: "wins", text: String(r.wins) })),
      h("div", {}, h("dt", { text: t("losses") }), h("dd", { class: "losses", text: String(r.losses) }))))));
}

function matchesList(matches) {
  if (!matches.length) return h("p", { text: t("no_matches") });
  return h("ul", { class: "matches", id: "last-matches" }, matches.map((m) => {
    const change = m.rating_change === null || m.rating_change === undefined ? t("casual") : `${t("rating")} ${changeText(m.rating_change)}`;
    const who = [];
    if (m.partner.length) who.push(`${t("partner_label")}: ${m.partner.join(", ")}`);
    if (m.rivals.length) who.push(`${t("rivals")}: ${m.rivals.join(", ")}`);
    return h("li", {},
      h("a", { href: m.match, text: `${titleOf(m.game)} ${m.format} · ${m.won ? t("won") : t("lost")} · ${scoreLine(m)}` }),
      h("small", { text: ` ${change}${who.length ? ` · ${who.join(" · ")}` : ""} · ${readableDate(m.at)}` }));
  }));
}

function render() {
  document.getElementById("lang-slot").replaceChildren(...pageSwitches(() => render()), languageSelector(() => render()));
  const p = state.profile;
  if (!p) {
    app.replaceChildren(h("h1", { text: username }), h("p", { class: "error", role: "alert", text: state.error }));
    return;
  }
  app.replaceChildren(
    h("h1", {}, h("span", { class: "avatar", text: `${AVATAR_MARKS[p.avatar] || ""} ` }), h("span", { text: p.display })),
    h("p", { class: "muted", text: `${p.username} · ${t("member_since")} ${readableDay(p.created)}` }),
    h("section", {}, h("h2", { text: t("record_per_game") }), recordsTable(p.records),
      h("p", {}, h("a", { href: "/leaderboard", text: t("leaderboard") }))),
    h("section", {}, h("h2", { text: t("last_matches") }), matchesList(p.matches)));
}

async function load() {
  try {
    state.games = await api("GET", "/api/games");
    state.profile = await api("GET", `/api/users/${encodeURIComponent(username)}`);
  } catch (error) {
    state.error = error.message;
  }
  render();
}

load();
