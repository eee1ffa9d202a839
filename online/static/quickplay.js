// "Play now": choose a game, players and points, wait in the quick-play queue (polled every second), and go to
// the table once seated. After a chosen wait the person may be seated with bots in the empty seats. For a game
// of two teams of two, a person may first invite a partner (party.js); both then wait as one.

import { api, h, lastName, saveSeat } from "/static/api.js";
import { chosenLanguage, gameTitle, languageSelector, setLanguage, t } from "/static/i18n.js";
import { pageSwitches } from "/static/switches.js";
import { invitationForm, invitations, invitationsList, partnerField, partnersPossible, partyWaiting } from "/static/party.js";

const app = document.getElementById("app");
const invited = new URLSearchParams(location.search).get("party");
// party: the invitation being answered, or the leader's party while the friend has not accepted
const state = { games: [], ticket: null, waited: 0, error: "", timer: null, party: null, partyOpen: null, invitations: [] };
setLanguage(chosenLanguage() || navigator.language || "en");

function field(label, input) {
  return h("label", {}, h("span", { text: label }), input);
}

const QP_KEY = "cartas:quickplay";
const BOT_WAITS = [0, 30, 60, 120];

/** What this browser last asked quick play for ({game, players, points, bots_after}), else the lobby's last game,
 * else truco: never the first game of the list (chinchón to 100) for someone who plays truco. */
function lastChoice() {
  try {
    const kept = JSON.parse(localStorage.getItem(QP_KEY) || "null");
    if (kept && typeof kept === "object") return kept;
    return { game: localStorage.getItem("cartas:lobby:game") || "truco" };
  } catch (_) { return { game: "truco" }; }
}

function keepChoice(choice) {
  try { localStorage.setItem(QP_KEY, JSON.stringify(choice)); } catch (_) { /* private mode: not remembered */ }
}

/** The targets a game allows as a choice: its option's own choices, else half, the default and one and a half. */
function targets(option) {
  if (Array.isArray(option.choices) && option.choices.length) return option.choices;
  const base = Number(option.default);
  return [...new Set([Math.round(base / 2), base, Math.round(base * 1.5)])];
}

function form() {
  const before = lastChoice();
  const game = h("select", { id: "qp-game" }, state.games.map((g) => h("option", { value: g.name, text: gameTitle(g) })));
  if (state.games.some((g) => g.name === before.game)) game.value = before.game;
  else if (state.games.some((g) => g.name === "truco")) game.value = "truco";
  const players = h("select", { id: "qp-players" });
  const points = h("select", { id: "qp-points" });
  const name = h("input", { id: "qp-name", maxLength: 24, value: lastName() || "" });
  const bots = h("select", { id: "qp-bots" }, BOT_WAITS.map((n) => h("option", {
    value: n ? String(n) : "", text: n ? t("bots_after_seconds").replace("{n}", String(n)) : t("bots_never"),
  })));
  bots.value = before.bots_after ? String(before.bots_after) : "";
  if (bots.selectedIndex < 0) bots.value = "";
  const partner = partnerField();
  const chosenGame = () => state.games.find((g) => g.name === game.value) || state.games[0];
  const showPartner = () => {
    const possible = partnersPossible(chosenGame(), Number(players.value));
    partner.label.hidden = !possible;
    partner.button.hidden = !possible;
  };
  const fill = () => {
    const chosen = chosenGame();
    players.replaceChildren(...(chosen.players || [2]).map((n) => h("option", { value: String(n), text: String(n) })));
    const same = chosen.name === before.game;
    players.value = String(same && before.players ? before.players : chosen.default_players || (chosen.players || [2])[0]);
    if (players.selectedIndex < 0) players.selectedIndex = 0;
    const option = (chosen.options || []).find((o) => o.name === "points");
    points.replaceChildren(...(option ? targets(option) : []).map((n) => h("option", { value: String(n), text: String(n) })));
    if (option) points.value = String(same && before.points ? before.points : option.default);
    if (option && points.selectedIndex < 0) points.value = String(option.default);
    points.disabled = !option;
    showPartner();
  };
  game.addEventListener("change", fill);
  players.addEventListener("change", showPartner);
  if (state.games.length) fill();
  const element = h("form", { id: "quickplay-form" },
    field(t("game"), game), field(t("players"), players), field(t("points_to_win"), points),
    field(t("your_name"), name), field(t("bots_wait"), bots), partner.label,
    h("div", { class: "row buttons" },
      h("button", { type: "submit", class: "primary", id: "play-now", text: t("play_now") }), partner.button));
  const ask = async (withPartner) => {
    const body = { game: game.value, players: Number(players.value), options: {}, name: name.value.trim() || undefined };
    if (!points.disabled && points.value !== "") body.options.points = Number(points.value);
    if (bots.value !== "") body.bots_after = Number(bots.value);
    keepChoice({ game: body.game, players: body.players, points: body.options.points, bots_after: body.bots_after });
    if (withPartner) body.partner = partner.input.value.trim() || true;
    await enter(body);
  };
  element.addEventListener("submit", (event) => { event.preventDefault(); ask(false); });
  partner.button.addEventListener("click", () => ask(true));
  return element;
}

/** Queue (or create a party, or accept one) with `body`; then poll. */
async function enter(body) {
  try {
    const answer = await api("POST", "/api/quickplay", body);
    state.ticket = answer.ticket;
    state.name = body.name;
    state.error = "";
    state.party = null;
    state.partyOpen = answer.invite ? { invite: answer.invite, party: answer.party } : null;
    poll();
  } catch (error) {
    state.error = error.message;
  }
  render();
}

function accept(party, name) {
  enter({ party, name });
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
    if (found.status === "closed") {
      state.ticket = null;
      state.partyOpen = null;
      state.error = t("partner_left");
      render();
      return;
    }
    state.partyOpen = found.status === "party" ? found : null;
    state.waited = found.waited || 0;
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
  document.getElementById("lang-slot").replaceChildren(...pageSwitches(() => render()), languageSelector(() => render()));
  let body;
  if (state.ticket && state.partyOpen) {
    body = [partyWaiting(state.partyOpen), h("button", { type: "button", id: "qp-cancel", text: t("leave_queue"), onclick: cancel })];
  } else if (state.ticket) {
    body = [h("p", { id: "qp-waiting", role: "status", text: `${t("looking_for_players")} ${Math.round(state.waited)} s` }),
      h("button", { type: "button", id: "qp-cancel", text: t("leave_queue"), onclick: cancel })];
  } else if (state.party) {
    body = [invitationForm(state.party, state.games, lastName(), accept)];
  } else {
    body = [invitationsList(state.invitations, state.games, (party) => accept(party)), form()];
  }
  app.replaceChildren(h("h1", { text: t("play_now") }), h("p", { class: "error", role: "alert", text: state.error }), ...body.filter(Boolean));
}

async function start() {
  try {
    state.games = await api("GET", "/api/games");
    if (invited) state.party = await api("GET", `/api/quickplay/party/${encodeURIComponent(invited)}`);
  } catch (error) {
    state.error = error.message;
  }
  if (state.party && state.party.status !== "open") {
    state.error = t("party_not_open");
    state.party = null;
  }
  state.invitations = await invitations();
  render();
}

start();
