// The reader's own place at the bottom: name and role, the cards played this hand, and the hand itself, whose
// cards are the moves (tap to play or discard; with "close" chosen, tap to close with that card). In the rummy
// games the player drags a card to another place in the hand (or onto the discard pile to throw it) and the
// order is kept in this browser for this table.

import { h } from "/static/api.js";
import { cardFace } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { bubble, roleTags, turnTag } from "/static/table/seats.js";

const DRAG_START_PX = 8;

function orderKey(code) {
  return `cartas:order:${code}`;
}

function savedOrder(code) {
  try { return JSON.parse(localStorage.getItem(orderKey(code)) || "[]"); } catch (_) { return []; }
}

function saveOrder(code, cards) {
  try { localStorage.setItem(orderKey(code), JSON.stringify(cards)); } catch (_) { /* not kept */ }
}

/** `hand` in the order the player left it: known cards where they were, new ones at the end. */
export function orderedHand(code, hand) {
  const left = hand.slice();
  const out = [];
  for (const card of savedOrder(code)) {
    const at = left.indexOf(card);
    if (at >= 0) {
      out.push(card);
      left.splice(at, 1);
    }
  }
  return out.concat(left);
}

/** Move `card` to just before `before` (or to the end) in the kept order. */
export function moveCard(code, hand, card, before) {
  const order = orderedHand(code, hand).filter((c) => c !== card);
  const at = before ? order.indexOf(before) : -1;
  if (at >= 0) order.splice(at, 0, card);
  else order.push(card);
  saveOrder(code, order);
}

function dragToReorder(ctx, button, card, hand, onDrop) {
  let start = null;
  let dragging = false;
  button.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    start = { x: event.clientX, y: event.clientY, id: event.pointerId };
    dragging = false;
  });
  button.addEventListener("pointermove", (event) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!dragging && Math.hypot(dx, dy) > DRAG_START_PX) {
      dragging = true;
      button.setPointerCapture(event.pointerId);
      button.classList.add("dragging");
    }
    if (dragging) button.style.transform = `translate(${dx}px, ${dy}px)`;
  });
  const finish = (event) => {
    if (!start) return;
    const was = dragging;
    start = null;
    dragging = false;
    if (!was) return;
    button.classList.remove("dragging");
    button.style.transform = "";
    button.dataset.dragged = "1"; // the click that follows a drag is not a move
    setTimeout(() => { delete button.dataset.dragged; }, 0);
    button.style.visibility = "hidden";
    const under = document.elementFromPoint(event.clientX, event.clientY);
    button.style.visibility = "";
    if (under && under.closest(".pile-discard") && onDrop) {
      onDrop();
      return;
    }
    const target = under && under.closest("#hand [data-card-slot]");
    if (target && target !== button) {
      moveCard(ctx.code, hand, card, target.dataset.cardSlot);
      ctx.render();
    } else if (under && under.closest("#hand")) {
      moveCard(ctx.code, hand, card, null);
      ctx.render();
    }
  };
  button.addEventListener("pointerup", finish);
  button.addEventListener("pointercancel", () => { start = null; dragging = false; button.style.transform = ""; button.classList.remove("dragging"); });
}

export function handRow(ctx) {
  const legal = (ctx.state.view && ctx.state.view.legal) || [];
  const view = ctx.tv();
  const rummy = ctx.rummy();
  const byCard = new Map();
  const closeBy = new Map();
  for (const action of legal) {
    if (action.card) byCard.set(String(action.card).toUpperCase(), action);
    const [verb, card] = String(action.text).split(" ");
    if (verb === "close" && card) closeBy.set(card.toUpperCase(), action);
  }
  const raw = view.hand || (ctx.obs() && ctx.obs().hand) || [];
  const hand = rummy ? orderedHand(ctx.code, raw) : raw;
  const row = h("div", { class: `cards hand${ctx.state.closing ? " closing" : ""}${hand.length > 5 ? " many" : ""}`, id: "hand", "aria-label": t("your_hand") });
  let number = 0;
  for (const card of hand) {
    const key = String(card).toUpperCase();
    const action = ctx.state.closing ? closeBy.get(key) : byCard.get(key);
    const classes = [];
    if (action) classes.push("playable");
    if (ctx.isManilha(card)) classes.push("manilha");
    if (view.drawn && String(view.drawn).toUpperCase() === key) classes.push("drawn");
    const face = cardFace(card, classes.join(" "));
    if (action || rummy) {
      face.setAttribute("aria-hidden", "true"); // the button's label names the move and the card
      if (action) number += 1;
      // The move's words are the button's name, from a visually hidden span (the drawn card is hidden from
      // assistive technology), so the name is what the button holds and no aria-label can disagree with it.
      const named = action ? action.label || action.text : String(card);
      const said = ctx.isManilha(card) ? `${named} (${t("manilha")})` : named;
      const button = h("button", {
        type: "button", class: `card-button${action ? "" : " idle"}`, title: said,
        disabled: ctx.state.pending && Boolean(action), dataset: { cardSlot: String(card) },
      }, face, h("span", { class: "sr-only", text: said }));
      if (action) {
        button.dataset.action = action.text;
        button.dataset.key = String(number);
        if (number <= 9) button.append(h("kbd", { class: "key", "aria-hidden": "true", text: String(number) }));
      }
      button.addEventListener("click", () => {
        if (button.dataset.dragged || !action) return;
        ctx.sendMove(action);
      });
      if (rummy) dragToReorder(ctx, button, card, raw, byCard.get(key) ? () => ctx.sendMove(byCard.get(key)) : null);
      row.append(button);
    } else {
      row.append(h("span", { class: "card-slot", dataset: { cardSlot: String(card) } }, face));
    }
  }
  return row;
}

function meldsPanel(ctx) {
  const view = ctx.tv();
  const melds = Array.isArray(view.melds) ? view.melds : [];
  if (!ctx.rummy() || (!melds.length && !(view.loose || []).length)) return null;
  const box = h("div", { class: "melds", id: "melds" });
  if (melds.length) {
    box.append(h("span", { class: "label", text: t("melds") }),
      h("div", { class: "meld-list" }, melds.map((meld) => h("div", { class: "cards meld" },
        (Array.isArray(meld) ? meld : meld.cards || []).map((card) => cardFace(card, "small"))))));
  }
  if (typeof view.loose_points === "number") {
    box.append(h("span", { class: "label loose-points", text: `${t("loose_points")}: ${view.loose_points}` }));
  }
  return box;
}

export function myPanel(ctx) {
  const o = ctx.obs();
  const me = ctx.state.me;
  const turn = o.to_act.includes(me) && !o.over;
  return h("section", { class: `me team-${o.teams[me]}${turn ? " turn" : ""}`, id: "me", dataset: { seat: String(me) } },
    bubble(ctx, me),
    h("div", { class: "seat-head" },
      h("span", { class: "seat-no", title: t("seat"), text: String(me + 1) }),
      h("strong", { text: `${ctx.nameOf(me)} (${t("you")})` }), ...roleTags(ctx, me), turnTag(ctx, me)),
    h("span", { class: "label sr-only", text: t("your_hand") }),
    handRow(ctx),
    meldsPanel(ctx));
}
