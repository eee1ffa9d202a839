// The header's link to the account page: "Log in" for a guest, the display name once logged in.

import { api } from "/static/api.js";
import { t } from "/static/i18n.js";

const link = document.getElementById("account-link");
if (link) {
  link.textContent = t("log_in");
  api("GET", "/api/account").then((me) => {
    if (me.account) link.textContent = me.account.display;
  }).catch(() => {});
}
