// "Play the machine": one tap from the lobby to the first card. It creates a table of the game last chosen here
// with the options last used with it (truco for two, to the game's own points, the first time), fills every
// other seat with a bot at the level last picked, and starts, through the same routes a host's taps use (create,
// seating, start), so the server needs no new door and the same limits apply.

import { api, lastName, saveSeat } from "/static/api.js";
import { t } from "/static/i18n.js";

const LAST_GAME_KEY = "cartas:lobby:game";
export const BOT_LEVEL_KEY = "cartas:bot-level";

function read(key) {
  try { return localStorage.getItem(key); } catch (_) { return null; }
}

/** Remember the bot level a host picked at a table, for the next "Play the machine". */
export function rememberBotLevel(level) {
  try { localStorage.setItem(BOT_LEVEL_KEY, level); } catch (_) { /* private mode: not remembered */ }
}

/** The table "Play the machine" makes: {game, options, level} from what this browser remembers. */
export function machineChoice(games) {
  const names = games.map((g) => g.name);
  const name = [read(LAST_GAME_KEY), "truco", names[0]].find((n) => n && names.includes(n));
  const game = games.find((g) => g.name === name);
  let before = {};
  try { before = JSON.parse(read(`cartas:lobby:${name}`) || "{}") || {}; } catch (_) { before = {}; }
  const options = before.options && typeof before.options === "object" ? { ...before.options } : { players: 2 };
  if (!options.players) options.players = 2;
  const levels = Array.isArray(game.levels) && game.levels.length ? game.levels : ["medium"];
  const level = [read(BOT_LEVEL_KEY), before.bot_level, "medium", levels[0]].find((l) => l && levels.includes(l));
  return { game: name, options, level };
}

/** Create, seat the bots, start; then open the table. A refusal comes back as the thrown ApiError. */
export async function playTheMachine(games) {
  const choice = machineChoice(games);
  const name = lastName() || t("guest_name");
  const made = await api("POST", "/api/tables", { game: choice.game, options: choice.options, name, bot_level: choice.level });
  saveSeat(made.code, { token: made.token, seat: made.seat, host_token: made.host_token, name });
  const path = `/api/tables/${encodeURIComponent(made.code)}`;
  for (let seat = 0; seat < choice.options.players; seat += 1) {
    if (seat !== made.seat) await api("POST", `${path}/seating`, { op: "bot", seat, level: choice.level }, made.host_token);
  }
  await api("POST", `${path}/start`, undefined, made.host_token);
  location.assign(`/t/${encodeURIComponent(made.code)}`);
}
