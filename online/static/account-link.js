// The header's links: "Play now" (quick play), and the account page: "Log in" for a guest, the display name
// once logged in.

import { api } from "/static/api.js";
import { t } from "/static/i18n.js";

const play = document.getElementById("play-link");
if (play) play.textContent = t("play_now");
const link = document.getElementById("account-link");
if (link) {
  link.textContent = t("log_in");
  api("GET", "/api/account").then((me) => {
    if (me.account) link.textContent = me.account.display;
  }).catch(() => {});
}
