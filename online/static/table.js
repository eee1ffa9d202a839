// The table page (/t/CODE): join a seat, the seating before the start (the host's controls), then the match:
// cards, the trick, scores, whose turn, the legal moves, what happened, the end-of-hand summary, the result and chat.
// Every server or player string is set with textContent; card texts are drawn only when they parse as cards.

import { api, copyText, forgetSeat, h, inviteLink, lastName, loadSeat, rememberName, saveSeat } from "/static/api.js";
import { cardBack, cardFace, loadDeck, parseCard } from "/static/cards.js";
import { TableSocket } from "/static/conn.js";
import { chosenLanguage, language, languageSelector, levelName, setLanguage, t } from "/static/i18n.js";

const LOG_LINES = 40;
const code = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "").toUpperCase();

const state = {
  info: null, // TableInfo
  view: null, // VIEW
  me: null, // our seat, or null when watching
  host: false,
  log: [], // recent event lines [{v, text, kind}]
  handLog: [], // the current hand's event lines
  lastHandLog: [], // the previous hand's, for the summary
  chat: [],
  result: null,
  summary: null, // {before, after, lines, teams}
  handNumber: null,
  handScores: null,
  games: [],
  pending: false,
  notice: "",
  conn: "connecting",
  joining: false,
};

const app = document.getElementById("app");
let socket = null;

// --- helpers ---------------------------------------------------------------------------------------------------

function seatToken() {
  const seat = loadSeat(code);
  return seat ? seat.token : null;
}

function hostToken() {
  const seat = loadSeat(code);
  return seat && seat.host_token ? seat.host_token : null;
}

function nameOf(seat) {
  const names = state.view && state.view.names;
  if (names && names[String(seat)]) return names[String(seat)];
  const info = state.info && state.info.seats && state.info.seats[seat];
  if (info && info.name) return info.name;
  return `${t("seat")} ${seat}`;
}

/** The reader's language, not the table's: the one chosen with the selector, else the browser's. The server
 * writes the game's text in it (the hello and the `lang` frame say which). */
function applyLanguage() {
  setLanguage(chosenLanguage() || navigator.language || "en");
}

/** Draw the cards in the table's deck (the French deck for truco paulista), once its art is loaded. */
function useTableDeck() {
  loadDeck(state.info && state.info.deck).then((changed) => { if (changed) render(); });
}

function setNotice(text) {
  state.notice = text || "";
  const box = document.getElementById("notice");
  if (box) box.textContent = state.notice;
}

/** The names the table's text gives the seats and the sides for this reader (`{seats, sides}`), if sent. */
function said() {
  return state.view && state.view.said ? state.view.said : null;
}

function obs() {
  return state.view && state.view.observation ? state.view.observation : null;
}

function tv() {
  return (state.view && state.view.table_view) || {};
}

function cardRow(cards, className = "", { small = false } = {}) {
  const row = h("div", { class: `cards ${className}`.trim() });
  for (const card of cards || []) {
    const face = parseCard(card) ? cardFace(card, small ? "small" : "") : cardBack(small ? "small" : "");
    row.append(face);
  }
  return row;
}

// --- frames ----------------------------------------------------------------------------------------------------

function addEvent(frame) {
  if (frame.kind === "deal") {
    state.lastHandLog = state.handLog;
    state.handLog = [];
  }
  if (!frame.text) return;
  const line = { v: frame.v, text: String(frame.text), kind: frame.kind || "" };
  state.handLog.push(line);
  state.log.push(line);
  if (state.log.length > LOG_LINES) state.log.splice(0, state.log.length - LOG_LINES);
}

/** A new view: notice a finished hand (the hand number grew) and keep the summary of it. */
function takeView(view) {
  state.view = view;
  state.pending = false;
  if (view && view.you !== undefined && view.you !== null) state.me = view.you;
  const o = obs();
  if (!o) return;
  if (state.handNumber !== null && o.hand_number > state.handNumber && !o.over) {
    state.summary = {
      before: state.handScores || o.scores.map(() => 0),
      after: o.scores.slice(),
      lines: state.lastHandLog.length ? state.lastHandLog : state.handLog,
      teams: o.teams,
    };
  }
  if (state.handNumber === null || o.hand_number !== state.handNumber) {
    state.handNumber = o.hand_number;
    state.handScores = o.scores.slice();
  }
}

function onFrame(frame) {
  switch (frame.type) {
    case "welcome":
      state.me = typeof frame.seat === "number" ? frame.seat : null;
      state.host = Boolean(frame.host);
      break;
    case "snapshot":
      state.info = frame.table || state.info;
      state.log = [];
      state.handLog = [];
      state.lastHandLog = [];
      state.handNumber = null;
      for (const event of frame.events || []) addEvent(event);
      state.chat = (frame.chat || []).slice(-50);
      state.result = frame.result || null;
      if (frame.view) takeView(frame.view);
      else state.view = null;
      applyLanguage();
      useTableDeck();
      break;
    case "lobby": {
      state.info = frame.table || state.info;
      const mine = loadSeat(code);
      if (typeof frame.you === "number" || frame.you === null) state.me = frame.you;
      else if (mine && typeof state.me === "number" && state.info.seats && state.info.seats[state.me]
        && state.info.seats[state.me].name !== mine.name && socket) {
        socket.drop(true); // our seat moved: the new welcome says where we sit now
      }
      applyLanguage();
      break;
    }
    case "event":
      addEvent(frame);
      break;
    case "view":
      takeView(frame.view);
      break;
    case "presence":
      if (state.info && state.info.seats && state.info.seats[frame.seat]) state.info.seats[frame.seat].presence = frame.presence;
      break;
    case "chat":
      state.chat.push(frame);
      if (state.chat.length > 50) state.chat.shift();
      renderChatLines();
      return;
    case "result":
      state.result = frame;
      state.summary = null;
      if (state.info) state.info.status = "finished";
      break;
    case "ack":
      return;
    case "error":
      state.pending = false;
      setNotice(frame.message || "error");
      break;
    case "pong":
    case "replaced":
      return;
    default:
      return;
  }
  render();
}

function onConnState(connState) {
  state.conn = connState;
  const badge = document.getElementById("conn");
  badge.dataset.state = connState;
  badge.textContent = t(`state_${connState}`);
  if (connState === "refused") {
    forgetSeat(code);
    setNotice(t("token_refused"));
    socket = null;
    showJoin();
  }
}

function connect() {
  if (socket) socket.stop();
  socket = new TableSocket(code, { token: seatToken, lang: language, onFrame, onState: onConnState });
  window.cartasTable = { socket, state };
  socket.connect();
}

function sendMove(action) {
  if (state.pending || !socket) return;
  if (socket.send({ type: "move", action: action.text, v: socket.version })) {
    state.pending = true;
    setNotice("");
    render();
  }
}

// --- the header ------------------------------------------------------------------------------------------------

function renderHeader() {
  const info = state.info;
  document.getElementById("title").textContent = info ? `${info.title || info.game} · ${code}` : code;
  document.title = info ? `${info.title || info.game} ${code} · cartas` : `cartas ${code}`;
  document.getElementById("lang-slot").replaceChildren(languageSelector(() => {
    if (socket) socket.setLanguage(language()); // the game's text comes again in the new language
    render();
  }));
  onConnState(state.conn === "refused" ? "offline" : state.conn);
}

// --- joining ---------------------------------------------------------------------------------------------------

async function showJoin() {
  let info = null;
  try {
    info = await api("GET", `/api/tables/${encodeURIComponent(code)}`);
  } catch (error) {
    app.replaceChildren(h("p", { class: "error", text: error.status === 404 ? t("not_found") : error.message }),
      h("a", { class: "button", href: "/", text: t("back_to_lobby") }));
    return;
  }
  state.info = info;
  applyLanguage();
  renderHeader();
  const free = (info.seats || []).filter((seat) => seat.kind === "empty");
  if (info.status !== "lobby" || !free.length) {
    connect(); // nothing to join: watch the table
    render();
    return;
  }
  const name = h("input", { id: "join-name", required: true, maxLength: 30, autocomplete: "nickname", value: lastName() });
  const seat = h("select", { id: "join-seat" }, h("option", { value: "", text: t("any_seat") }),
    free.map((s) => h("option", { value: String(s.seat), text: `${t("seat")} ${s.seat}` +
      (info.teams ? ` (${t("team")} ${info.teams[s.seat]})` : "") })));
  const error = h("p", { class: "error", role: "alert", text: state.notice });
  const form = h("form", { class: "panel join", id: "join-form" },
    h("h2", { text: `${t("join_table")}: ${info.title || info.game}` }),
    h("div", { class: "field" }, h("label", { for: "join-name" }, h("span", { text: t("your_name") }), name)),
    h("div", { class: "field" }, h("label", { for: "join-seat" }, h("span", { text: t("seat") }), seat)),
    error,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: "join", text: t("join") }),
      h("button", { type: "button", id: "watch", text: t("watch"), onclick: () => { state.joining = false; connect(); render(); } })));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { name: name.value.trim() };
    if (seat.value !== "") body.seat = Number(seat.value);
    rememberName(body.name);
    try {
      const joined = await api("POST", `/api/tables/${encodeURIComponent(code)}/join`, body);
      saveSeat(code, { token: joined.token, seat: joined.seat, name: body.name });
      state.me = joined.seat;
      state.joining = false;
      setNotice("");
      connect();
      render();
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  state.joining = true;
  app.replaceChildren(seatingList(info, false), form);
}

// --- the seating (lobby phase) ---------------------------------------------------------------------------------

async function seating(op) {
  try {
    const info = await api("POST", `/api/tables/${encodeURIComponent(code)}/seating`, op, hostToken());
    if (info && info.seats) state.info = info;
    setNotice("");
  } catch (error) {
    setNotice(error.message);
  }
  render();
}

async function startMatch() {
  try {
    await api("POST", `/api/tables/${encodeURIComponent(code)}/start`, {}, hostToken());
    setNotice("");
  } catch (error) {
    setNotice(error.message);
  }
}

/** The bot levels of this table's game, from /api/games. */
function levels() {
  const game = state.games.find((g) => state.info && g.name === state.info.game);
  return game && Array.isArray(game.levels) && game.levels.length ? game.levels : ["random", "easy", "medium", "hard"];
}

function levelSelect(current, id) {
  return h("select", { id, "aria-label": t("level") },
    levels().map((level) => h("option", { value: level, text: levelName(level), selected: level === current })));
}

function seatingList(info, controls) {
  const n = info.seats.length;
  const list = h("ol", { class: "seats", id: "seats" });
  for (const seat of info.seats) {
    const tags = [];
    if (seat.seat === state.me) tags.push(h("span", { class: "tag you", text: t("you") }));
    if (seat.seat === info.host_seat) tags.push(h("span", { class: "tag", text: t("host") }));
    if (info.teams) tags.push(h("span", { class: `tag team team-${info.teams[seat.seat]}`, text: `${t("team")} ${info.teams[seat.seat]}` }));
    if (seat.kind === "bot") tags.push(h("span", { class: "tag bot", text: `${t("bot")}${seat.level ? ` · ${levelName(seat.level)}` : ""}` }));
    const away = seat.kind === "human" && (seat.presence === "away" || seat.presence === "bot");
    if (away) tags.push(h("span", { class: "tag away", text: t(`presence_${seat.presence}`) }));
    const row = h("li", { class: `seat-row kind-${seat.kind}`, dataset: { seat: String(seat.seat) } },
      h("span", { class: "seat-no", text: String(seat.seat) }),
      h("span", { class: "who" }, h("strong", { text: seat.kind === "empty" ? t("empty") : seat.name || "" }), " ", ...tags));
    if (controls) {
      const tools = h("span", { class: "tools" });
      if (seat.kind === "empty" || seat.kind === "bot") {
        const select = levelSelect(seat.level || "medium", `level-${seat.seat}`);
        if (seat.kind === "bot") select.addEventListener("change", () => seating({ op: "bot", seat: seat.seat, level: select.value }));
        tools.append(select);
        if (seat.kind === "empty") {
          tools.append(h("button", { type: "button", class: "add-bot", text: t("add_bot"),
            onclick: () => seating({ op: "bot", seat: seat.seat, level: select.value }) }));
        }
      }
      if (seat.kind !== "empty" && seat.seat !== info.host_seat) {
        tools.append(h("button", { type: "button", class: "remove", text: t("remove"), onclick: () => seating({ op: "empty", seat: seat.seat }) }));
      }
      tools.append(
        h("button", { type: "button", class: "move-up", title: t("move_up"), "aria-label": t("move_up"), text: "↑", disabled: seat.seat === 0,
          onclick: () => seating({ op: "move", seat: seat.seat, to: seat.seat - 1 }) }),
        h("button", { type: "button", class: "move-down", title: t("move_down"), "aria-label": t("move_down"), text: "↓", disabled: seat.seat === n - 1,
          onclick: () => seating({ op: "move", seat: seat.seat, to: seat.seat + 1 }) }));
      row.append(tools);
    }
    list.append(row);
  }
  return list;
}

function invitePanel() {
  const link = inviteLink(code);
  const input = h("input", { id: "invite", readOnly: true, value: link, "aria-label": t("invite_link") });
  const copy = h("button", { type: "button", id: "copy-invite", text: t("copy") });
  copy.addEventListener("click", async () => { if (await copyText(link, input)) copy.textContent = t("copied"); });
  return h("div", { class: "invite" }, h("label", { for: "invite", text: t("invite_link") }), h("div", { class: "row" }, input, copy));
}

function renderSeating() {
  const info = state.info;
  const host = state.host || (hostToken() !== null && state.me === info.host_seat);
  const panel = h("section", { class: "panel seating" }, h("h2", { text: `${t("lobby_phase")} · ${info.title || info.game}` }));
  const facts = [`${info.players} ${t("players").toLowerCase()}`];
  if (info.options && info.options.points) facts.push(`${info.options.points} ${t("points")}`);
  panel.append(h("p", { class: "muted", text: facts.join(" · ") }), invitePanel(), seatingList(info, host));
  if (host) {
    const row = h("div", { class: "row wrap host-tools" });
    if (info.teams && info.players >= 4) {
      row.append(h("button", { type: "button", id: "rotate", text: t("rotate_partners"), onclick: () => seating({ op: "rotate" }) }),
        h("button", { type: "button", id: "swap", text: t("swap_opponents"), onclick: () => seating({ op: "swap" }) }));
    }
    row.append(h("button", { type: "button", id: "start", class: "primary", text: t("start"),
      disabled: info.seats.some((seat) => seat.kind === "empty"), onclick: startMatch }));
    panel.append(row);
  } else {
    panel.append(h("p", { class: "muted", text: state.me === null ? t("spectator") : t("waiting_host") }));
  }
  return panel;
}

// --- the match -------------------------------------------------------------------------------------------------

/** The centre cards (vira, trump, discard...) from the table view, or from a game's own observation fields. */
function centreCards() {
  const centre = tv().centre;
  const out = [];
  if (Array.isArray(centre)) {
    for (const item of centre) {
      if (typeof item === "string") out.push(["", [item]]);
      else if (item && typeof item === "object") out.push([item.label || item.name || "", [].concat(item.cards || item.card || [])]);
    }
  } else if (centre && typeof centre === "object") {
    for (const [label, cards] of Object.entries(centre)) if (cards) out.push([label, [].concat(cards)]);
  } else {
    const table = (obs() && obs().table) || {};
    for (const [key, label] of [["vira", "vira"], ["trump", "trump"], ["up", "trump"], ["upcard", "upcard"]]) {
      const value = table[key];
      if (typeof value === "string" && parseCard(value)) out.push([t(label), [value]]);
    }
  }
  return out.filter(([, cards]) => cards.length);
}

function trickCards() {
  const table = (obs() && obs().table) || {};
  const trick = tv().trick !== undefined ? tv().trick : table.trick || table.current_trick;
  const out = [];
  for (const item of trick || []) {
    if (Array.isArray(item)) out.push([item[0], item[1]]);
    else if (item && typeof item === "object") out.push([item.seat, item.card]);
  }
  return out;
}

function playedBy(seat) {
  const played = tv().played !== undefined ? tv().played : obs() && obs().table && obs().table.played;
  if (Array.isArray(played)) return played[seat] || [];
  if (played && typeof played === "object") return played[String(seat)] || [];
  return [];
}

function sideName(team, teams) {
  // The side as the table's text names it for this reader ("Nosotros", "Ellos"; the player in a game for two).
  const sides = said() && said().sides;
  if (sides && sides[team]) return sides[team];
  const members = teams.map((tm, seat) => (tm === team ? seat : null)).filter((seat) => seat !== null);
  return members.map((seat) => (seat === state.me ? t("you") : nameOf(seat))).join(" + ");
}

function scoresPanel() {
  const o = obs();
  const box = h("section", { class: "scores", id: "scores", "aria-label": t("scores") });
  o.scores.forEach((score, team) => {
    const mine = state.me !== null && o.teams[state.me] === team;
    box.append(h("div", { class: `score-side${mine ? " mine" : ""}`, dataset: { team: String(team) } },
      h("span", { class: "side-name", text: sideName(team, o.teams) }),
      h("strong", { class: "side-score", text: String(score) })));
  });
  const target = (o.table && o.table.points) || (state.info && state.info.options && state.info.options.points);
  if (target) box.append(h("div", { class: "muted target", text: `${t("points")}: ${target}` }));
  return box;
}

function seatTags(seat) {
  const o = obs();
  const tags = [];
  if (o.mano === seat) tags.push(h("span", { class: "tag mano", text: t("mano") }));
  if (o.dealer === seat) tags.push(h("span", { class: "tag dealer", text: t("dealer") }));
  // The name the table's text gives this seat, where it is not the one on the seat ("Compañero" for a partner),
  // so a line such as "Compañero: tiro 3O" points at a seat on the page.
  const spoken = said() && said().seats && said().seats[seat];
  if (spoken && seat !== state.me && spoken !== nameOf(seat)) tags.push(h("span", { class: "tag said", text: spoken }));
  const presence = state.info && state.info.seats && state.info.seats[seat] && state.info.seats[seat].presence;
  const kind = state.info && state.info.seats && state.info.seats[seat] && state.info.seats[seat].kind;
  if (presence === "away" || (presence === "bot" && kind === "human")) tags.push(h("span", { class: "tag away", text: t(`presence_${presence}`) }));
  return tags;
}

function seatPanel(seat) {
  const o = obs();
  const turn = o.to_act.includes(seat);
  const table = o.table || {};
  const sizes = tv().hand_sizes || table.hand_sizes || table.cards_in_hand;
  const backs = sizes && typeof sizes[seat] === "number" ? Array.from({ length: Math.min(sizes[seat], 12) }, () => "") : [];
  return h("div", { class: `seat-panel team-${o.teams[seat]}${turn ? " turn" : ""}`, dataset: { seat: String(seat) } },
    h("div", { class: "seat-head" }, h("strong", { text: nameOf(seat) }), ...seatTags(seat),
      turn ? h("span", { class: "tag turn", text: t("turn") }) : null),
    backs.length ? cardRow(backs, "backs", { small: true }) : null,
    cardRow(playedBy(seat), "played", { small: true }));
}

function centrePanel() {
  const box = h("section", { class: "centre", id: "centre" });
  const trick = trickCards();
  if (trick.length) {
    box.append(h("div", { class: "trick", id: "trick" }, h("span", { class: "label", text: t("trick") }),
      h("div", { class: "cards" }, trick.map(([seat, card]) => h("figure", { class: "played-card", dataset: { seat: String(seat) } },
        cardFace(card), h("figcaption", { text: nameOf(seat) }))))));
  }
  for (const [label, cards] of centreCards()) {
    box.append(h("div", { class: "centre-cards" }, h("span", { class: "label", text: label || t("centre") }), cardRow(cards)));
  }
  const lines = Array.isArray(tv().lines) ? tv().lines : [];
  if (lines.length) box.append(h("ul", { class: "lines" }, lines.map((line) => h("li", { text: String(line) }))));
  return box;
}

function meldsPanel() {
  const view = tv();
  // Every game's table view has (empty) melds and loose cards; only a rummy game fills them or prices them.
  const melds = Array.isArray(view.melds) ? view.melds : [];
  const loose = Array.isArray(view.loose) ? view.loose : [];
  if (!melds.length && !loose.length && typeof view.loose_points !== "number") return null;
  const box = h("div", { class: "melds", id: "melds" });
  if (Array.isArray(view.melds) && view.melds.length) {
    box.append(h("span", { class: "label", text: t("melds") }),
      h("div", { class: "meld-list" }, view.melds.map((meld) => cardRow(Array.isArray(meld) ? meld : meld.cards || [], "meld", { small: true }))));
  }
  if (Array.isArray(view.loose)) {
    box.append(h("span", { class: "label", text: `${t("loose")}${typeof view.loose_points === "number" ? ` · ${t("loose_points")}: ${view.loose_points}` : ""}` }),
      cardRow(view.loose, "loose", { small: true }));
  }
  return box;
}

function myPanel() {
  const o = obs();
  const legal = (state.view && state.view.legal) || [];
  const byCard = new Map();
  const buttons = [];
  for (const action of legal) {
    if (action.card && !byCard.has(String(action.card).toUpperCase())) byCard.set(String(action.card).toUpperCase(), action);
    else buttons.push(action);
  }
  const hand = tv().hand || o.hand || [];
  const handRow = h("div", { class: "cards hand", id: "hand" });
  for (const card of hand) {
    const action = byCard.get(String(card).toUpperCase());
    const face = cardFace(card, action ? "playable" : "");
    if (action) {
      const button = h("button", { type: "button", class: "card-button", title: action.label || action.text,
        "aria-label": action.label || action.text, disabled: state.pending, dataset: { action: action.text } }, face);
      button.addEventListener("click", () => sendMove(action));
      handRow.append(button);
    } else {
      handRow.append(h("span", { class: "card-slot" }, face));
    }
  }
  // A card move whose card is not in the hand (a discard pile, a stock): a plain button.
  for (const [card, action] of byCard) if (!hand.some((c) => String(c).toUpperCase() === card)) buttons.push(action);
  const turn = o.to_act.includes(state.me);
  return h("section", { class: `me team-${o.teams[state.me]}${turn ? " turn" : ""}`, id: "me" },
    h("div", { class: "seat-head" }, h("strong", { text: `${nameOf(state.me)} (${t("you")})` }), ...seatTags(state.me),
      turn ? h("span", { class: "tag turn", text: t("turn") }) : null),
    cardRow(playedBy(state.me), "played", { small: true }),
    h("span", { class: "label", text: t("your_hand") }),
    handRow,
    meldsPanel(),
    h("div", { class: "actions", id: "actions" }, buttons.map((action) => h("button", {
      type: "button", class: "action", disabled: state.pending, dataset: { action: action.text },
      text: action.label || action.text, onclick: () => sendMove(action) }))));
}

function waitingLine() {
  const o = obs();
  if (o.over || !o.to_act.length || o.to_act.includes(state.me)) return null;
  return h("p", { class: "muted waiting", text: `${t("waiting_for")} ${o.to_act.map(nameOf).join(", ")}…` });
}

function summaryPanel() {
  const s = state.summary;
  if (!s) return null;
  const rows = s.after.map((after, team) => {
    const delta = after - (s.before[team] || 0);
    return h("li", { text: `${sideName(team, s.teams)}: ${s.before[team] || 0} → ${after} (${delta >= 0 ? "+" : ""}${delta})` });
  });
  return h("div", { class: "overlay", id: "summary", role: "dialog", "aria-label": t("hand_summary") },
    h("div", { class: "panel" },
      h("h2", { text: t("hand_summary") }),
      h("h3", { text: t("score_change") }), h("ul", {}, rows),
      h("h3", { text: t("events") }), h("ul", { class: "summary-lines" }, s.lines.map((line) => h("li", { text: line.text }))),
      h("button", { type: "button", class: "primary", id: "summary-close", text: t("continue"),
        onclick: () => { state.summary = null; render(); } })));
}

function resultPanel() {
  const r = state.result;
  if (!r) return null;
  const winners = (r.winners || []).map((seat) => (typeof seat === "number" ? nameOf(seat) : String(seat)));
  const record = typeof r.record === "string" && r.record.startsWith("/api/") ? r.record : `/api/tables/${encodeURIComponent(code)}/record`;
  return h("section", { class: "panel result", id: "result" },
    h("h2", { text: t("match_over") }),
    h("p", {}, h("strong", { text: `${t("winners")}: ` }), winners.join(", ")),
    h("p", { text: `${t("scores")}: ${(r.scores || []).join(" – ")}` }),
    h("a", { href: record, id: "record-link", download: `cartas-${code}.json`, text: t("record") }), " · ",
    h("a", { href: "/", text: t("back_to_lobby") }));
}

function renderPlay() {
  const o = obs();
  const n = o.players;
  const me = state.me;
  const others = [];
  if (me === null || me === undefined || me < 0) for (let s = 0; s < n; s += 1) others.push(s);
  else for (let i = n - 1; i >= 1; i -= 1) others.push((me + i) % n);
  const board = h("section", { class: `board players-${n}`, id: "board" },
    h("div", { class: "others" }, others.map(seatPanel)),
    centrePanel(),
    me === null || me === undefined || me < 0 ? h("p", { class: "muted", text: t("spectator") }) : myPanel(),
    waitingLine());
  return h("div", { class: "play" }, scoresPanel(), resultPanel(), board);
}

// --- the side column: events and chat ---------------------------------------------------------------------------

function renderChatLines() {
  const list = document.getElementById("chat-lines");
  if (!list) return;
  list.replaceChildren(...state.chat.map((frame) => h("li", {},
    h("strong", { text: `${frame.name || (typeof frame.seat === "number" ? nameOf(frame.seat) : "?")}: ` }),
    h("span", { text: String(frame.text || "") }))));
  list.scrollTop = list.scrollHeight;
}

let chatBox = null;
function chatPanel() {
  if (!chatBox) {
    const input = h("input", { id: "chat-input", maxLength: 300, autocomplete: "off", "aria-label": t("chat") });
    const button = h("button", { type: "submit", id: "chat-send" });
    const form = h("form", { class: "row" }, input, button);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (text && socket && socket.send({ type: "chat", text })) input.value = "";
    });
    chatBox = h("section", { class: "panel chat", id: "chat" }, h("h2", {}), h("ul", { id: "chat-lines", class: "chat-lines" }), form);
  }
  chatBox.querySelector("h2").textContent = t("chat");
  chatBox.querySelector("#chat-send").textContent = t("send");
  return chatBox;
}

function logPanel() {
  const list = h("ol", { class: "log", id: "log" }, state.log.map((line) => h("li", { text: line.text })));
  return h("section", { class: "panel events" }, h("h2", { text: t("events") }), list);
}

// --- the page --------------------------------------------------------------------------------------------------

function render() {
  renderHeader();
  if (state.joining) return; // the join form stays until the person joins or chooses to watch
  if (!state.info) {
    app.replaceChildren(h("p", { class: "muted", text: t("state_connecting") }));
    return;
  }
  const main = [];
  if (state.info.status === "lobby" || !obs()) main.push(renderSeating());
  else main.push(renderPlay());
  const side = h("aside", { class: "side" }, logPanel(), chatPanel());
  const focused = document.activeElement && document.activeElement.id === "chat-input";
  app.replaceChildren(h("p", { class: "notice", id: "notice", role: "status", text: state.notice }),
    h("div", { class: "layout" }, h("div", { class: "main" }, main), side));
  const summary = summaryPanel();
  if (summary) app.append(summary);
  renderChatLines();
  const log = document.getElementById("log");
  if (log) log.scrollTop = log.scrollHeight;
  if (focused) document.getElementById("chat-input").focus();
}

async function loadGames() {
  try {
    state.games = await api("GET", "/api/games");
  } catch (_) { /* keep the default levels */ }
}

async function main() {
  applyLanguage();
  renderHeader();
  if (!code) {
    app.replaceChildren(h("p", { class: "error", text: t("not_found") }));
    return;
  }
  if (seatToken()) {
    connect();
    render();
  } else {
    await showJoin();
  }
  await loadGames();
  if (state.info) render();
}

main();
