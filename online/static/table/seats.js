// One seat on the drawn table: its number (from 1), name, role (deals, mano, pie), whose turn and for how long,
// away or played by a bot, its hand as backs, the cards it played this hand in front of it (truco's tricks
// overlapping, the trick's winner marked) and what it just said, in a bubble.

import { h } from "/static/api.js";
import { cardBack, cardFace } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { trickPile } from "/static/table/gather.js";

const MAX_BACKS = 10;

/** The seats that are "pie" in a truco game: the last of each side to play, counting from the mano. */
export function pieSeats(o, truco) {
  if (!truco || typeof o.mano !== "number" || o.mano < 0) return new Set();
  const n = o.teams.length;
  const last = new Map();
  for (let i = 0; i < n; i += 1) {
    const seat = (o.mano + i) % n;
    last.set(o.teams[seat], seat);
  }
  return new Set(last.values());
}

export function roleTags(ctx, seat) {
  const o = ctx.obs();
  const tags = [];
  if (o.dealer === seat) tags.push(h("span", { class: "tag dealer", text: t("dealer") }));
  if (ctx.cutter === seat) tags.push(h("span", { class: "tag cutter", text: t("cutter") })); // while the deal is on
  if (o.mano === seat) tags.push(h("span", { class: "tag mano", text: t("mano") }));
  else if (ctx.pie.has(seat) && o.teams.length > 2) tags.push(h("span", { class: "tag pie", text: t("pie") }));
  const spoken = ctx.said() && ctx.said().seats && ctx.said().seats[seat];
  if (spoken && seat !== ctx.state.me && spoken !== ctx.nameOf(seat)) tags.push(h("span", { class: "tag said", text: spoken }));
  const info = ctx.state.info && ctx.state.info.seats && ctx.state.info.seats[seat];
  if (info && info.kind === "human" && (info.presence === "away" || info.presence === "bot")) {
    tags.push(h("span", { class: `tag away presence-${info.presence}`, text: t(`presence_${info.presence}`) }));
  }
  return tags;
}

/** "to play · 12 s": the seconds show once the wait is worth saying, and tick (see table.js). */
export function turnTag(ctx, seat) {
  const o = ctx.obs();
  if (!o.to_act.includes(seat) || o.over) return null;
  return h("span", { class: "tag turn" }, h("span", { text: t("turn") }), h("span", { class: "wait", dataset: { since: String(ctx.turnSince) } }));
}

function backs(count) {
  const row = h("div", { class: "cards backs", "aria-label": `${count} ${t("cards_in_hand")}` });
  for (let i = 0; i < Math.min(count, MAX_BACKS); i += 1) row.append(cardBack("small"));
  if (count > MAX_BACKS) row.append(h("span", { class: "more", text: `+${count - MAX_BACKS}` }));
  return row;
}

/** The cards `seat` played this hand, each over the one before (still showing it), the tricks it won marked. */
export function playedCards(ctx, seat, size = "small") {
  const cards = (ctx.tv().played || [])[seat] || [];
  const row = h("div", { class: "cards played", dataset: { seat: String(seat) } });
  cards.forEach((card, index) => {
    if (ctx.trickGone && ctx.trickGone(index)) return; // gathered by its winner (julepe)
    const won = ctx.trickWinners[index] === seat;
    const face = cardFace(card, `${size}${ctx.isManilha(card) ? " manilha" : ""}`);
    const slot = h("span", { class: `pcard${won ? " won" : ""}`, dataset: { trick: String(index + 1) } }, face);
    if (won) slot.append(h("span", { class: "mark", title: t("won_trick"), text: "★" }));
    if (ctx.fresh.has(`${seat}:${index}`)) slot.classList.add("arrive", `from-${ctx.placeOf(seat)}`);
    row.append(slot);
  });
  return row;
}

export function bubble(ctx, seat) {
  const said = ctx.speech.of(seat);
  if (!said) return null;
  return h("div", {
    class: `bubble kind-${said.kind}${said.old ? " old" : ""}${said.secret ? " secret" : ""}${said.sung ? " sung" : ""}`,
    dataset: { seat: String(seat), kind: said.kind, ...(said.sung ? { order: String(said.order) } : {}) },
  }, said.secret ? h("span", { class: "secret-tag", text: `${t("sena")} · ` }) : null,
  said.sung ? h("span", { class: "sung-order", "aria-hidden": "true", text: String(said.order) }) : null,
  h("span", { text: said.text }));
}

/** A seat other than the reader's, placed at `place` ("top", "left", "right", "tl", "tr"). */
export function seatPanel(ctx, seat, place) {
  const o = ctx.obs();
  const turn = o.to_act.includes(seat) && !o.over;
  const counts = ctx.tv().counts || [];
  const team = o.teams[seat];
  // Sides of three or more (six-player truco) are told apart by a numbered tag; in two sides the partner's tag
  // ("Compañero") and the seat's border already say it.
  const teamTag = new Set(o.teams).size > 2 && new Set(o.teams).size < o.teams.length
    ? h("span", { class: `tag team team-${team}`, text: `${t("team")} ${team + 1}` }) : null;
  return h("div", {
    class: `seat-panel place-${place} team-${team}${turn ? " turn" : ""}${ctx.partner(seat) ? " partner" : ""}`,
    dataset: { seat: String(seat), place },
  },
  h("div", { class: "seat-head" },
    h("span", { class: "seat-no", title: t("seat"), text: String(seat + 1) }),
    h("strong", { text: ctx.nameOf(seat) }), teamTag, ...roleTags(ctx, seat), turnTag(ctx, seat)),
  h("div", { class: "seat-cards" },
    typeof counts[seat] === "number" && counts[seat] > 0 ? backs(counts[seat]) : null,
    playedCards(ctx, seat), trickPile(ctx, seat)),
  bubble(ctx, seat));
}
