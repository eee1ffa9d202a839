// The lobby page: every installed game with its own options, creating a table, the invite link, and the list of
// open tables (refreshed every few seconds) to join. It remembers, in this browser, the game last chosen and the
// options last used with each game; the first time it opens on truco.

import { api, copyText, h, inviteLink, lastName, rememberName, saveSeat } from "/static/api.js";
import { clockField } from "/static/clock-field.js";
import { friendsPanel, refresh as refreshFriends, startFriends, watchPanel } from "/static/friends.js";
import { chosenLanguage, gameTitle, language, languageSelector, levelName, setLanguage, t } from "/static/i18n.js";
import { switches } from "/static/table/prefs.js";
import { playTheMachine } from "/static/machine.js";
import { followYourGames, setTitles, titled, yourGamesPanel } from "/static/your-games.js";
import { registerWorker } from "/static/push.js";

const LAST_GAME_KEY = "cartas:lobby:game";
const FIRST_GAME = "truco";

/** What was last chosen for `game` here: {players, options, bot_level, grace}, or {}. */
function remembered(game) {
  try { return JSON.parse(localStorage.getItem(`cartas:lobby:${game}`) || "{}") || {}; } catch (_) { return {}; }
}

function remember(game, choice) {
  try {
    localStorage.setItem(`cartas:lobby:${game}`, JSON.stringify(choice));
    localStorage.setItem(LAST_GAME_KEY, game);
  } catch (_) { /* private mode: not remembered */ }
}

function lastGame() {
  try { return localStorage.getItem(LAST_GAME_KEY); } catch (_) { return null; }
}

const REFRESH_MS = 4000;
const state = { games: [], tables: [], created: null, error: "", gameName: null, values: {} };

const app = document.getElementById("app");
setLanguage(chosenLanguage() || navigator.language || "en");

/** A readable label for an option name: "third_tie" -> "third tie". */
function humanise(name) {
  return String(name).replace(/_/g, " ");
}

/** An option's name and help in the reader's language, as the game's catalogs say them (the server sends every
 * site language: `option.text[lang] = {title, help}`); the name and the English help when a game gives none. */
function optionWords(option) {
  const words = option.text && (option.text[language()] || option.text.en);
  return words
    ? { title: words.title, help: words.help, choices: words.choices || [] }
    : { title: humanise(option.name), help: option.description || "", choices: [] };
}

/** The input for one option of the game's schema: choices as a select, bools as a checkbox, ints as a number. */
function optionInput(option, value) {
  const id = `opt-${option.name}`;
  const words = optionWords(option);
  let input;
  if (option.type === "bool") {
    input = h("input", { type: "checkbox", id, name: option.name, checked: Boolean(value) });
  } else if (option.type === "choice" || (Array.isArray(option.choices) && option.choices.length)) {
    input = h("select", { id, name: option.name },
      // Each choice shown in the reader's words ("malas y buenas"), its value what the server reads back.
      (option.choices || []).map((choice, index) => h("option", { value: String(choice),
        text: words.choices[index] || humanise(choice), selected: String(choice) === String(value) })));
  } else if (option.type === "int" || option.type === "float") {
    const whole = option.type === "int";
    input = h("input", { type: "number", id, name: option.name, step: whole ? 1 : "any", inputMode: whole ? "numeric" : "decimal" });
    if (value !== null && value !== undefined) input.value = String(value);
  } else {
    input = h("input", { type: "text", id, name: option.name, maxLength: 60 });
    if (value !== null && value !== undefined) input.value = String(value);
  }
  input.dataset.type = option.type;
  input.dataset.choices = JSON.stringify(option.choices || []);
  const label = h("label", { for: id, class: option.type === "bool" ? "check" : "" });
  if (option.type === "bool") label.append(input, h("span", { text: words.title }));
  else label.append(h("span", { text: words.title }), input);
  return h("div", { class: "field", title: words.help }, label, words.help ? h("small", { text: words.help }) : null);
}

/** The option's value as the schema wants it back (numbers for int choices, booleans for checkboxes). */
function readOption(input) {
  const type = input.dataset.type;
  if (type === "bool") return input.checked;
  if (type === "int" || type === "float") return input.value === "" ? null : Number(input.value);
  if (input.tagName === "SELECT") {
    const choices = JSON.parse(input.dataset.choices || "[]");
    const found = choices.find((choice) => String(choice) === input.value);
    return found === undefined ? input.value : found;
  }
  return input.value;
}

function currentGame() {
  return state.games.find((game) => game.name === state.gameName) || state.games[0];
}

function createForm() {
  const game = currentGame();
  const form = h("form", { class: "panel create", id: "create-form" });
  form.append(h("h2", { text: t("create_table") }));
  const name = h("input", { id: "name", name: "name", required: true, maxLength: 30, autocomplete: "nickname", value: lastName() });
  name.addEventListener("input", () => rememberName(name.value.trim()));
  form.append(h("div", { class: "field" }, h("label", { for: "name" }, h("span", { text: t("your_name") }), name)));
  const gameSelect = h("select", { id: "game", name: "game" },
    state.games.map((g) => h("option", { value: g.name, text: gameTitle(g), selected: g === game })));
  gameSelect.addEventListener("change", () => {
    state.gameName = gameSelect.value;
    try { localStorage.setItem(LAST_GAME_KEY, gameSelect.value); } catch (_) { /* not remembered */ }
    render();
  });
  form.append(h("div", { class: "field" }, h("label", { for: "game" }, h("span", { text: t("game") }), gameSelect)));
  if (!game) return form;
  const before = remembered(game.name);
  const chosenPlayers = (game.players || []).includes(before.players) ? before.players : game.default_players;
  const players = h("select", { id: "players", name: "players" },
    (game.players || []).map((n) => h("option", { value: String(n), text: String(n), selected: n === chosenPlayers })));
  form.append(h("div", { class: "field" }, h("label", { for: "players" }, h("span", { text: t("players") }), players)));
  const options = (game.options || []).filter((option) => option.name !== "players");
  // Points first: it is what people choose most, then the rest in the game's order.
  options.sort((a, b) => (b.name === "points") - (a.name === "points"));
  // Points stay in sight; the game's other options fold away, since most tables keep their defaults.
  const box = h("div", { class: "option-inputs" });
  const more = h("details", { class: "options" }, h("summary", { text: t("options") }));
  const kept = before.options || {};
  for (const option of options) {
    const value = Object.prototype.hasOwnProperty.call(kept, option.name) ? kept[option.name] : option.default;
    (option.name === "points" ? box : more).append(optionInput(option, value));
  }
  box.append(more);
  form.append(box);
  const levels = Array.isArray(game.levels) && game.levels.length ? game.levels : ["medium"];
  const absentLevel = h("select", { id: "bot-level", name: "bot_level" },
    levels.map((level) => h("option", { value: level, text: levelName(level, game), selected: level === (levels.includes(before.bot_level) ? before.bot_level : "medium") })));
  const grace = h("input", { type: "number", id: "grace", name: "grace", min: 0, max: 3600, step: 1,
    value: typeof before.grace === "number" ? String(before.grace) : "60", inputMode: "numeric" });
  more.append(h("fieldset", { class: "options" }, h("legend", { text: t("absence") }),
    h("div", { class: "field" }, h("label", { for: "grace" }, h("span", { text: t("grace") }), grace)),
    h("div", { class: "field" }, h("label", { for: "bot-level" }, h("span", { text: t("absent_level") }), absentLevel))));
  // A rated table moves its players' ratings (docs/accounts.md); the server asks for a login.
  const rated = h("input", { type: "checkbox", id: "rated", name: "rated" });
  const clock = clockField(before);
  form.append(clock.element);
  form.append(h("div", { class: "field" }, h("label", { for: "rated", class: "check" }, rated, h("span", { text: t("rated_table") }))));
  // A private table refuses spectators and is not among the tables to watch (docs/online.md).
  const closed = h("input", { type: "checkbox", id: "no-spectators", name: "no-spectators" });
  form.append(h("div", { class: "field" }, h("label", { for: "no-spectators", class: "check" }, closed,
    h("span", { text: t("no_spectators") }))));
  form.append(h("p", { class: "error", id: "create-error", role: "alert", text: state.error }));
  form.append(h("button", { type: "submit", class: "primary", id: "create", text: t("create") }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = { players: Number(players.value) };
    for (const input of box.querySelectorAll("[data-type]")) {
      const value = readOption(input);
      if (value !== null) values[input.name] = value;
    }
    const who = name.value.trim();
    rememberName(who);
    try {
      const body = { game: game.name, options: values, name: who, bot_level: absentLevel.value };
      if (grace.value !== "") body.grace = Number(grace.value);
      if (rated.checked) body.rated = true;
      if (closed.checked) body.spectators = false;
      Object.assign(body, clock.read());
      remember(game.name, { players: values.players, options: values, bot_level: body.bot_level, grace: body.grace,
        clock: body.clock, reserve: body.reserve, turns: body.turns });
      const made = await api("POST", "/api/tables", body);
      saveSeat(made.code, { token: made.token, seat: made.seat, host_token: made.host_token, name: who });
      state.created = made;
      state.error = "";
    } catch (error) {
      state.error = error.message;
    }
    // Only the invite and the message change: the form keeps what was chosen, for another table like it.
    document.getElementById("create-error").textContent = state.error;
    document.getElementById("invite-slot").replaceChildren(...[invitePanel()].filter(Boolean));
    refreshTables();
  });
  return form;
}

function invitePanel() {
  const made = state.created;
  if (!made) return null;
  const link = inviteLink(made.code);
  const input = h("input", { id: "invite", readOnly: true, value: link, "aria-label": t("invite_link") });
  const copy = h("button", { type: "button", id: "copy-invite", text: t("copy") });
  copy.addEventListener("click", async () => {
    if (await copyText(link, input)) copy.textContent = t("copied");
  });
  return h("section", { class: "panel invite" },
    h("h2", { text: `${t("table")} ${made.code}` }),
    h("label", { for: "invite", text: t("invite_link") }),
    h("div", { class: "row" }, input, copy),
    h("a", { class: "button primary", id: "open-table", href: made.url || `/t/${made.code}`, text: t("open_table") }));
}

function tablesPanel() {
  const section = h("section", { class: "panel tables", id: "tables" }, h("h2", { text: t("open_tables") }));
  if (!state.tables.length) {
    section.append(h("p", { class: "muted", text: t("no_open_tables") }));
    return section;
  }
  const list = h("ul", { class: "table-list" });
  for (const table of state.tables) {
    const facts = [`${table.players} ${t("players").toLowerCase()}`];
    if (table.points) facts.push(`${table.points} ${t("points")}`);
    facts.push(`${table.free} ${t("free_seats")}`);
    list.append(h("li", { dataset: { code: table.code } },
      h("div", { class: "grow" },
        h("strong", { text: gameTitle(table) }), " ",
        h("code", { text: table.code }),
        h("div", { class: "muted", text: `${facts.join(" · ")} · ${t("host")}: ${table.host}` })),
      h("a", { class: "button", href: `/t/${encodeURIComponent(table.code)}`, text: t("join") })));
  }
  section.append(list);
  return section;
}

/** One tap to a match against bots: the last game and options, bots at the last level (static/machine.js). */
function machineButton() {
  const error = h("p", { class: "error", id: "machine-error", role: "alert" });
  const button = h("button", {
    type: "button", class: "primary machine", id: "play-machine", text: t("play_machine"),
    onclick: async () => {
      button.disabled = true;
      try {
        await playTheMachine(state.games);
      } catch (failure) {
        error.textContent = failure.message;
        button.disabled = false;
      }
    },
  });
  return h("section", { class: "panel machine-panel" }, button, h("p", { class: "hint", text: t("play_machine_hint") }), error);
}

function render() {
  const slot = document.getElementById("lang-slot");
  slot.replaceChildren(switches(() => render()), languageSelector(() => render()));
  document.title = titled(t("lobby_title"));
  app.replaceChildren(h("h1", { text: t("lobby_title") }), ...[state.games.length ? machineButton() : null].filter(Boolean),
    yourGamesPanel(),
    h("div", { class: "lobby-grid" },
      h("div", {}, h("div", { id: "invite-slot" }, ...[invitePanel()].filter(Boolean)), createForm()),
      h("div", {}, friendsPanel(), tablesPanel(), watchPanel())));
}

async function refreshTables() {
  try {
    state.tables = await api("GET", "/api/tables");
  } catch (_) {
    return; // the list stays as it was; the next refresh tries again
  }
  const old = document.getElementById("tables");
  if (old) old.replaceWith(tablesPanel());
}

async function main() {
  try {
    state.games = await api("GET", "/api/games");
  } catch (error) {
    state.error = error.message;
  }
  state.gameName = state.games.length ? state.games[0].name : null;
  for (const choice of [FIRST_GAME, lastGame()]) if (choice && state.games.some((g) => g.name === choice)) state.gameName = choice;
  const wanted = new URLSearchParams(window.location.search).get("game");
  if (wanted && state.games.some((g) => g.name === wanted)) state.gameName = wanted;
  render();
  setTitles((name) => gameTitle(state.games.find((g) => g.name === name) || { game: name }));
  followYourGames(() => t("lobby_title"));
  registerWorker(); // shows the pushes of "your games" (cartas.online.push)
  await refreshTables();
  await startFriends(state.games);
  setInterval(() => { refreshTables(); refreshFriends(); }, REFRESH_MS);
}

main();
