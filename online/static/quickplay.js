// "Play now": choose a game, players and points, wait in the quick-play queue (polled every second), and go to
// the table once seated. After a chosen wait the person may be seated with bots in the empty seats.

import { api, h, lastName, saveSeat } from "/static/api.js";
import { chosenLanguage, languageSelector, setLanguage, t } from "/static/i18n.js";

const app = document.getElementById("app");
const state = { games: [], ticket: null, waited: 0, error: "", timer: null };
setLanguage(chosenLanguage() || navigator.language || "en");

function field(label, input) {
  return h("label", {}, h("span", { text: label }), input);
}

function form() {
  const game = h("select", { id: "qp-game" }, state.games.map((g) => h("option", { value: g.name, text: g.title || g.name })));
  const players = h("select", { id: "qp-players" });
  const points = h("input", { id: "qp-points", type: "number", min: 1, step: 1, inputMode: "numeric" });
  const name = h("input", { id: "qp-name", maxLength: 24, value: lastName() || "" });
  const bots = h("input", { id: "qp-bots", type: "number", min: 0, max: 600, step: 5, inputMode: "numeric", placeholder: "—" });
  const fill = () => {
    const chosen = state.games.find((g) => g.name === game.value) || state.games[0];
    players.replaceChildren(...(chosen.players || [2]).map((n) => h("option", { value: String(n), text: String(n) })));
    const option = (chosen.options || []).find((o) => o.name === "points");
    points.value = option ? String(option.default) : "";
    points.disabled = !option;
  };
  game.addEventListener("change", fill);
  if (state.games.length) fill();
  const element = h("form", { id: "quickplay-form" },
    field(t("game"), game), field(t("players"), players), field(t("points"), points),
    field(t("your_name"), name), field(t("accept_bots_after"), bots),
    h("button", { type: "submit", class: "primary", id: "play-now", text: t("play_now") }));
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { game: game.value, players: Number(players.value), options: {}, name: name.value.trim() || undefined };
    if (!points.disabled && points.value !== "") body.options.points = Number(points.value);
    if (bots.value !== "") body.bots_after = Number(bots.value);
    try {
      state.ticket = (await api("POST", "/api/quickplay", body)).ticket;
      state.name = body.name;
      state.error = "";
      poll();
    } catch (error) {
      state.error = error.message;
    }
    render();
  });
  return element;
}

async function poll() {
  if (!state.ticket) return;
  try {
    const found = await api("GET", "/api/quickplay", undefined, state.ticket);
    if (found.status === "seated") {
      saveSeat(found.code, { token: found.token, seat: found.seat, name: state.name || "" });
      location.assign(found.url);
      return;
    }
    state.waited = found.waited;
  } catch (error) {
    state.error = error.message;
    state.ticket = null;
  }
  render();
  if (state.ticket) state.timer = setTimeout(poll, 1000);
}

async function cancel() {
  clearTimeout(state.timer);
  const ticket = state.ticket;
  state.ticket = null;
  try { await api("DELETE", "/api/quickplay", undefined, ticket); } catch (_) { /* seated or gone */ }
  render();
}

function render() {
  document.getElementById("lang-slot").replaceChildren(languageSelector(() => render()));
  const body = state.ticket
    ? [h("p", { id: "qp-waiting", role: "status", text: `${t("looking_for_players")} ${Math.round(state.waited)} s` }),
      h("button", { type: "button", id: "qp-cancel", text: t("leave_queue"), onclick: cancel })]
    : [form()];
  app.replaceChildren(h("h1", { text: t("play_now") }), h("p", { class: "error", role: "alert", text: state.error }), ...body);
}

api("GET", "/api/games").then((games) => { state.games = games; render(); })
  .catch((error) => { state.error = error.message; render(); });
