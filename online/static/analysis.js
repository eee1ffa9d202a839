// The analysis of a finished match on the match page (/t/CODE/match): for one seat, every decision with each
// legal move's value (points of the hand and chance of winning the match, each with its 95% interval), the move
// played and its mark, a summary per hand and for the match, and the chart of the chance of winning after each
// hand with the mistakes marked (inline SVG built by the server, cartas.core.analysis.chart_svg).
//
// GET /api/tables/CODE/analysis?seat=N answers 200 with the analysis when it is done, 202 with its place in the
// line ({status: "queued", position}) or its progress while it waits or runs, and 404 when nobody asked for it
// yet; a GET never starts work. The page reads once on load (a cached analysis shows at once), starts the run
// with a POST on the reader's click (the server's Origin check applies), then polls with GETs until it is done.

import { api, ApiError, h } from "/static/api.js";
import { language, t } from "/static/i18n.js";

const POLL_MS = 1000;
const LOST = new Set(["inaccuracy", "mistake", "blunder"]);

function number(value, digits, sign = true) {
  return new Intl.NumberFormat(language(), {
    minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: sign ? "always" : "auto",
  }).format(value);
}

/** "+1,25 ± 0,72" (points) or "54,6 % ± 8,7" (a chance, in percent). */
function interval(value, percent = false) {
  if (!value) return "–";
  const factor = percent ? 100 : 1;
  const mean = percent ? `${number(value.mean * factor, 1, false)} %` : number(value.mean, 2);
  const margin = value.margin === null ? "∞" : number(value.margin * factor, percent ? 1 : 2, false);
  return `${mean} ± ${margin}`;
}

/** "+1,25" points, without the ± a practice answer's reader does not need. */
function plain(value) {
  return value ? `(${number(value.mean, 2)} ${t("analysis_pts")})` : "";
}

/** The server's SVG as nodes: parsed as SVG (never as HTML), anything that could run dropped. */
function svgNode(text) {
  const parsed = new DOMParser().parseFromString(String(text || ""), "image/svg+xml");
  const svg = parsed.documentElement;
  if (!svg || svg.nodeName !== "svg") return null;
  for (const bad of svg.querySelectorAll("script, foreignObject, a")) bad.remove();
  for (const element of [svg, ...svg.querySelectorAll("*")]) {
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name) || /href$/i.test(attribute.name)) element.removeAttribute(attribute.name);
    }
  }
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  return document.importNode(svg, true);
}

export class AnalysisView {
  /**
   * @param {object} options
   * @param {string} options.code the table's code
   * @param {number} options.seats how many seats
   * @param {number|null} options.me the seat this browser played, or null
   * @param {(seat: number) => string} options.nameOf a seat's name as the page shows it
   * @param {(step: number) => void} options.go show the table at a step (the position of a decision)
   */
  constructor({ code, seats, me, nameOf, go }) {
    Object.assign(this, { code, seats, me, nameOf, go });
    this.seat = typeof me === "number" ? me : 0;
    this.status = "loading"; // loading, idle, running, done, error
    this.progress = null;
    this.doc = null;
    this.error = "";
    this.onlyMarked = true;
    this.practice = null; // {list, at, chosen}: the costliest positions replayed as exercises
    this.timer = null;
    this.node = h("section", { class: "analysis", id: "analysis", "aria-labelledby": "analysis-title" });
    this.ask(false);
  }

  path() {
    const query = new URLSearchParams({ seat: String(this.seat), lang: language() });
    return `/api/tables/${encodeURIComponent(this.code)}/analysis?${query}`;
  }

  /** Ask the server: start the run when `start`, else only read what there is. */
  async ask(start) {
    clearTimeout(this.timer);
    const seat = this.seat;
    let answer = null;
    let status = 200;
    try {
      // A POST starts the run (it passes the server's Origin check); a GET only reads it.
      const response = await fetch(this.path(), { method: start ? "POST" : "GET", headers: { Accept: "application/json" } });
      status = response.status;
      answer = await response.json().catch(() => null);
      if (status >= 400 && status !== 404) throw new ApiError((answer && answer.error) || `${status}`, status);
    } catch (error) {
      if (seat !== this.seat) return;
      this.status = "error";
      this.error = error.message;
      this.render();
      return;
    }
    if (seat !== this.seat) return; // the reader chose another seat meanwhile
    if (status === 404) {
      this.status = "idle";
    } else if (status === 202) {
      this.status = "running";
      this.progress = answer;
      this.timer = setTimeout(() => this.ask(false), POLL_MS);
    } else {
      this.status = "done";
      this.doc = answer;
    }
    this.render();
  }

  choose(seat) {
    this.seat = seat;
    this.doc = null;
    this.status = "loading";
    this.render();
    this.ask(false);
  }

  /** The reader switched language: the texts of a finished analysis come again in it (the server keeps it). */
  relabel() {
    if (this.status === "done") this.ask(false);
    else this.render();
  }

  seatPicker() {
    const select = h("select", { id: "analysis-seat", "aria-label": t("analysis_seat") });
    for (let seat = 0; seat < this.seats; seat += 1) {
      select.append(h("option", { value: String(seat), text: this.nameOf(seat), selected: seat === this.seat }));
    }
    select.addEventListener("change", () => this.choose(Number(select.value)));
    return h("label", { class: "analysis-seat" }, `${t("analysis_seat")}: `, select);
  }

  render() {
    const parts = [
      h("h2", { id: "analysis-title", text: t("analysis_title") }),
      h("p", { class: "muted", text: t("analysis_intro") }),
      this.seatPicker(),
    ];
    if (this.status === "loading") parts.push(h("p", { class: "muted", text: "…" }));
    else if (this.status === "error") {
      parts.push(h("p", { class: "error", id: "analysis-error", text: this.error }),
        h("p", { class: "analysis-start" },
          h("button", { type: "button", id: "analysis-retry", text: t("analysis_start"), onclick: () => this.ask(true) })));
    } else if (this.status === "idle") {
      parts.push(h("p", { class: "analysis-start" },
        h("button", { type: "button", class: "primary", id: "analysis-start", text: t("analysis_start"), onclick: () => this.ask(true) }),
        " ", h("small", { class: "muted", text: t("analysis_wait") })));
    } else if (this.status === "running") parts.push(this.running());
    else if (this.doc) parts.push(...this.finished(this.doc));
    this.node.replaceChildren(...parts);
  }

  running() {
    const { done, total } = this.progress || {};
    const bar = h("progress", { id: "analysis-progress", max: String(total || 1) });
    if (typeof total === "number") bar.value = done;
    if (this.progress && this.progress.status === "queued") {
      return h("div", { class: "analysis-running", id: "analysis-queued", role: "status" },
        h("span", { text: t("analysis_queued").replace("{position}", String(this.progress.position)) }));
    }
    return h("div", { class: "analysis-running", role: "status" },
      h("span", { text: `${t("analysis_running")} ` }), bar,
      h("span", { class: "muted", text: typeof total === "number" ? ` ${done} / ${total} ${t("analysis_decisions")}` : "" }));
  }

  finished(doc) {
    const words = doc.mark_words || {};
    const chart = svgNode(doc.chart_svg);
    const decisions = doc.decisions.filter((d) => !this.onlyMarked || LOST.has(d.mark));
    const toggle = h("button", {
      type: "button", id: "analysis-filter", "aria-pressed": String(!this.onlyMarked),
      text: this.onlyMarked ? t("analysis_show_all") : t("analysis_show_marked"),
      onclick: () => { this.onlyMarked = !this.onlyMarked; this.render(); },
    });
    return [
      this.summary(doc, words),
      this.practiceBox(doc),
      chart ? h("figure", { class: "analysis-chart", id: "analysis-chart" }, chart,
        h("figcaption", { class: "muted" }, t("analysis_chart"), " · ",
          h("span", { class: "dot mistake", "aria-hidden": "true" }), ` ${words.mistake || "mistake"} `,
          h("span", { class: "dot blunder", "aria-hidden": "true" }), ` ${words.blunder || "blunder"}`)) : null,
      h("h3", { text: t("analysis_hands") }),
      this.hands(doc, words),
      h("h3", { class: "analysis-decisions-title" }, t("analysis_decisions_title"), " ", toggle),
      decisions.length
        ? h("ol", { class: "analysis-decisions", id: "analysis-decisions" }, decisions.map((d) => this.decision(d, words)))
        : h("p", { class: "muted", id: "analysis-none", text: t("analysis_nothing") }),
    ];
  }

  summary(doc, words) {
    const marks = doc.match.marks;
    const counts = ["inaccuracy", "mistake", "blunder"].map((mark) =>
      h("span", { class: `mark mark-${mark}` }, `${marks[mark]} × ${words[mark] || mark}`));
    const costly = doc.match.costliest_hands.map((hand) => `${t("hand")} ${hand}`).join(", ");
    // The chances lost at each decision are not summed (each is measured from where that decision stood, so a
    // sum can pass 100 %): the headline gives the single costliest loss of the chance of winning the match.
    const worst = Math.max(0, ...doc.decisions.filter((d) => LOST.has(d.mark) && d.loss && d.loss.chance)
      .map((d) => d.loss.chance.mean));
    return h("div", { class: "analysis-summary", id: "analysis-summary" },
      h("p", {}, h("strong", { text: `${this.nameOf(doc.seat)} · ${doc.match.decisions} ${t("analysis_decisions")}` }),
        ` (${doc.samples} ${t("analysis_samples")})`),
      h("p", { class: "marks" }, ...counts),
      h("p", { id: "analysis-given" }, `${t("analysis_given_away")}: `,
        h("strong", { text: `${number(doc.match.lost_points, 1, false)} ${t("analysis_points")}` }),
        worst ? ` · ${t("analysis_worst")}: ` : "",
        worst ? h("strong", { text: `${number(worst * 100, 1, false)} %` }) : "",
        worst ? ` ${t("analysis_of_chance")}` : ""),
      costly ? h("p", { id: "analysis-costliest" }, `${t("analysis_costliest")}: `, h("strong", { text: costly })) : null);
  }

  hands(doc, words) {
    const head = h("tr", {}, [t("analysis_hand"), t("analysis_decisions_col"), t("analysis_marks"), t("analysis_given_away"), t("analysis_chance_after")]
      .map((text, column) => h("th", { scope: "col", class: column === 1 ? "wide-only" : "", text })));
    const costly = new Set(doc.match.costliest_hands);
    const rows = doc.hands.map((hand) => {
      const marks = ["inaccuracy", "mistake", "blunder"].filter((mark) => hand.marks[mark])
        .map((mark) => h("span", { class: `mark mark-${mark}`, text: `${hand.marks[mark]} ${words[mark] || mark}` }));
      return h("tr", { class: costly.has(hand.hand) ? "costly" : "" },
        h("th", { scope: "row", text: String(hand.hand) }),
        h("td", { class: "wide-only", text: String(hand.decisions) }),
        h("td", {}, ...(marks.length ? marks : ["–"])),
        h("td", {}, ...(hand.lost_points || hand.lost_chance
          ? [`${number(hand.lost_points, 1, false)} ${t("analysis_pts")}`, h("br"), `${number(hand.lost_chance * 100, 1, false)} %`]
          : ["–"])),
        h("td", { text: hand.chance_after === null ? "–" : `${number(hand.chance_after * 100, 0, false)} %` }));
    });
    return h("div", { class: "analysis-scroll" },
      h("table", { class: "analysis-hands", id: "analysis-hands" }, h("thead", {}, head), h("tbody", {}, rows)));
  }

  /** The positions where the seat gave most away, as exercises: the board steps to the position, "what would you
   * play here?" with its moves as buttons, and the answer (the best move, each move's value) after the choice. */
  practiceBox(doc) {
    const costly = doc.decisions.filter((d) => LOST.has(d.mark) && d.loss)
      .sort((a, b) => (b.loss.points.mean || 0) - (a.loss.points.mean || 0)).slice(0, 5);
    if (!costly.length) return null;
    if (!this.practice) {
      return h("p", { class: "analysis-practice-start" },
        h("button", { type: "button", class: "primary", id: "practice-start",
          text: `${t("analysis_practice")} (${costly.length})`,
          onclick: () => { this.practice = { list: costly, at: 0, chosen: null }; this.go(costly[0].move); this.render(); } }));
    }
    const { list, at, chosen } = this.practice;
    const d = list[at];
    const buttons = d.moves.map((move) => h("button", {
      type: "button", class: `practice-move${chosen === move.action ? " chosen" : ""}${chosen && move.action === d.best ? " right" : ""}`,
      disabled: chosen !== null, text: move.text,
      onclick: () => { this.practice.chosen = move.action; this.render(); },
    }));
    const parts = [
      h("p", { class: "where", text: `${t("analysis_exercise")} ${at + 1} / ${list.length} · ${t("hand")} ${d.hand}` }),
      h("p", { class: "question" }, h("strong", { text: t("analysis_what_now") })),
      h("div", { class: "practice-moves" }, buttons),
    ];
    if (chosen !== null) {
      const mine = d.moves.find((move) => move.action === chosen);
      const best = d.moves.find((move) => move.action === d.best);
      parts.push(h("div", { class: "practice-answer", id: "practice-answer", role: "status" },
        h("p", {}, chosen === d.best ? h("strong", { class: "right", text: `✓ ${t("analysis_right")}` })
          : h("span", {}, `${t("analysis_best_was")}: `, h("strong", { text: d.best_text }))),
        h("p", { class: "muted" }, `${t("analysis_your_choice")}: ${mine.text} ${plain(mine.points)} · `,
          `${t("analysis_best")}: ${best ? `${best.text} ${plain(best.points)}` : d.best_text} · `,
          `${t("analysis_in_the_match")}: ${d.played_text}`),
        at + 1 < list.length
          ? h("button", { type: "button", id: "practice-next", text: t("analysis_next"),
            onclick: () => { this.practice = { list, at: at + 1, chosen: null }; this.go(list[at + 1].move); this.render(); } })
          : h("button", { type: "button", id: "practice-done", text: t("analysis_done"),
            onclick: () => { this.practice = null; this.render(); } })));
    }
    return h("section", { class: "analysis-practice", id: "practice", "aria-label": t("analysis_practice") }, parts);
  }

  decision(d, words) {
    const markText = d.mark === "best" ? t("analysis_best") : words[d.mark] || d.mark;
    const head = h("summary", {},
      h("span", { class: "where", text: `${t("analysis_move")} ${d.move + 1} · ${t("hand")} ${d.hand}` }), " ",
      h("br", { class: "narrow" }),
      h("strong", { class: "played", text: d.played_text }), " ",
      h("span", { class: `mark mark-${d.mark}`, text: markText }),
      d.mark === "best" ? null : h("span", { class: "best" }, ` ${t("analysis_better")}: `, h("strong", { text: d.best_text })));
    const rows = d.moves.map((move) => h("tr", { class: move.action === d.played ? "played" : "" },
      h("th", { scope: "row" }, move.text,
        move.action === d.played ? h("span", { class: "tag played-tag", text: t("analysis_played") }) : null,
        move.action === d.best ? h("span", { class: "tag best-tag", text: t("analysis_best") }) : null,
        move.loses_match ? h("span", { class: "tag lose-tag", text: t("analysis_loses") }) : null),
      h("td", { text: interval(move.points) }),
      h("td", { text: move.chance ? interval(move.chance, true) : "–" })));
    const loss = d.loss && LOST.has(d.mark)
      ? h("p", { class: "loss" }, `${t("analysis_gives_away")}: ${interval(d.loss.points)} ${t("analysis_points")}`,
        d.loss.chance ? ` · ${interval(d.loss.chance, true)} ${t("analysis_of_chance")}` : "")
      : null;
    return h("li", { class: `decision is-${d.mark}`, dataset: { move: String(d.move), mark: d.mark } },
      h("details", { open: LOST.has(d.mark) && d.mark !== "inaccuracy" },
        head, loss,
        d.match_decides ? h("p", { class: "at-stake", text: t("analysis_at_stake") }) : null,
        h("div", { class: "analysis-scroll" }, h("table", { class: "analysis-moves" },
          h("thead", {}, h("tr", {}, [t("analysis_move_col"), t("analysis_points_col"), t("analysis_chance_col")]
            .map((text) => h("th", { scope: "col", text })))),
          h("tbody", {}, rows))),
        h("button", { type: "button", class: "analysis-go", text: t("analysis_see_table"), onclick: () => this.go(d.move) })));
  }
}
