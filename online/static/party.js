// Playing with a partner in quick play (docs/accounts.md, "Partners"): the controls to invite a friend (a link,
// or a username), the invitation a friend opens (/play?party=CODE), and the invitations addressed to this
// account. The page (quickplay.js) owns the ticket and the polling; this module only builds what is shown.

import { api, copyText, h } from "/static/api.js";
import { gameTitle, t } from "/static/i18n.js";

/** True when `game` with `players` seats is played by two teams of two: then a partner may queue along. */
export function partnersPossible(game, players) {
  const teams = game && game.teams && game.teams[String(players)];
  return Boolean(teams) && teams.length === 4 && new Set(teams).size === 2;
}

/** The form's partner field: empty for an invitation link, or a friend's username. */
export function partnerField() {
  const input = h("input", { id: "qp-partner", maxLength: 24, autocomplete: "off", placeholder: t("partner_username_hint") });
  const label = h("label", { id: "qp-partner-label" }, h("span", { text: t("partner_username") }), input);
  const button = h("button", { type: "button", id: "qp-invite", text: t("invite_partner") });
  return { label, input, button };
}

/** What the leader sees while the friend has not accepted yet: the link to send, and a way to copy it. */
export function partyWaiting(found) {
  const link = `${window.location.origin}${found.invite}`;
  const input = h("input", { id: "qp-party-link", readOnly: true, value: link, "aria-label": t("invite_link") });
  const copied = h("span", { class: "muted", role: "status" });
  const copy = h("button", { type: "button", id: "qp-party-copy", text: t("copy"), onclick: async () => {
    copied.textContent = (await copyText(link, input)) ? t("copied") : "";
  } });
  return h("section", { class: "party", id: "qp-party" },
    h("p", { text: t("waiting_for_partner") }),
    h("label", {}, h("span", { text: t("send_partner_link") }), h("span", { class: "row" }, input, copy)), copied);
}

/** A line that says a game's setup: "truco · 4 · 15 points". */
export function setupLine(party, games) {
  const game = games.find((g) => g.name === party.game);
  const points = party.options && party.options.points;
  return [game ? gameTitle(game) : party.game, `${party.players} ${t("players").toLowerCase()}`,
    points ? `${points} ${t("points")}` : ""].filter(Boolean).join(" · ");
}

/** The invitation a friend opened: who invites, to what, and their name to accept with. */
export function invitationForm(party, games, defaultName, onAccept) {
  const name = h("input", { id: "qp-accept-name", maxLength: 24, value: defaultName || "" });
  const form = h("form", { id: "qp-invitation", class: "invitation" },
    h("p", { class: "lead", text: t("partner_invites").replace("{name}", party.from) }),
    h("p", { class: "muted", text: setupLine(party, games) }),
    h("label", {}, h("span", { text: t("your_name") }), name),
    h("button", { type: "submit", class: "primary", id: "qp-accept", text: t("accept_partner") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onAccept(party.party, name.value.trim() || undefined);
  });
  return form;
}

/** The open invitations addressed to this account (an empty list for a guest). */
export async function invitations() {
  try { return await api("GET", "/api/quickplay/invitations"); } catch (_) { return []; }
}

/** The list of invitations, each with its Accept button. */
export function invitationsList(listed, games, onAccept) {
  if (!listed.length) return null;
  return h("section", { id: "qp-invitations" }, h("h2", { text: t("partner_invitations") }),
    h("ul", { class: "matches" }, listed.map((party) => h("li", {},
      h("span", {}, h("strong", { text: t("partner_invites").replace("{name}", party.from) }), h("small", { text: setupLine(party, games) })),
      h("button", { type: "button", class: "primary", text: t("accept_partner"), onclick: () => onAccept(party.party) })))));
}
