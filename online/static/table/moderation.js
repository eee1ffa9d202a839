// The table page's moderation (docs/accounts.md, "Moderation"): the people at the table, each with "Mute"
// (their chat lines are hidden for this reader only; nothing is said to them) and "Report" (a reason and an
// optional line, kept for the server's operator); and the one line a person the host removed is told.

import { api, forgetSeat, h } from "/static/api.js";
import { t } from "/static/i18n.js";
import { isMuted, loadMutes, muteTarget, setMuted } from "/static/mutes.js";

const REASONS = ["insults", "cheating", "stalling", "spam", "other"];
// The panel's own styles, so the shared style sheet is left to the table's other modules.
if (!document.querySelector("link[data-moderation]")) {
  document.head.append(h("link", { rel: "stylesheet", href: "/static/table/moderation.css", dataset: { moderation: "1" } }));
}
const state = { people: [], key: "", fetching: false, open: false, reported: new Set() };

function seatsKey(info) {
  return (info && info.seats ? info.seats : []).map((s) => `${s.kind}:${s.name || ""}`).join("|");
}

/** Fetch who sits where (with usernames) when the seats changed; `changed` re-renders once known. */
function follow(code, info, changed) {
  const key = seatsKey(info);
  if (key === state.key || state.fetching) return;
  state.fetching = true;
  Promise.all([api("GET", `/api/tables/${encodeURIComponent(code)}/people`), loadMutes()])
    .then(([people]) => { state.people = people; state.key = key; })
    .catch(() => { state.key = key; })
    .finally(() => { state.fetching = false; changed(); });
}

/** True when this chat line's speaker is muted by this reader. */
export function hidesChat(frame, code) {
  if (typeof frame.seat === "number") {
    const person = state.people.find((p) => p.seat === frame.seat);
    if (person) return isMuted(muteTarget(person, code));
  }
  return isMuted(`n:${code}:${frame.name || ""}`);
}

/** What a person the host removed reads (the seat token in this browser is forgotten: it holds no seat). */
export function removedNotice(code) {
  forgetSeat(code);
  return t("removed_by_host");
}

function reportDialog(code, person, done) {
  const choices = REASONS.map((reason, n) => h("label", { class: "choice" },
    h("input", { type: "radio", name: "report-reason", value: reason, checked: n === 0 }), h("span", { text: t(`report_${reason}`) })));
  const text = h("textarea", { id: "report-text", maxLength: 300, rows: 2, placeholder: t("report_text_hint") });
  const status = h("p", { class: "error", role: "alert" });
  const dialog = h("dialog", { id: "report-dialog", class: "report-dialog" });
  const close = () => { dialog.close(); dialog.remove(); };
  const form = h("form", { method: "dialog" },
    h("h2", { text: `${t("report_player")}: ${person.name}` }),
    h("fieldset", {}, h("legend", { text: t("report_reason") }), choices), text, status,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: "report-send", text: t("send") }),
      h("button", { type: "button", id: "report-cancel", text: t("cancel"), onclick: close })));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const reason = form.querySelector("input[name=report-reason]:checked").value;
    const body = { seat: person.seat, reason };
    if (text.value.trim()) body.text = text.value.trim();
    try {
      await api("POST", `/api/tables/${encodeURIComponent(code)}/report`, body);
      state.reported.add(`${code}:${person.seat}`);
      close();
      done(t("report_sent"));
    } catch (error) {
      status.textContent = error.message;
    }
  });
  dialog.append(form);
  document.body.append(dialog);
  dialog.showModal();
}

/** The side panel "People at the table" (null when nobody else is a person). ctx: {code, info, me, rerender, notice}. */
export function moderationPanel(ctx) {
  follow(ctx.code, ctx.info, ctx.rerender);
  const others = state.people.filter((p) => p.seat !== ctx.me);
  if (!others.length) return null;
  const rows = others.map((person) => {
    const target = muteTarget(person, ctx.code);
    const muted = isMuted(target);
    const reported = state.reported.has(`${ctx.code}:${person.seat}`);
    const who = person.username
      ? h("a", { href: `/u/${encodeURIComponent(person.username)}`, target: "_blank", rel: "noopener", text: person.name })
      : h("span", { text: person.name });
    return h("li", { dataset: { seat: String(person.seat) } }, who,
      h("span", { class: "tools" },
        h("button", { type: "button", class: "mute", "aria-pressed": muted ? "true" : "false",
          text: muted ? t("unmute") : t("mute"),
          onclick: async () => { await setMuted(target, !muted); ctx.rerender(); } }),
        h("button", { type: "button", class: "report", disabled: reported, text: reported ? t("reported") : t("report"),
          onclick: () => reportDialog(ctx.code, person, (line) => { ctx.notice(line, "info"); ctx.rerender(); }) })));
  });
  const details = h("details", { class: "panel people", id: "people", open: state.open },
    h("summary", { text: t("people_here") }), h("ul", {}, rows));
  details.addEventListener("toggle", () => { state.open = details.open; });
  return details;
}
