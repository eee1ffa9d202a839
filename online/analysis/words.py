"""The words of the match page's analysis view (``online/static/analysis.js``), merged into the site's labels.

Kept apart from :mod:`cartas.online.game.words` so the view's words sit with it; the marks themselves
(``imprecisión``, ``error``, ``error grave``, ``demasiado parejo``) come with each analysis, in the reader's
language, from the same messages ``cartas analyze`` prints.
"""

from __future__ import annotations

from cartas.core.i18n import mark

ANALYSIS_LABELS: dict[str, str] = {
    "analysis_title": mark("Analysis"),
    "analysis_intro": mark(
        "Each decision of a seat, every move played out by the bot on deals drawn from what that seat knew then."
    ),
    "analysis_seat": mark("Seat analysed"),
    "analysis_start": mark("Analyse this seat"),
    "analysis_wait": mark("It takes a few seconds to a minute; you can keep stepping through the match meanwhile."),
    "analysis_running": mark("Analysing…"),
    "analysis_queued": mark("In the queue: number {position}"),
    "analysis_decisions": mark("decisions"),
    "analysis_samples": mark("sampled deals each"),
    "analysis_given_away": mark("Given away"),
    "analysis_points": mark("points of the hand"),
    "analysis_of_chance": mark("of the chance of winning the match"),
    "analysis_worst": mark("the costliest decision"),
    "analysis_costliest": mark("What cost the most"),
    "analysis_chart": mark("Chance of winning the match after each hand"),
    "analysis_hands": mark("Hand by hand"),
    "analysis_marks": mark("Marks"),
    "analysis_chance_after": mark("Chance after it"),
    "analysis_decisions_title": mark("Decision by decision"),
    "analysis_show_all": mark("Show every decision"),
    "analysis_show_marked": mark("Only the mistakes"),
    "analysis_nothing": mark("No decision of this seat gave anything away."),
    "analysis_move": mark("Move"),
    "analysis_better": mark("better"),
    "analysis_best": mark("the best move"),
    "analysis_played": mark("the move made"),
    "analysis_loses": mark("loses the match"),
    "analysis_gives_away": mark("Gives away"),
    "analysis_at_stake": mark("The match is at stake here: the moves are ranked by the chance of winning it."),
    "analysis_move_col": mark("Move"),
    "analysis_points_col": mark("Points of the hand"),
    "analysis_chance_col": mark("Chance of winning"),
    "analysis_see_table": mark("See it on the table"),
    "analysis_practice": mark("Practise the costliest positions"),
    "analysis_exercise": mark("Exercise"),
    "analysis_what_now": mark("What would you play here?"),
    "analysis_right": mark("That is the best move"),
    "analysis_best_was": mark("The best move was"),
    "analysis_your_choice": mark("Your choice"),
    "analysis_in_the_match": mark("played in the match"),
    "analysis_next": mark("Next exercise"),
    "analysis_done": mark("Done"),
    "hand": mark("hand"),
    "analysis_hand": mark("Hand"),
    "analysis_decisions_col": mark("Decisions"),
    "analysis_pts": mark("pts"),
}
"""Keys are what analysis.js asks for (``t("analysis_start")``); values the English messages."""
