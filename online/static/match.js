// The match page (/t/CODE/match): a finished match move by move, drawn with the table's own modules (the seats,
// the middle, the hand), as the seat this browser held saw it, or as a spectator. The steps come from
// GET /api/tables/CODE/steps, which shows no card the viewer did not see while the match was played.
// First, previous, next and last, a slider, and the arrow keys (Home and End) move through it. Below, the analysis
// of a seat's decisions (analysis.js): the viewer's own seat first, any seat on request, since the match is over.

import { AnalysisView } from "/static/analysis.js";
import { api, h, loadSeat } from "/static/api.js";
import { parseCard } from "/static/cards.js";
import { chosenLanguage, gameTitle, languageSelector, setLanguage, t } from "/static/i18n.js";
import { centrePanel, manilhaRank } from "/static/table/centre.js";
import { trickWinners } from "/static/table/gather.js";
import { myPanel } from "/static/table/hand.js";
import { placeSeats } from "/static/table/layout.js";
import { pieSeats, seatPanel } from "/static/table/seats.js";
import { Speech } from "/static/table/speech.js";
import { pageSwitches } from "/static/switches.js";

const TRUCO_GAMES = new Set(["truco", "truco_paulista"]);
const RUMMY_GAMES = new Set(["chinchon", "remigio"]);
const parts = window.location.pathname.split("/").filter(Boolean); // ["t", CODE, "match"]
const code = decodeURIComponent(parts[1] || "").toUpperCase();
const asSpectator = new URLSearchParams(window.location.search).get("as") === "spectator";
const app = document.getElementById("app");

const state = { info: null, steps: [], at: 0, me: null, view: null, handLog: [], error: "" };
let analysis = null;
const speech = new Speech();

function obs() { return state.view.observation; }
function tv() { return state.view.table_view || {}; }
function said() { return state.view.said || null; }

function nameOf(seat) {
  const names = state.view && state.view.names;
  if (names && names[String(seat)]) return names[String(seat)];
  return `${t("seat")} ${seat + 1}`;
}

function sideName(team, teams) {
  const sides = said() && said().sides;
  if (sides && sides[team]) return sides[team];
  return teams.map((tm, seat) => (tm === team ? nameOf(seat) : null)).filter(Boolean).join(" + ");
}

/** The step's hand as the live page would hold it: the events since the hand's deal, and the calls said. */
function replayHand(at) {
  speech.clear();
  state.handLog = [];
  let v = 0;
  for (let i = 0; i <= at; i += 1) {
    for (const event of state.steps[i].events) {
      v += 1;
      const frame = { ...event, v };
      if (frame.kind === "deal") state.handLog = [];
      speech.take(frame);
      if (frame.kind) state.handLog.push({ v, text: String(frame.text || ""), kind: frame.kind, seat: frame.seat, detail: frame.detail });
    }
  }
}

function context() {
  const o = obs();
  const game = state.info.game;
  const vira = (tv().centre || []).find((item) => Array.isArray(item) && item[0] === "vira");
  const manilha = game === "truco_paulista" && vira ? manilhaRank(vira[1]) : null;
  const places = new Map(placeSeats(o.players, state.me).map(({ seat, place }) => [seat, place]));
  return {
    state, code, obs, tv, said, nameOf, sideName, speech,
    render: () => draw(), sendMove: () => {},
    turnSince: Date.now(),
    trickWinners: trickWinners(state.handLog),
    fresh: new Set(),
    pie: pieSeats(o, TRUCO_GAMES.has(game)),
    rummy: () => RUMMY_GAMES.has(game) || (tv().may_close !== null && tv().may_close !== undefined),
    isManilha: (card) => {
      const parsed = manilha !== null && parseCard(card);
      return Boolean(parsed && parsed.rank === manilha);
    },
    partner: (seat) => typeof state.me === "number" && seat !== state.me && o.teams[seat] === o.teams[state.me],
    placeOf: (seat) => places.get(seat) || "top",
    legalText: () => null,
  };
}

function go(at) {
  const last = state.steps.length - 1;
  state.at = Math.max(0, Math.min(last, at));
  draw();
}

function controls() {
  const last = state.steps.length - 1;
  const step = state.steps[state.at];
  const button = (id, label, symbol, to, off) => h("button", {
    type: "button", id, class: "step-button", "aria-label": label, title: label, disabled: off, onclick: () => go(to),
  }, h("span", { "aria-hidden": "true", text: symbol }));
  const slider = h("input", {
    type: "range", id: "step-slider", min: "0", max: String(last), value: String(state.at), "aria-label": t("step"),
  });
  slider.addEventListener("input", () => go(Number(slider.value)));
  const who = step.seat >= 0 ? `${nameOf(step.seat)}: ` : "";
  const what = step.number === 0 ? t("first_deal") : step.action === null ? t("hidden_move") : step.said || step.action;
  return h("section", { class: "stepper", id: "stepper", "aria-label": t("step") },
    h("p", { class: "step-line", id: "step-line", "aria-live": "polite" },
      h("strong", { text: `${t("step")} ${state.at} / ${last}` }), ` · ${who}${what}`),
    h("div", { class: "step-controls" },
      button("step-first", t("step_first"), "|◀", 0, state.at === 0),
      button("step-prev", t("step_prev"), "◀", state.at - 1, state.at === 0),
      slider,
      button("step-next", t("step_next"), "▶", state.at + 1, state.at === last),
      button("step-last", t("step_last"), "▶|", last, state.at === last)));
}

function scores() {
  const o = obs();
  const box = h("section", { class: "scores", id: "scores", "aria-label": t("scores") });
  o.scores.forEach((score, team) => {
    const mine = state.me !== null && o.teams[state.me] === team;
    box.append(h("div", { class: `score-side team-${team}${mine ? " mine" : ""}` },
      h("span", { class: "side-name", text: sideName(team, o.teams) }),
      h("strong", { class: "side-score", text: String(score) })));
  });
  return box;
}

function draw() {
  if (state.error) {
    app.replaceChildren(h("p", { class: "error", id: "match-error", text: state.error }),
      h("p", {}, h("a", { href: `/t/${encodeURIComponent(code)}`, text: t("open_table") })));
    return;
  }
  if (!state.steps.length) {
    app.replaceChildren(h("p", { class: "muted", text: t("state_connecting") }));
    return;
  }
  state.view = state.steps[state.at].view;
  replayHand(state.at);
  const ctx = context();
  const o = obs();
  const board = h("section", { class: `board players-${o.players} game-${state.info.game}`, id: "board", "aria-label": t("table") });
  for (const { seat, place } of placeSeats(o.players, state.me)) {
    if (place === "bottom" && state.me !== null) continue;
    board.append(seatPanel(ctx, seat, place));
  }
  board.append(centrePanel(ctx));
  if (state.me !== null) board.append(myPanel(ctx));
  const lines = state.steps[state.at].events.filter((event) => event.text);
  const seen = state.me === null ? t("seen_as_spectator") : `${t("seen_as")}: ${nameOf(state.me)}`;
  const other = state.me === null
    ? (loadSeat(code) ? h("a", { href: `/t/${encodeURIComponent(code)}/match`, text: t("seen_as_seat") }) : null)
    : h("a", { href: `/t/${encodeURIComponent(code)}/match?as=spectator`, id: "as-spectator", text: t("seen_as_spectator") });
  app.replaceChildren(
    h("h1", { class: "match-title", text: `${gameTitle(state.info)} · ${t("match_page")}` }),
    h("p", { class: "seen-as", id: "seen-as" }, seen, other ? " · " : null, other),
    scores(), board, controls(),
    h("ul", { class: "step-events", id: "step-events" }, lines.map((event) => h("li", { text: String(event.text) }))),
    analysis ? analysis.node : null,
    h("p", { class: "links" },
      h("a", { href: `/api/tables/${encodeURIComponent(code)}/record`, download: `cartas-${code}.json`, text: t("record") }), " · ",
      h("a", { href: `/t/${encodeURIComponent(code)}`, text: t("open_table") }), " · ",
      h("a", { href: "/", text: t("back_to_lobby") })));
  // The reader's place stays above the stepper on a phone, as it stays above the action bar at the table.
  const stepper = document.getElementById("stepper");
  document.documentElement.style.setProperty("--bar-h", `${stepper ? stepper.offsetHeight : 0}px`);
}

function onKey(event) {
  if (event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName) && event.target.type !== "range") return;
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in moves) go(state.at + moves[event.key]);
  else if (event.key === "Home") go(0);
  else if (event.key === "End") go(state.steps.length - 1);
  else return;
  event.preventDefault();
}

async function main() {
  document.addEventListener("keydown", onKey);
  try {
    state.info = await api("GET", `/api/tables/${encodeURIComponent(code)}`);
    // Who is online now is not part of the match as it was played.
    for (const seat of state.info.seats || []) seat.presence = null;
    const chosen = chosenLanguage();
    setLanguage(chosen || state.info.language || "en");
    document.getElementById("lang-slot").replaceChildren(...pageSwitches(() => draw()), languageSelector(() => {
      draw();
      if (analysis) analysis.relabel();
    }));
    document.getElementById("title").textContent = `${gameTitle(state.info)} · ${code}`;
    const seat = asSpectator ? null : loadSeat(code);
    const query = seat && typeof seat.seat === "number" ? `?seat=${seat.seat}` : "";
    const answer = await api("GET", `/api/tables/${encodeURIComponent(code)}/steps${query}`, undefined, query ? seat.token : undefined);
    state.steps = answer.steps;
    state.me = typeof answer.seat === "number" ? answer.seat : null;
    state.at = 0;
    const names = (answer.steps[answer.steps.length - 1] || {}).view || {};
    analysis = new AnalysisView({
      code, me: state.me, seats: (names.observation || {}).players || (state.info.seats || []).length,
      nameOf: (seat) => (names.names && names.names[String(seat)]) || `${t("seat")} ${seat + 1}`,
      go: (move) => {
        go(move);
        document.getElementById("board")?.scrollIntoView({ behavior: "smooth", block: "start" });
      },
    });
  } catch (error) {
    state.error = error.message;
  }
  draw();
}

window.cartasMatch = { state, go, analysis: () => analysis };
main();
