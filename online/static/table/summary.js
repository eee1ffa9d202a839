// The end of a hand and of the match, without a wall: a short panel in the page's flow (never over the table, so
// the next hand's calls stay answerable) with the score change and the cards shown as cards (the envido that
// scored, the melds and loose cards); the hand's lines fold away. At the match's end: "¡Ganamos!" or "Perdimos",
// the final score, the record, and a rematch each person accepts.

import { h } from "/static/api.js";
import { cardFace, parseCard } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { changeText, ratingLabel } from "/static/rating.js";

const SHOWN_KINDS = new Set(["envido_shown", "flor_shown", "arrange", "chinchon", "reveal", "closed"]);

/** The cards a line's detail names ("1O 5O 3E = 23" gives 1O 5O 3E), in order. */
export function cardsIn(detail) {
  return String(detail || "").split(/[\s|,:;=+]+/).filter((word) => parseCard(word));
}

function shownHands(ctx, lines) {
  const bySeat = new Map();
  for (const line of lines) {
    if (!SHOWN_KINDS.has(line.kind) || typeof line.seat !== "number" || line.seat < 0) continue;
    if (!cardsIn(line.detail).length) continue;
    const entry = bySeat.get(line.seat) || [];
    entry.push({ kind: line.kind, detail: line.detail });
    bySeat.set(line.seat, entry);
  }
  if (!bySeat.size) return null;
  const list = h("ul", { class: "shown", id: "shown-hands" });
  for (const [seat, shown] of bySeat) {
    list.append(h("li", { dataset: { seat: String(seat) } },
      h("strong", { text: ctx.nameOf(seat) }),
      shown.map(({ detail }) => {
        // "9C 9B JK | 12C 12E 12B | loose 2B = 2" shows three groups and "= 2"; "7E 6E 33" two cards and "33".
        const [left, ...right] = String(detail).split("=");
        const words = left.trim().split(/\s+/);
        let total = right.join("=").trim();
        if (!total && /^\d+$/.test(words[words.length - 1] || "")) total = words[words.length - 1];
        const groups = left.split("|").map(cardsIn).filter((group) => group.length);
        return h("span", { class: "shown-hand" },
          groups.map((group) => h("span", { class: "cards shown-cards" }, group.map((card) => cardFace(card, "small")))),
          total ? h("span", { class: "shown-total", text: right.length ? `= ${total}` : total }) : null);
      })));
  }
  return list;
}

export function summaryPanel(ctx) {
  const s = ctx.state.summary;
  if (!s) return null;
  const rows = s.after.map((after, team) => {
    const before = s.before[team] || 0;
    const delta = after - before;
    return h("li", { class: delta ? "changed" : "" },
      h("span", { text: `${ctx.sideName(team, s.teams)}: ` }),
      h("strong", { text: `${before} → ${after}` }),
      h("span", { class: "delta", text: ` (${delta >= 0 ? "+" : ""}${delta})` }));
  });
  // With a move of the reader's own to make, the summary folds to one band (the score change) so the stock,
  // the pile and the tricks under it stay in reach; the cards shown open on a tap.
  const compact = Boolean(ctx.myMove);
  const shown = shownHands(ctx, s.lines);
  return h("section", {
    class: `panel summary${compact ? " compact" : ""}`, id: "summary", role: "status", "aria-label": t("hand_summary"),
  },
    h("div", { class: "summary-head" },
      h("h2", { text: t("hand_summary") }),
      h("button", { type: "button", id: "summary-close", "aria-label": t("continue"), text: `✕ ${t("continue")}`,
        onclick: () => { ctx.state.summary = null; ctx.render(); } })),
    h("ul", { class: "score-change" }, rows),
    compact && shown ? h("details", { class: "summary-cards" }, h("summary", { text: t("shown_cards") }), shown) : shown,
    h("details", { class: "summary-lines" }, h("summary", { text: t("events") }),
      h("ul", {}, s.lines.filter((line) => line.text).map((line) => h("li", { text: line.text })))));
}

function rematchBox(ctx) {
  const r = ctx.state.rematch || {};
  const me = ctx.state.me;
  const seats = (ctx.state.info && ctx.state.info.seats) || [];
  const accepted = new Set(r.accepted || []);
  const box = h("div", { class: "rematch", id: "rematch" });
  if (typeof me === "number" && me >= 0) {
    const mine = accepted.has(me);
    box.append(h("button", {
      type: "button", class: "primary", id: "rematch-button", disabled: mine || ctx.state.rematchPending,
      text: mine ? t("rematch_waiting") : t("rematch"), onclick: () => ctx.acceptRematch(),
    }));
  }
  if (accepted.size) {
    box.append(h("ul", { class: "rematch-who" }, seats.map((seat) => h("li", {
      class: accepted.has(seat.seat) ? "yes" : "no",
      text: `${accepted.has(seat.seat) ? "✓" : "…"} ${seat.name || ctx.nameOf(seat.seat)}`,
    }))));
  }
  return box;
}

/** "You 9 – 15 Rival" (or "Us … Them"): the reader's own side first, labelled, in a match of two sides; the
 * scores in seat order otherwise (a spectator, three or more sides). */
function finalScore(r, me, teams) {
  const scores = r.scores || [];
  if (typeof me !== "number" || me < 0 || scores.length !== 2) return `${t("scores")}: ${scores.join(" – ")}`;
  const side = teams.length ? teams[me] : me;
  if (side !== 0 && side !== 1) return `${t("scores")}: ${scores.join(" – ")}`;
  const alone = !teams.length || teams.filter((team) => team === side).length <= 1;
  return `${t(alone ? "you_label" : "us_label")} ${scores[side]} – ${scores[1 - side]} ${t(alone ? "rival_label" : "them_label")}`;
}

/** After a rated match, every rated seat's new number and its change: "Ana 1579? (+79)". */
function ratingChanges(ctx) {
  const seats = ctx.state.ratings;
  if (!seats || !Object.keys(seats).length) return null;
  return h("ul", { class: "rating-changes", id: "rating-changes", "aria-label": t("rating_changes") },
    Object.entries(seats).map(([seat, r]) => h("li", { class: r.change >= 0 ? "up" : "down", dataset: { seat } },
      h("span", { text: `${ctx.nameOf(Number(seat))} ` }), h("strong", { text: ratingLabel(r.rating, r.provisional) }),
      h("span", { class: "delta", text: ` (${changeText(r.change)})` }))));
}

export function resultPanel(ctx) {
  const r = ctx.state.result;
  if (!r) return null;
  const o = ctx.obs();
  const me = ctx.state.me;
  const winners = (r.winners || []).filter((seat) => typeof seat === "number");
  const teams = (o && o.teams) || [];
  let headline = t("match_over");
  let mood = "";
  if (typeof me === "number" && me >= 0 && winners.length) {
    const won = winners.includes(me) || (teams.length && winners.some((seat) => teams[seat] === teams[me]));
    const alone = teams.filter((team) => team === teams[me]).length <= 1;
    headline = alone ? (won ? t("you_won") : t("you_lost")) : won ? t("we_won") : t("we_lost");
    mood = won ? "won" : "lost";
  }
  const record = typeof r.record === "string" && r.record.startsWith("/api/") ? r.record : `/api/tables/${encodeURIComponent(ctx.code)}/record`;
  return h("section", { class: `panel result ${mood}`, id: "result" },
    h("h2", { class: "headline", text: headline }),
    h("p", { class: "final-score", text: finalScore(r, me, teams) }),
    winners.length ? h("p", { text: `${t("winners")}: ${winners.map(ctx.nameOf).join(", ")}` }) : null,
    ratingChanges(ctx),
    rematchBox(ctx),
    h("p", { class: "links" },
      h("a", { href: `/t/${encodeURIComponent(ctx.code)}/match`, id: "match-link", text: t("see_match") }), " · ",
      h("a", { href: record, id: "record-link", download: `cartas-${ctx.code}.json`, text: t("record") }), " · ",
      h("a", { href: "/", text: t("back_to_lobby") })));
}
