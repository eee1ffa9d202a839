// The seating before the start: the seats with their people and bots, the invite link, and the host's controls
// (bots and their levels, moving people, rotating partners, the start). `ctx` is the page's {state, code,
// hostToken, setNotice, render}.

import { api, copyText, h, inviteLink } from "/static/api.js";
import { gameTitle, levelName, t } from "/static/i18n.js";
import { botName, teamName } from "/static/table/names.js";
import { rememberBotLevel } from "/static/machine.js";

async function seating(ctx, op) {
  if (op.op === "bot" && op.level) rememberBotLevel(op.level); // the level "Play the machine" uses next
  try {
    const info = await api("POST", `/api/tables/${encodeURIComponent(ctx.code)}/seating`, op, ctx.hostToken());
    if (info && info.seats) ctx.state.info = info;
    ctx.setNotice("");
  } catch (error) {
    ctx.setNotice(error.message);
  }
  ctx.render();
}

async function startMatch(ctx) {
  try {
    await api("POST", `/api/tables/${encodeURIComponent(ctx.code)}/start`, {}, ctx.hostToken());
    ctx.setNotice("");
  } catch (error) {
    ctx.setNotice(error.message);
  }
}

/** This table's game as /api/games describes it, or undefined before the list has come. */
function tableGame(state) {
  return state.games.find((g) => state.info && g.name === state.info.game);
}

/** The bot levels of this table's game, from /api/games. */
function levels(state) {
  const game = tableGame(state);
  return game && Array.isArray(game.levels) && game.levels.length ? game.levels : ["random", "easy", "medium", "hard"];
}

/** The level the host picked for each empty seat, until a bot sits there. */
const pickedLevels = new Map();

function levelSelect(state, current, id) {
  const game = tableGame(state);
  return h("select", { id, "aria-label": t("level") },
    levels(state).map((level) => h("option", { value: level, text: levelName(level, game), selected: level === current })));
}

/** A seat as this reader names it: a bot in the reader's language (the server's name is in the table's). */
function seatName(seat) {
  if (seat.kind === "empty") return t("empty");
  if (seat.kind === "bot") return botName(seat.seat, seat.level);
  return seat.name || "";
}

export function seatingList(ctx, info, controls) {
  const state = ctx.state;
  const n = info.seats.length;
  const list = h("ol", { class: "seats", id: "seats" });
  for (const seat of info.seats) {
    const tags = [];
    if (seat.seat === state.me) tags.push(h("span", { class: "tag you", text: t("you") }));
    if (seat.seat === info.host_seat) tags.push(h("span", { class: "tag", text: t("host") }));
    if (info.teams) tags.push(h("span", { class: `tag team team-${info.teams[seat.seat]}`, text: teamName(info.teams[seat.seat], info.teams, state.me) }));
    if (seat.kind === "bot") tags.push(h("span", { class: "tag bot", text: t("bot") }));
    const away = seat.kind === "human" && (seat.presence === "away" || seat.presence === "bot");
    if (away) tags.push(h("span", { class: "tag away", text: t(`presence_${seat.presence}`) }));
    const row = h("li", { class: `seat-row kind-${seat.kind}`, dataset: { seat: String(seat.seat) } },
      h("span", { class: "seat-no", text: String(seat.seat + 1) }),
      h("span", { class: "who" }, h("strong", { text: seatName(seat) }), " ", ...tags));
    if (controls) {
      const tools = h("span", { class: "tools" });
      if (seat.kind === "empty" || seat.kind === "bot") {
        // An empty seat keeps the level the host picked for it while frames redraw the list (a presence or a
        // seat frame arriving between the pick and the tap used to put it back to medium).
        const picked = seat.kind === "empty" ? pickedLevels.get(seat.seat) : undefined;
        const select = levelSelect(state, picked || seat.level || "medium", `level-${seat.seat}`);
        if (seat.kind === "bot") select.addEventListener("change", () => seating(ctx, { op: "bot", seat: seat.seat, level: select.value }));
        else select.addEventListener("change", () => pickedLevels.set(seat.seat, select.value));
        tools.append(select);
        if (seat.kind === "empty") {
          tools.append(h("button", { type: "button", class: "add-bot", text: t("add_bot"),
            onclick: () => { pickedLevels.delete(seat.seat); seating(ctx, { op: "bot", seat: seat.seat, level: select.value }); } }));
        }
      }
      if (seat.kind !== "empty" && seat.seat !== info.host_seat) {
        tools.append(h("button", { type: "button", class: "remove", text: t("remove"), onclick: () => seating(ctx, { op: "empty", seat: seat.seat }) }));
      }
      tools.append(
        h("button", { type: "button", class: "move-up", title: t("move_up"), "aria-label": t("move_up"), text: "↑", disabled: seat.seat === 0,
          onclick: () => seating(ctx, { op: "move", seat: seat.seat, to: seat.seat - 1 }) }),
        h("button", { type: "button", class: "move-down", title: t("move_down"), "aria-label": t("move_down"), text: "↓", disabled: seat.seat === n - 1,
          onclick: () => seating(ctx, { op: "move", seat: seat.seat, to: seat.seat + 1 }) }));
      row.append(tools);
    }
    list.append(row);
  }
  return list;
}

function invitePanel(code) {
  const link = inviteLink(code);
  const input = h("input", { id: "invite", readOnly: true, value: link, "aria-label": t("invite_link") });
  const copy = h("button", { type: "button", id: "copy-invite", text: t("copy") });
  copy.addEventListener("click", async () => { if (await copyText(link, input)) copy.textContent = t("copied"); });
  return h("div", { class: "invite" }, h("label", { for: "invite", text: t("invite_link") }), h("div", { class: "row" }, input, copy));
}

export function renderSeating(ctx) {
  const state = ctx.state;
  const info = state.info;
  const host = state.host || (ctx.hostToken() !== null && state.me === info.host_seat);
  const panel = h("section", { class: "panel seating" }, h("h2", { text: `${t("lobby_phase")} · ${gameTitle(info)}` }));
  const facts = [`${info.players} ${t("players").toLowerCase()}`];
  if (info.options && info.options.points) facts.push(`${info.options.points} ${t("points")}`);
  panel.append(h("p", { class: "muted", text: facts.join(" · ") }), invitePanel(ctx.code), seatingList(ctx, info, host));
  if (host) {
    const row = h("div", { class: "row wrap host-tools" });
    if (info.teams && info.players >= 4) {
      row.append(h("button", { type: "button", id: "rotate", text: t("rotate_partners"), onclick: () => seating(ctx, { op: "rotate" }) }),
        h("button", { type: "button", id: "swap", text: t("swap_opponents"), onclick: () => seating(ctx, { op: "swap" }) }));
    }
    row.append(h("button", { type: "button", id: "start", class: "primary", text: t("start"),
      disabled: info.seats.some((seat) => seat.kind === "empty"), onclick: () => startMatch(ctx) }));
    panel.append(row);
  } else {
    panel.append(h("p", { class: "muted", text: state.me === null ? t("spectator") : t("waiting_host") }));
  }
  return panel;
}
