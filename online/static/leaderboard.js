// The leaderboard of one game and format: rank (#1, #2...), name, rating (one number, "?" while provisional;
// ordered by openskill's mu - 3 sigma, cartas.online.accounts.shown) and matches.

import { api, h } from "/static/api.js";
import { chosenLanguage, gameTitle, languageSelector, setLanguage, t } from "/static/i18n.js";
import { ratingLabel } from "/static/rating.js";
import { pageSwitches } from "/static/switches.js";

const app = document.getElementById("app");
const params = new URLSearchParams(location.search);
const state = { games: [], game: params.get("game") || "truco", format: params.get("format") || "1v1", players: [], error: "" };
setLanguage(chosenLanguage() || navigator.language || "en");

async function load() {
  state.error = "";
  try {
    if (!state.games.length) state.games = await api("GET", "/api/games");
    const board = await api("GET", `/api/leaderboard?game=${encodeURIComponent(state.game)}&format=${state.format}`);
    state.players = board.players;
  } catch (error) {
    state.error = error.message;
    state.players = [];
  }
  render();
}

function picker() {
  const game = h("select", { id: "board-game", "aria-label": t("game") },
    state.games.map((g) => h("option", { value: g.name, text: gameTitle(g), selected: g.name === state.game })));
  const format = h("select", { id: "board-format", "aria-label": t("format") },
    ["1v1", "2v2"].map((f) => h("option", { value: f, text: f, selected: f === state.format })));
  const changed = () => {
    state.game = game.value;
    state.format = format.value;
    history.replaceState(null, "", `?game=${encodeURIComponent(state.game)}&format=${state.format}`);
    load();
  };
  game.addEventListener("change", changed);
  format.addEventListener("change", changed);
  return h("form", {}, game, format);
}

function board() {
  if (!state.players.length) return h("p", { text: t("no_ratings") });
  return h("table", {},
    h("thead", {}, h("tr", {}, ["#", t("display_name"), t("rating"), t("matches_played")].map((x) => h("th", { text: x })))),
    h("tbody", {}, state.players.map((p) => h("tr", {},
      h("td", { class: "rank", text: `#${p.rank}` }), h("td", {}, h("a", { href: `/u/${encodeURIComponent(p.username)}`, text: p.display, title: p.username })),
      h("td", { class: "rating", text: ratingLabel(p.rating, p.provisional) }), h("td", { text: String(p.matches) })))),
    state.players.some((p) => p.provisional) ? h("caption", { class: "hint", text: t("provisional_note") }) : null);
}

function render() {
  document.getElementById("lang-slot").replaceChildren(...pageSwitches(() => render()), languageSelector(() => render()));
  app.replaceChildren(h("h1", { text: t("leaderboard") }), picker(),
    h("p", { class: "error", role: "alert", text: state.error }), board());
}

load();
