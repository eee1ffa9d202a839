// The header's own items of the pages around the table (quick play, account, leaderboard, profile, match): the
// dark-mode and sound switches the table and the lobby have, and a link to the ranking, so every page reads
// alike and the ranking is one tap from anywhere.

import { h } from "/static/api.js";
import { t } from "/static/i18n.js";
import { switches } from "/static/table/prefs.js";

/** [the switches, the ranking link]: `rerender` redraws the page after a switch (the labels' state). */
export function pageSwitches(rerender = () => {}) {
  const here = location.pathname === "/leaderboard";
  return [
    switches(rerender),
    here ? null : h("a", { class: "account-link ranking-link", id: "ranking-link", href: "/leaderboard", text: t("leaderboard") }),
  ].filter(Boolean);
}
