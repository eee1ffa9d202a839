// The table page (/t/CODE): join a seat, the seating before the start (the host's controls), then the match drawn
// as a card table (table/*.js: the seats around it, the calls in bubbles, the middle, the hand, the action bar,
// the end of a hand and of the match), what happened, and chat. This module holds the state and the frames.
// Every server or player string is set with textContent; card texts are drawn only when they parse as cards.

import { api, forgetSeat, h, lastName, loadSeat, rememberName, saveSeat } from "/static/api.js";
import { loadDeck, parseCard } from "/static/cards.js";
import { TableSocket } from "/static/conn.js";
import { chosenLanguage, gameTitle, language, languageSelector, setLanguage, t } from "/static/i18n.js";
import { actionBar } from "/static/table/actionbar.js";
import { announce } from "/static/table/announce.js";
import { centrePanel, manilhaRank } from "/static/table/centre.js";
import { drawClocks, takeClock, timeoutLine } from "/static/table/clock.js";
import { dealing, keepDealing, startDeal } from "/static/table/deal.js";
import { layPlay } from "/static/table/early.js";
import { drawInto } from "/static/table/keep.js";
import { TRICKS_STAY, noteTrick, resetTricks, trickGone, trickWinners } from "/static/table/gather.js";
import { myPanel } from "/static/table/hand.js";
import { placeSeats } from "/static/table/layout.js";
import { renderSeating, seatingList } from "/static/table/seating.js";
import { teamName } from "/static/table/names.js";
import { keepAwake, switches } from "/static/table/prefs.js";
import { hidesChat, moderationPanel, removedNotice } from "/static/table/moderation.js";
import { pieSeats, seatPanel } from "/static/table/seats.js";
import { clearFlights, flyPlayedCards, motionStats, notePlay } from "/static/table/motion.js";
import { sound } from "/static/table/sound.js";
import { Speech } from "/static/table/speech.js";
import { resultPanel, summaryPanel } from "/static/table/summary.js";

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
  turnKey: "", // whose turn it is, to time the wait
  turnSince: Date.now(),
  fresh: new Set(), // "seat:index" of cards that have just been played, drawn arriving
  confirming: null, // the move ("mazo") waiting for its second tap
  closing: false, // the next card tapped closes (chinchón, remigio)
  rematch: null, // {accepted, code}
  rematchPending: false,
  signsOpen: false, // the señas shown in the action bar
  away: null, // after a reconnect, what happened until the next view: {moves, mine, hand, scores}
  dealV: null, // the version of a deal just announced, shown once its view arrives
  dealReady: false, // the table drawn next shows a new deal: animate it (table/deal.js)
};
const speech = new Speech();

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
  return `${t("seat")} ${seat + 1}`;
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

/** The line above the table: an error (the default), or `info` such as what happened while you were away. */
function setNotice(text, kind = "") {
  state.notice = text || "";
  state.noticeKind = kind;
  const box = document.getElementById("notice");
  if (box) {
    box.textContent = state.notice;
    box.className = `notice ${kind}`.trim();
  }
}

function watching() {
  return state.me === null || state.me === undefined || state.me < 0;
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


// --- frames ----------------------------------------------------------------------------------------------------

/** One event: into the hand's log, and, when `live` (not a snapshot's past), said, sounded and drawn arriving. */
function addEvent(frame, live = false) {
  if (frame.kind === "deal") {
    state.lastHandLog = state.handLog;
    state.handLog = [];
    resetTricks();
    clearFlights();
    if (live) state.dealV = frame.v;
  }
  const spoken = speech.take(frame);
  if (!frame.kind) return;
  const line = { v: frame.v, text: frame.text ? String(frame.text) : "", kind: frame.kind || "", seat: frame.seat, detail: frame.detail };
  if (frame.kind === "play" && typeof frame.seat === "number") {
    const before = state.handLog.filter((l) => l.kind === "play" && l.seat === frame.seat).length;
    if (live) {
      state.fresh.add(`${frame.seat}:${before}`);
      setTimeout(() => state.fresh.clear(), 900);
    }
  }
  if (live && (frame.kind === "play" || frame.kind === "hide") && typeof frame.seat === "number") {
    notePlay(frame, state.handLog.filter((l) => (l.kind === "play" || l.kind === "hide") && l.seat === frame.seat).length, state.me);
  }
  if (live && frame.kind === "play") layPlay(state.view, frame, state.me); // drawn now, not at the view (early.js)
  state.handLog.push(line);
  if (live && (frame.kind === "trick" || frame.kind === "parda")) {
    const winners = trickWinners(state.handLog);
    noteTrick(winners.length, winners[winners.length - 1], render);
  }
  if (state.away && (frame.kind === "play" || frame.kind === "discard")) {
    state.away.moves += 1;
    if (frame.seat === state.me) state.away.mine += 1;
  }
  if (!line.text) return;
  state.log.push(line);
  if (state.log.length > LOG_LINES) state.log.splice(0, state.log.length - LOG_LINES);
  // The last hand's summary folds away by itself once the reader has played a card in the new hand (a spectator:
  // once two have been played).
  if (live && state.summary && frame.kind === "play"
    && (watching() ? state.handLog.filter((l) => l.kind === "play").length >= 2 : frame.seat === state.me)) {
    state.summary = null;
  }
  if (live) {
    if (spoken) sound("call");
    else if (frame.kind === "play") sound("card");
    if (spoken || frame.kind === "play" || frame.kind === "trick") announce(line.text);
  }
}

/** A new view: notice a finished hand (the hand number grew) and keep the summary of it. */
function takeView(view) {
  state.view = view;
  state.pending = false;
  if (view && view.you !== undefined && view.you !== null) state.me = view.you;
  const o = obs();
  if (!o) return;
  const turnKey = `${o.hand_number}:${o.to_act.join(",")}`;
  if (turnKey !== state.turnKey) {
    const mine = typeof state.me === "number" && o.to_act.includes(state.me);
    const wasMine = state.turnKey && typeof state.me === "number" && state.turnKey.split(":")[1].split(",").includes(String(state.me));
    state.turnKey = turnKey;
    state.turnSince = Date.now();
    if (mine && !wasMine) sound("turn");
    state.confirming = null;
    state.signsOpen = false;
  }
  keepAwake(!o.over);
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
      // Back after a drop with a match on: count what arrives until the next view, to say it in one line.
      state.away = obs() && !obs().over ? { moves: 0, mine: 0, hand: obs().hand_number, scores: obs().scores.slice() } : null;
      break;
    case "snapshot":
      state.info = frame.table || state.info;
      state.log = [];
      state.handLog = [];
      state.lastHandLog = [];
      state.handNumber = null;
      speech.clear();
      for (const event of frame.events || []) addEvent(event);
      // A hand just dealt, nobody having played yet: the reader sees it dealt.
      state.dealReady = state.handLog.some((l) => l.kind === "deal") && !handStarted();
      state.chat = (frame.chat || []).slice(-50);
      state.result = frame.result || null;
      takeClock(frame.clock);
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
      addEvent(frame, true);
      break;
    case "rematch":
      takeRematch(frame);
      break;
    case "clock":
      takeClock(frame);
      break;
    case "timeout": { // a person's time ran out: said in one line (table/clock.js)
      const line = { v: frame.v, text: timeoutLine(frame, nameOf), kind: "clock", seat: frame.seat };
      state.log.push(line);
      announce(line.text);
      break;
    }
    case "view":
      if (state.dealV !== null && frame.v >= state.dealV) {
        state.dealV = null;
        state.dealReady = true;
      }
      takeView(frame.view);
      sayWhileAway();
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
    case "ratings": // after a rated match: each seat's new number and change (table/summary.js)
      state.ratings = frame.seats || null;
      break;
    case "ack":
      return;
    case "error":
      state.pending = false;
      setNotice(frame.message || "error");
      break;
    case "removed":
      setNotice(removedNotice(code));
      break;
    case "pong":
    case "replaced":
      return;
    default:
      return;
  }
  renderSoon();
}

/** Frames come in bursts (a move's event and then its view; several bots' moves at once), and each drawing of the
 * table lays the page out: draw once for the burst, in a task after the frames already queued, not once a frame.
 * (At the next animation frame was slower still: a loaded machine's headless chromium gives few.) Measured by
 * benchmarks/page_speed.py: a played card drawn ~2x sooner, median and worst, than drawing at every frame. */
let renderQueued = false;
function renderSoon() {
  if (renderQueued) return;
  renderQueued = true;
  const run = () => { if (renderQueued) render(); };
  setTimeout(run, 0);
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
  window.cartasTable = { socket, state, motion: motionStats };
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
  document.getElementById("title").textContent = info ? `${gameTitle(info)} · ${code}` : code;
  document.title = info ? `${gameTitle(info)} ${code} · cartas` : `cartas ${code}`;
  document.getElementById("lang-slot").replaceChildren(switches(() => render()), languageSelector(() => {
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
    free.map((s) => h("option", { value: String(s.seat), text: `${t("seat")} ${s.seat + 1}` +
      (info.teams ? ` (${teamName(info.teams[s.seat], info.teams, null)})` : "") })));
  const error = h("p", { class: "error", role: "alert", text: state.notice });
  const form = h("form", { class: "panel join", id: "join-form" },
    h("h2", { text: `${t("join_table")}: ${gameTitle(info)}` }),
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
  app.replaceChildren(seatingList(pageContext(), info, false), form);
}

/** What the seating module needs of the page. */
function pageContext() {
  return { state, code, hostToken, setNotice, render };
}

// --- the match -------------------------------------------------------------------------------------------------

const TRUCO_GAMES = new Set(["truco", "truco_paulista"]);
const RUMMY_GAMES = new Set(["chinchon", "remigio"]);

function gameName() {
  return (state.info && state.info.game) || "";
}

function sideName(team, teams) {
  // The side as the table's text names it for this reader ("Nosotros", "Ellos"; the player in a game for two).
  const sides = said() && said().sides;
  if (sides && sides[team]) return sides[team];
  if (new Set(teams).size < teams.length) return teamName(team, teams, state.me);
  const members = teams.map((tm, seat) => (tm === team ? seat : null)).filter((seat) => seat !== null);
  return members.map((seat) => (seat === state.me ? t("you") : nameOf(seat))).join(" + ");
}

const CARD_MOVES = new Set(["play", "hide", "discard", "draw"]);

/** Whether a card has been played (or drawn, or thrown) in this hand: until then, and while the deal is being
 * shown, the seat that cut says so. */
function handStarted() {
  return state.handLog.some((line) => CARD_MOVES.has(line.kind));
}

/** What every drawing module reads: the state and the few questions they ask of it. */
function context() {
  const o = obs();
  const vira = (tv().centre || []).find((item) => Array.isArray(item) && item[0] === "vira");
  const manilha = gameName() === "truco_paulista" && vira ? manilhaRank(vira[1]) : null;
  const places = new Map(placeSeats(o.players, state.me).map(({ seat, place }) => [seat, place]));
  const legal = (state.view && state.view.legal) || [];
  const winners = trickWinners(state.handLog);
  const stays = TRICKS_STAY.has(gameName());
  return {
    state, code, obs, tv, said, nameOf, sideName, render, sendMove, speech,
    turnSince: state.turnSince,
    trickWinners: winners,
    trickGone: (index) => trickGone(index, winners.length, stays),
    cutter: (handStarted() && !dealing()) || typeof tv().cutter !== "number" ? null : tv().cutter,
    fresh: state.fresh,
    pie: pieSeats(o, TRUCO_GAMES.has(gameName())),
    rummy: () => RUMMY_GAMES.has(gameName()) || tv().may_close !== null && tv().may_close !== undefined,
    isManilha: (card) => {
      const parsed = manilha !== null && parseCard(card);
      return Boolean(parsed && parsed.rank === manilha);
    },
    partner: (seat) => typeof state.me === "number" && state.me >= 0 && seat !== state.me && o.teams[seat] === o.teams[state.me],
    placeOf: (seat) => places.get(seat) || "top",
    legalText: (text) => legal.find((action) => action.text === text) || null,
    myMove: !(state.me === null || state.me === undefined || state.me < 0) && legal.length > 0,
    acceptRematch,
  };
}

function scoresPanel() {
  const o = obs();
  const box = h("section", { class: "scores", id: "scores", "aria-label": t("scores") });
  o.scores.forEach((score, team) => {
    const mine = state.me !== null && state.me >= 0 && o.teams[state.me] === team;
    box.append(h("div", { class: `score-side team-${team}${mine ? " mine" : ""}`, dataset: { team: String(team) } },
      h("span", { class: "side-name", text: sideName(team, o.teams) }),
      h("strong", { class: "side-score", text: String(score) })));
  });
  const target = tv().target || (state.info && state.info.options && state.info.options.points);
  if (target) box.append(h("div", { class: "target", text: `${t("points")}: ${target}` }));
  return box;
}

function renderPlay() {
  const ctx = context();
  const o = obs();
  const watching = state.me === null || state.me === undefined || state.me < 0;
  const seats = placeSeats(o.players, state.me);
  const board = h("section", { class: `board players-${o.players} game-${gameName()}`, id: "board", "aria-label": t("table") });
  for (const { seat, place } of seats) {
    if (place === "bottom" && !watching) continue;
    board.append(seatPanel(ctx, seat, place));
  }
  board.append(centrePanel(ctx));
  if (!watching) board.append(myPanel(ctx));
  const summary = summaryPanel(ctx);
  if (summary) board.append(summary); // a band on the felt, above the rivals' seats, never over the hand or the bar
  return h("div", { class: "play" }, scoresPanel(), resultPanel(ctx),
    watching ? h("p", { class: "watching", text: t("spectator") }) : null, board,
    watching ? null : actionBar(ctx));
}

async function acceptRematch() {
  state.rematchPending = true;
  render();
  try {
    const made = await api("POST", `/api/tables/${encodeURIComponent(code)}/rematch`, {}, seatToken());
    const mine = loadSeat(code) || {};
    saveSeat(made.code, { token: made.token, seat: made.seat, host_token: made.host_token || undefined, name: mine.name });
    state.rematch = { accepted: made.accepted || [], code: made.started ? made.code : null };
    if (made.started) window.location.assign(`/t/${encodeURIComponent(made.code)}`);
  } catch (error) {
    setNotice(error.message);
  }
  state.rematchPending = false;
  render();
}

function takeRematch(frame) {
  state.rematch = { accepted: frame.accepted || [], code: frame.code || null };
  if (frame.code && loadSeat(frame.code)) window.location.assign(`/t/${encodeURIComponent(frame.code)}`);
}

/** "While you were away: 5 moves (2 by a bot for you), 1 hand ended · Nosotros 3 → 5 · Ellos 1 → 1", once. */
function sayWhileAway() {
  const away = state.away;
  state.away = null;
  const o = obs();
  if (!away || !o || (!away.moves && o.hand_number === away.hand)) return;
  const parts = [`${away.moves} ${t("moves_played")}`];
  if (away.mine) parts.push(`${t("played_for_you")}: ${away.mine}`);
  const hands = o.hand_number - away.hand;
  if (hands > 0) parts.push(`${t("hands_ended")}: ${hands}`);
  const changed = o.scores.map((score, team) => (score !== away.scores[team]
    ? `${sideName(team, o.teams)} ${away.scores[team]} → ${score}` : null)).filter(Boolean);
  setNotice(`${t("while_away")}: ${parts.concat(changed).join(" · ")}`, "info");
}

/** Keys at the table: 1-9 play the hand's cards in order, a button's letter presses it, Escape folds the summary. */
function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.closest("input, textarea, select, [contenteditable]"))) return;
  if (event.key === "Escape" && state.summary) {
    state.summary = null;
    render();
    return;
  }
  const key = event.key.toLowerCase();
  const button = /^[1-9]$/.test(key)
    ? document.querySelector(`#hand .card-button[data-key="${key}"]:not([disabled])`)
    : /^[a-z]$/.test(key) ? document.querySelector(`#actionbar button[data-key="${key}"]:not([disabled])`) : null;
  if (button) {
    event.preventDefault();
    button.click();
  }
}

/** The seconds each seat to act has been waited for, written into the turn tags once a second; only a text that
 * changed is written, so a second without news neither lays out nor repaints the table. */
function tickWaits() {
  const now = Date.now();
  for (const span of document.querySelectorAll(".tag.turn .wait")) {
    const seconds = Math.floor((now - Number(span.dataset.since || now)) / 1000);
    const text = seconds >= 5 ? ` · ${seconds} s` : "";
    if (span.textContent !== text) span.textContent = text;
  }
}

// --- the side column: events and chat ---------------------------------------------------------------------------

/** The chat's lines, built again only when what they say changed (a line came, someone was muted, the language
 * changed): a drawing of the table does not touch them otherwise. Scrolled to the newest after layout. */
let chatShown = "";
function renderChatLines() {
  const list = document.getElementById("chat-lines");
  if (!list) return;
  const lines = state.chat.filter((frame) => !hidesChat(frame, code)).map((frame) => [
    `${frame.name || (typeof frame.seat === "number" ? nameOf(frame.seat) : "?")}${typeof frame.seat === "number" ? "" : ` (${t("watch").toLowerCase()})`}: `,
    String(frame.text || "")]);
  const key = JSON.stringify(lines);
  if (key === chatShown && list.childElementCount === lines.length) return;
  chatShown = key;
  list.replaceChildren(...lines.map(([who, text]) => h("li", {}, h("strong", { text: who }), h("span", { text }))));
  afterLayout(() => { list.scrollTop = list.scrollHeight; });
}

let chatBox = null;
function chatPanel() {
  if (!chatBox) {
    const input = h("input", { id: "chat-input", maxLength: 300, autocomplete: "off", "aria-label": t("chat") });
    const button = h("button", { type: "submit", id: "chat-send" });
    // A spectator chats under a name of their own choosing (remembered like a player's), not as "spectator".
    const who = h("input", { id: "chat-name", maxLength: 24, autocomplete: "nickname", value: lastName(), "aria-label": t("your_name") });
    const form = h("form", { class: "row" }, who, input, button);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      const frame = { type: "chat", text };
      if (watching() && who.value.trim()) {
        frame.name = who.value.trim();
        rememberName(frame.name);
      }
      if (text && socket && socket.send(frame)) input.value = "";
    });
    chatBox = h("section", { class: "panel chat", id: "chat" }, h("h2", {}), h("ul", { id: "chat-lines", class: "chat-lines" }), form);
  }
  chatBox.querySelector("#chat-name").hidden = !watching();
  chatBox.querySelector("#chat-name").placeholder = t("your_name");
  chatBox.querySelector("h2").textContent = t("chat");
  chatBox.querySelector("#chat-send").textContent = t("send");
  return chatBox;
}

/** What happened, kept as one panel across drawings and its lines built again only when they changed, so that
 * a drawing neither rebuilds nor scrolls it (scrolling reads the layout). */
let logBox = null;
let logShown = "";
function logPanel() {
  if (!logBox) logBox = h("section", { class: "panel events" }, h("h2", {}), h("ol", { class: "log", id: "log" }));
  logBox.querySelector("h2").textContent = t("events");
  const texts = state.log.map((line) => line.text);
  const key = JSON.stringify(texts);
  if (key !== logShown) {
    logShown = key;
    const list = logBox.querySelector("#log");
    list.replaceChildren(...texts.map((text) => h("li", { text })));
    afterLayout(() => { list.scrollTop = list.scrollHeight; });
  }
  return logBox;
}

// --- reading the layout -----------------------------------------------------------------------------------------

/** Work that reads the layout (sizes, scroll heights, where a card landed), run together after the drawing has
 * made all its changes: in the animation frame that would lay the page out anyway, so it is laid out once, not
 * once per read with writes between. A hidden page gets no frames: there it runs at once. */
const afterLayoutWork = [];
let afterLayoutQueued = false;
function afterLayout(work) {
  if (!afterLayoutWork.includes(work)) afterLayoutWork.push(work);
  if (afterLayoutQueued) return;
  afterLayoutQueued = true;
  const run = () => {
    afterLayoutQueued = false;
    for (const job of afterLayoutWork.splice(0)) job();
  };
  if (document.hidden) run();
  else requestAnimationFrame(run);
}

/** Set a style property only when its value changes: an unchanged write must not make the page lay out again. */
const styleSet = new Map();
function setStyle(element, property, value) {
  const key = `${element === document.body ? "body" : "root"}|${property}`;
  if (styleSet.get(key) === value) return;
  styleSet.set(key, value);
  element.style.setProperty(property, value);
}

/** A bar fixed at the bottom (a phone) must not hide the hand: the page ends that much lower; and the hand's
 * height, which the board's rows read (`--me-h`). */
function fitToBar() {
  const bar = document.getElementById("actionbar");
  const fixed = bar && getComputedStyle(bar).position === "fixed" && !bar.classList.contains("empty");
  const barHeight = fixed ? bar.offsetHeight : 0;
  const me = document.querySelector(".board > .me");
  const meHeight = me ? me.offsetHeight : null;
  setStyle(document.body, "padding-bottom", fixed ? `${barHeight + 8}px` : "");
  setStyle(document.documentElement, "--bar-h", `${barHeight}px`);
  if (meHeight !== null) setStyle(document.documentElement, "--me-h", `${meHeight}px`);
}

// --- the page --------------------------------------------------------------------------------------------------

/** The page's frame, kept across drawings: the notice, the main column (drawn again each time) and the side
 * column, whose panels keep their nodes (and so their scroll and focus). */
let frameBox = null;
function pageFrame() {
  if (!frameBox) {
    const notice = h("p", { id: "notice", role: "status" });
    const main = h("div", { class: "main" });
    const side = h("aside", { class: "side" });
    frameBox = { notice, main, side, people: null, nodes: [notice, h("div", { class: "layout" }, main, side)] };
  }
  return frameBox;
}

function render() {
  renderQueued = false;
  renderHeader();
  if (state.joining) return; // the join form stays until the person joins or chooses to watch
  if (!state.info) {
    app.replaceChildren(h("p", { class: "muted", text: t("state_connecting") }));
    return;
  }
  const main = [];
  if (state.info.status === "lobby" || !obs()) main.push(renderSeating(pageContext()));
  else main.push(renderPlay());
  const page = pageFrame();
  page.notice.className = `notice ${state.noticeKind || ""}`.trim();
  page.notice.textContent = state.notice;
  drawInto(page.main, main);
  const log = logPanel();
  const chat = chatPanel();
  if (log.parentNode !== page.side) page.side.append(log);
  if (chat.parentNode !== page.side) page.side.append(chat);
  const people = moderationPanel({ code, info: state.info, me: state.me, rerender: render, notice: setNotice });
  if (page.people && page.people !== people) page.people.remove();
  if (people) page.side.append(people);
  page.people = people;
  if (page.nodes[0].parentNode !== app) app.replaceChildren(...page.nodes);
  renderChatLines();
  tickWaits();
  drawClocks(app, state.me);
  afterLayout(fitToBar);
  afterLayout(moveThings);
}

/** After drawing: a new deal starts moving, a deal under way and cards in flight carry on (table/motion.js). */
function moveThings() {
  if (!document.getElementById("board") || !obs()) return;
  if (state.dealReady) {
    state.dealReady = false;
    startDeal(tv(), obs().players, watching() ? null : state.me, render);
  }
  keepDealing();
  flyPlayedCards();
}

async function loadGames() {
  try {
    state.games = await api("GET", "/api/games");
  } catch (_) { /* keep the default levels */ }
}

async function main() {
  document.addEventListener("keydown", onKey);
  setInterval(tickWaits, 1000);
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
