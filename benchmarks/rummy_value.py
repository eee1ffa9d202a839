"""A learned value of a discard for chinchón and remigio (issue 32 item 4, tried and not shipped): a linear
function of a few features of the hand it leaves, fit on self-play (``rummy_value_fit.py``), and
:class:`ValueBot`, ``medium`` throwing the discard it values best.

Measured against ``medium`` on duplicate deals it *lost* (docs/bots.md): 45.5% of 66 matches with all ten
features (``rummy_value_weights_v1.json``), 43.5% of 400 [38.7, 48.4] without the products with the turn
(``rummy_value_weights_v2.json``); so it stays here, and chinchón's ``hard`` stays the rollouts of ``medium``.

``medium`` ranks its discards by one number, the loose points expected after the next draw (with a bonus when
that hand could close). The fit weighs that number against others ``medium`` does not read (the loose points
now, the chance of closing on the next draw, how many loose cards can still meld, whether the card fits what
the next player took from the pile, how late in the round it is, and products with the turn), so that the
discard chosen is the one whose *round* ends best for the seat. The labels are the rounds themselves: in
self-play by ``medium``, every discard ``medium`` weighs is played out to the end of the round by ``medium``
from the real deal (common seeds for all of them), and the weights fit each candidate's result less the mean
of its decision's candidates by least squares, so only what tells candidates apart is learned.

Pure Python: ten weights a game, no numpy (not a dependency of cartas).
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

from cartas.core import Action, Card, EventView
from cartas.core.bots import SeatView
from cartas.games.chinchon.actions import REENGANCHE, Discard
from cartas.games.chinchon.bots.levels import MediumBot, _can_meld, _feeds, _taken_by_others, _without, rules_for
from cartas.games.chinchon.melds import MeldRules

WEIGHTS = Path(__file__).resolve().parent / "rummy_value_weights_v2.json"
"""The weights :class:`ValueBot` reads (the fit writes where it is told)."""

FEATURES = (
    "deadwood", "expected", "close_next", "hopeful", "feeds", "card_points", "turn",
    "deadwood_x_turn", "expected_x_turn", "close_next_x_turn",
)
"""The features :func:`features` gives, in order (the weights file names them, so a stale file is refused)."""


def features(view: SeatView, rules: MeldRules, hand: list[Card], card: Card, unseen: Counter[Card],
             wanted: list[Card], turn: int) -> list[float]:
    """The features of throwing ``card`` and keeping ``hand``, on a scale of about one each.

    ``unseen`` are the cards that may still come from the stock, ``wanted`` those the other players took from
    the discard pile, ``turn`` the seat's draws this round.
    """
    deadwood = rules.deadwood(hand) / 10
    total = sum(unseen.values())
    limit = 0 if view.game_name == "remigio" else view.options.max_cut  # type: ignore[attr-defined]
    if total:
        outcomes = rules.deadwood_after_draws(hand, unseen)
        expected = sum(n * best for n, best in zip(unseen.values(), outcomes)) / total / 10
        close = sum(n for n, best in zip(unseen.values(), outcomes) if best <= limit) / total
    else:
        expected, close = deadwood, 0.0
    loose = rules.arrange(hand).loose
    hopeful = sum(1 for c in loose if _can_meld(rules, c, hand, unseen)) / max(1, len(loose))
    late = min(turn, 20) / 10
    return [deadwood, expected, close, hopeful, float(_feeds(rules, card, wanted)), rules.points([card]) / 10,
            late, deadwood * late, expected * late, close * late]


def draws_this_round(seat: int, events: list[EventView]) -> int:
    """How many times ``seat`` drew this round (the events a view gives are the round's)."""
    return sum(1 for event in events if event.kind == "draw" and event.seat == seat)


@cache
def weights(game: str, path: Path = WEIGHTS) -> tuple[float, ...]:
    """The weights for ``game`` in ``path``, in the order of :data:`FEATURES`; a file for other features is refused."""
    data = json.loads(path.read_text())
    if tuple(data["features"]) != FEATURES:
        raise ValueError("value_weights.json names other features than cartas.games.chinchon.value computes")
    return tuple(float(w) for w in data[game]["weights"])


def value(game: str, row: list[float]) -> float:
    """The predicted round result for the seat (points for it, positive is good) of a feature row."""
    return sum(w * x for w, x in zip(weights(game), row))


class ValueBot(MediumBot):
    """``medium`` whose discard is the one, of those ``medium`` weighs, the learned value likes best (ties to
    ``medium``'s order); it draws and closes as ``medium`` does and plays no play-outs."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if REENGANCHE in legal or not isinstance(legal[0], Discard) or any(
            isinstance(a, Discard) and a.close for a in legal
        ):
            return super().choose(view)
        rules = rules_for(view)
        hand = view.hand()
        observation = view.observation()
        events = observation.events
        candidates = self.candidates(rules, hand, [a for a in legal if isinstance(a, Discard)])
        if len(candidates) == 1:
            return candidates[0]
        unseen = self._unseen(view, hand, events, observation.table["discard_pile"])
        wanted = _taken_by_others(view.seat, events)
        turn = draws_this_round(view.seat, events)
        scored = [
            value(view.game_name, features(view, rules, _without(hand, a.card), a.card, unseen, wanted, turn))
            for a in candidates
        ]
        return candidates[max(range(len(candidates)), key=lambda at: (scored[at], -at))]
