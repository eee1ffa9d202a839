// The answers and calls, in a bar that stays in view (fixed at the bottom of a phone's screen): who must answer
// and what was called, then a button per move that is not a card. "Me voy al mazo" asks again before it goes,
// and "quiero" / "no quiero" / calls each have their own colour and their own word, so colour is never the only
// signal. Each button has a letter for the keyboard, which keeps its meaning (see keys.js).

import { h } from "/static/api.js";
import { t } from "/static/i18n.js";
import { moveKeys } from "/static/table/keys.js";

const CONFIRM_MS = 3000;

/** The family of a move, for its colour: yes, no, call, fold, sign, or plain. */
export function moveFamily(text) {
  const move = String(text).toLowerCase();
  if (move === "quiero" || move.startsWith("quiero ") || move === "aceito" || move === "accept") return "yes";
  if (move.startsWith("no quiero") || move === "son buenas" || move === "no" || move === "corro" || move === "refuse") return "no";
  if (move.startsWith("mazo")) return "fold";
  if (move.startsWith("seña")) return "sign";
  if (/^(truco|retruco|vale|envido|real|falta|flor|contraflor|seis|nove|doze)/.test(move)) return "call";
  if (move.startsWith("close")) return "call";
  return "plain";
}

/** What a button reads: the move as it is said at the table ("¡Truco!", "¡Quiero retruco!", "Aceito!"), from
 * the server (``said``), else its label; the family's icon stands apart from it (CSS), so colour is not alone. */
export function spoken(action) {
  return action.said || action.label || action.text;
}

function whoLine(ctx) {
  const o = ctx.obs();
  const me = ctx.state.me;
  if (o.over) return null;
  if (!o.to_act.includes(me)) {
    if (!o.to_act.length) return null;
    return h("p", { class: "who-acts", id: "who-acts", text: `${t("waiting_for")} ${o.to_act.map(ctx.nameOf).join(", ")}…` });
  }
  // The latest call still open from someone else: "Bot 1: ¡Truco!" above the answers.
  let open = null;
  for (const [seat, said] of ctx.speech.bubbles) if (seat !== me && !said.old && !said.secret && !said.sung) open = [seat, said];
  return h("p", { class: "who-acts mine", id: "who-acts" },
    open ? h("span", { class: "called", text: `${ctx.nameOf(open[0])}: ${open[1].text} · ` }) : null,
    h("strong", { text: open ? t("your_answer") : t("your_turn") }),
    open ? null : todo(ctx));
}

/** What a rummy player must do now, said in words, since the moves are taps on the piles and the hand: "Robá del
 * mazo o del descarte", then "Tirá una carta, o cerrá". Nothing for the games whose moves are all buttons. */
function todo(ctx) {
  const legal = (ctx.state.view && ctx.state.view.legal) || [];
  const texts = legal.map((action) => String(action.text));
  let key = null;
  if (texts.some((text) => text === "draw stock" || text === "draw discard")) key = "draw_prompt";
  else if (texts.some((text) => text.startsWith("close "))) key = "discard_prompt";
  else if (texts.some((text) => text.startsWith("discard "))) key = "discard_only";
  return key ? h("span", { class: "todo", id: "todo", text: ` · ${t(key)}` }) : null;
}

export function actionBar(ctx) {
  const legal = (ctx.state.view && ctx.state.view.legal) || [];
  const hand = new Set(((ctx.tv().hand) || []).map((card) => String(card).toUpperCase()));
  const buttons = [];
  let closes = 0;
  for (const action of legal) {
    const text = String(action.text);
    if (action.card && hand.has(String(action.card).toUpperCase())) continue; // tapped on the card itself
    if (text === "draw stock" || text === "draw discard") continue; // tapped on the pile
    if (text.startsWith("close ")) { closes += 1; continue; } // "close", then the card
    buttons.push(action);
  }
  // Señas fold behind one button when there are several, so the answers keep the bar's first row on a phone.
  const signs = buttons.filter((action) => moveFamily(action.text) === "sign");
  if (signs.length > 1 && !ctx.state.signsOpen) {
    buttons.splice(0, buttons.length, ...buttons.filter((action) => moveFamily(action.text) !== "sign"));
  }
  const keys = moveKeys(buttons, spoken);
  const row = h("div", { class: "actions", id: "actions" });
  buttons.forEach((action, index) => {
    const family = moveFamily(action.text);
    const confirming = ctx.state.confirming === action.text;
    const button = h("button", {
      type: "button", class: `action family-${family}${confirming ? " confirming" : ""}`, disabled: ctx.state.pending,
      dataset: { action: action.text, key: keys[index] },
      text: confirming ? `${t("confirm_mazo")}` : spoken(action),
      title: action.label && action.label !== spoken(action) ? action.label : undefined,
      "aria-keyshortcuts": keys[index] || undefined,
    });
    if (keys[index]) button.append(h("kbd", { class: "key", "aria-hidden": "true", text: keys[index] }));
    button.addEventListener("click", () => {
      if (family === "fold" && !confirming) {
        ctx.state.confirming = action.text;
        clearTimeout(ctx.state.confirmTimer);
        ctx.state.confirmTimer = setTimeout(() => { ctx.state.confirming = null; ctx.render(); }, CONFIRM_MS);
        ctx.render();
        return;
      }
      ctx.state.confirming = null;
      ctx.sendMove(action);
    });
    row.append(button);
  });
  if (signs.length > 1) {
    const open = Boolean(ctx.state.signsOpen);
    row.append(h("button", {
      type: "button", id: "signs-toggle", class: "action family-sign", "aria-expanded": open ? "true" : "false",
      text: `${t("sena")} ${open ? "▴" : "▾"}`, onclick: () => { ctx.state.signsOpen = !open; ctx.render(); },
    }));
  }
  if (closes) {
    const on = Boolean(ctx.state.closing);
    row.append(h("button", {
      type: "button", id: "close-mode", class: `action family-call${on ? " on" : ""}`, "aria-pressed": on ? "true" : "false",
      text: on ? t("close_pick") : t("close_mode"), dataset: { key: "c" },
      onclick: () => { ctx.state.closing = !on; ctx.render(); },
    }));
  } else {
    ctx.state.closing = false;
  }
  const who = whoLine(ctx);
  if (!who && !row.childElementCount) return h("div", { class: "actionbar empty", id: "actionbar" }, row);
  return h("div", { class: "actionbar", id: "actionbar", role: "region", "aria-label": t("your_moves") }, who, row);
}
