// The account page: log in or sign up (an account is optional: anyone can play without one), then the profile
// (display name, language, deck, avatar), the open sessions with a button to log each out, and log out.
// Every string goes in with textContent (through h()), never as markup.

import { api, h, saveSeat } from "/static/api.js";
import { LANGUAGES, chosenLanguage, gameTitle, languageSelector, setLanguage, t } from "/static/i18n.js";
import { AVATAR_MARKS } from "/static/avatars.js";
import { changeText, ratingLabel, readableDate, scoreLine } from "/static/rating.js";
import { pageSwitches } from "/static/switches.js";
import { mutedList } from "/static/mutes.js";
import { addPasskey, logInWithPasskey, passkeysAvailable } from "/static/passkey.js";
import { pushSection } from "/static/push.js";
const app = document.getElementById("app");
const state = {
  account: null, choices: { languages: [], decks: [], avatars: [] }, sessions: [], error: "", saved: "",
  history: { ratings: [], matches: [] }, seats: [], passkeys: [], games: [],
};

/** A game's title in the reader's language from its name (the name itself for a game the server lacks). */
function titleOf(name) {
  const game = state.games.find((g) => g.name === name);
  return game ? gameTitle(game) : name;
}

setLanguage(chosenLanguage() || navigator.language || "en");

async function load() {
  const me = await api("GET", "/api/account");
  state.account = me.account;
  state.choices = me.choices;
  state.sessions = state.account ? await api("GET", "/api/account/sessions") : [];
  state.history = state.account ? await api("GET", "/api/account/matches") : { ratings: [], matches: [] };
  state.seats = state.account ? await api("GET", "/api/account/seats") : [];
  state.passkeys = state.account ? await api("GET", "/api/account/passkeys").catch(() => []) : [];
  if (!state.games.length) state.games = await api("GET", "/api/games").catch(() => []);
  render();
}

function field(label, input) {
  return h("label", {}, h("span", { text: label }), input);
}

function errorLine() {
  return h("p", { class: "error", role: "alert", text: state.error });
}

async function attempt(work) {
  state.error = "";
  state.saved = "";
  state.passkeyNote = "";
  try {
    await work();
  } catch (error) {
    // The browser's own refusals (the person closed the prompt, no passkey here) are said in the page's words.
    state.error = error.name === "NotAllowedError" || error.name === "AbortError" ? t("passkey_cancelled") : error.message;
  }
  await load().catch(() => render());
}

function credentialsForm(kind) {
  const username = h("input", { name: "username", autocomplete: "username", required: true, maxLength: 24 });
  const password = h("input", {
    name: "password", type: "password", required: true, minLength: 8,
    autocomplete: kind === "signup" ? "new-password" : "current-password",
  });
  const display = kind === "signup" ? h("input", { name: "display", maxLength: 24, autocomplete: "nickname" }) : null;
  const form = h("form", { id: `${kind}-form` },
    field(t("username"), username), field(t("password"), password),
    display ? field(t("display_name"), display) : null,
    h("button", { type: "submit", text: kind === "signup" ? t("sign_up") : t("log_in") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const body = { username: username.value, password: password.value };
    if (display && display.value.trim()) body.display = display.value;
    attempt(() => api("POST", kind === "signup" ? "/api/account/signup" : "/api/account/login", body));
  });
  if (kind === "login" && passkeysAvailable()) {
    form.append(h("p", { class: "or", text: t("or") }), h("button", {
      type: "button", id: "passkey-login", class: "secondary", text: t("log_in_passkey"),
      onclick: () => attempt(() => logInWithPasskey()),
    }));
  }
  return form;
}

function guestView() {
  return [
    h("p", { text: t("account_optional") }),
    errorLine(),
    h("section", {}, h("h2", { text: t("log_in") }), credentialsForm("login")),
    h("section", {}, h("h2", { text: t("sign_up") }), credentialsForm("signup")),
  ];
}

function select(name, values, current, labelOf = (v) => v) {
  return h("select", { name }, values.map((v) => h("option", { value: v, text: labelOf(v), selected: v === current })));
}

function profileForm(account) {
  const display = h("input", { name: "display", value: account.display, maxLength: 24 });
  const names = Object.fromEntries(LANGUAGES);
  const language = select("language", state.choices.languages, account.language, (tag) => names[tag] || tag);
  const deck = select("deck", state.choices.decks, account.deck, (v) => t(`deck_${v}`));
  let avatar = account.avatar;
  const avatars = h("div", { class: "avatars", role: "group", "aria-label": t("avatar") },
    state.choices.avatars.map((name) => {
      const button = h("button", { type: "button", title: name, "aria-label": name, text: AVATAR_MARKS[name] || name });
      button.setAttribute("aria-pressed", String(name === avatar));
      button.addEventListener("click", () => {
        avatar = name;
        for (const other of avatars.children) other.setAttribute("aria-pressed", String(other === button));
      });
      return button;
    }));
  const form = h("form", { id: "profile-form" },
    field(t("display_name"), display), field(t("language"), language), field(t("deck"), deck),
    h("div", {}, h("span", { text: t("avatar") }), avatars),
    h("button", { type: "submit", text: t("save") }),
    h("p", { class: "saved", role: "status", text: state.saved }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(async () => {
      await api("POST", "/api/account/profile", { display: display.value, language: language.value, deck: deck.value, avatar });
      state.saved = t("saved");
    });
  });
  return form;
}

function sessionsList() {
  return h("ul", { class: "sessions" }, state.sessions.map((session) => h("li", {},
    h("span", {}, h("strong", { text: session.current ? t("this_browser") : session.id }), " ",
      h("small", { title: session.agent || "", text: `${session.device || session.agent || "?"} · ${readableDate(session.seen)}` })),
    session.current ? null : h("button", {
      type: "button", text: t("log_out_session"),
      onclick: () => attempt(() => api("POST", `/api/account/sessions/${encodeURIComponent(session.id)}/revoke`)),
    }))));
}

function ratingsTable() {
  if (!state.history.ratings.length) return h("p", { text: t("no_matches") });
  return h("table", { class: "ratings" },
    h("thead", {}, h("tr", {}, [t("game"), t("format"), t("rating"), t("matches_played")].map((x) => h("th", { text: x })))),
    h("tbody", {}, state.history.ratings.map((r) => h("tr", {},
      h("td", { text: titleOf(r.game) }), h("td", { text: r.format }),
      h("td", { class: "rating", text: ratingLabel(r.rating, r.provisional) }),
      h("td", { text: String(r.matches) })))),
    state.history.ratings.some((r) => r.provisional) ? h("caption", { class: "hint", text: t("provisional_note") }) : null);
}

function matchesList() {
  if (!state.history.matches.length) return h("p", { text: t("no_matches") });
  return h("ul", { class: "matches" }, state.history.matches.map((m) => {
    const change = m.rating_change === null || m.rating_change === undefined ? t("casual") : `${t("rating")} ${changeText(m.rating_change)}`;
    const who = [];
    if (m.partner.length) who.push(`${t("partner_label")}: ${m.partner.join(", ")}`);
    if (m.rivals.length) who.push(`${t("rivals")}: ${m.rivals.join(", ")}`);
    return h("li", { class: m.won ? "won" : "lost" },
      h("a", { href: m.match || m.table, text: `${titleOf(m.game)} · ${m.won ? t("won") : t("lost")} · ${scoreLine(m)}` }),
      h("small", { text: ` ${change}${who.length ? ` · ${who.join(" · ")}` : ""} · ${readableDate(m.at)}` }));
  }));
}

/** Tables not over where this account holds a seat: "take my seat here" issues the seat's token again for this
 * browser (the other browser becomes a spectator) and opens the table. */
function seatsList() {
  if (!state.seats.length) return null;
  return h("section", {}, h("h2", { text: t("your_tables") }), h("ul", { class: "matches" }, state.seats.map((seat) =>
    h("li", {}, h("span", { text: `${titleOf(seat.game)} · ${seat.code} ` }),
      h("button", { type: "button", class: "take-seat", text: t("take_seat_here"), onclick: () => attempt(async () => {
        const given = await api("POST", `/api/tables/${encodeURIComponent(seat.code)}/reclaim`);
        saveSeat(seat.code, { token: given.token, seat: given.seat, name: state.account.display });
        location.assign(seat.url);
      }) })))));
}

/** The passkeys of this account (a second way in, beside the password), each with "Remove", and "Add a passkey". */
function passkeysSection() {
  const name = h("input", { name: "passkey-name", maxLength: 40, placeholder: t("passkey_name_hint"), autocomplete: "off" });
  const list = state.passkeys.length
    ? h("ul", { class: "sessions passkeys" }, state.passkeys.map((key) => h("li", {},
      h("span", {}, h("strong", { text: key.name }), " ",
        h("small", { text: `${t("passkey_added")} ${key.created.slice(0, 10)} · ${key.used ? `${t("passkey_used")} ${key.used.slice(0, 10)}` : t("passkey_never_used")}` })),
      h("button", {
        type: "button", class: "remove-passkey", text: t("remove_passkey"),
        onclick: () => attempt(() => api("POST", `/api/account/passkeys/${encodeURIComponent(key.id)}/remove`)),
      }))))
    : h("p", { text: t("no_passkeys") });
  const form = h("form", { id: "passkey-form", class: "inline" }, field(t("passkey_name"), name),
    h("button", { type: "submit", id: "add-passkey", text: t("add_passkey"), disabled: !passkeysAvailable() }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(async () => {
      await addPasskey(name.value.trim());
      state.passkeyNote = t("passkey_saved");
    });
  });
  return h("section", { id: "passkeys" }, h("h2", { text: t("passkeys") }), h("p", { class: "hint", text: t("passkeys_explained") }),
    list, passkeysAvailable() ? form : h("p", { text: t("passkeys_unavailable") }),
    h("p", { class: "saved", role: "status", text: state.passkeyNote || "" }));
}

function accountView(account) {
  return [
    h("p", {}, h("span", { class: "avatar", text: `${AVATAR_MARKS[account.avatar] || ""} ` }),
      h("strong", { text: account.display }), h("span", { text: ` (${account.username}) ` }),
      h("a", { href: `/u/${encodeURIComponent(account.username)}`, id: "my-profile", text: t("public_profile") })),
    errorLine(),
    seatsList(),
    h("section", {}, h("h2", { text: t("profile") }), profileForm(account)),
    h("section", {}, h("h2", { text: t("your_ratings") }), ratingsTable(),
      h("p", {}, h("a", { href: "/leaderboard", text: t("leaderboard") }))),
    h("section", {}, h("h2", { text: t("your_matches") }), matchesList()),
    passkeysSection(),
    pushSection(),
    h("section", {}, h("h2", { text: t("sessions") }), sessionsList()),
    mutedList(() => render()),
    h("button", { type: "button", id: "logout", text: t("log_out"), onclick: () => attempt(() => api("POST", "/api/account/logout")) }),
  ];
}

function render() {
  const slot = document.getElementById("lang-slot");
  slot.replaceChildren(...pageSwitches(() => render()), languageSelector(() => render()));
  app.replaceChildren(h("h1", { text: t("account") }), ...(state.account ? accountView(state.account) : guestView()).filter(Boolean));
}

load().catch((error) => { state.error = error.message; render(); });
