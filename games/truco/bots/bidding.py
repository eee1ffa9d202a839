"""What a truco player's calls and answers say about his cards: the game's model for the core's inference.

A rival who called real envido holds a high tanto more often than a random hand; one who called truco, or
accepted one, holds better cards. :class:`TrucoBidding` gives each such decision a likelihood from the rival's
cards in a sampled world, the ``medium`` bot's own bars softened (:func:`cartas.core.bots.inference.soft_bar`), so the
search bots and ``medium`` (see :mod:`cartas.games.truco.bots`) sample worlds that fit the table's words.

The cards weighed are those the rival held when he spoke: for an envido, the three he was dealt (the tanto
counts them all); for a truco word, those he had not yet played, with the tricks his side had won or lost.
"""

from __future__ import annotations

from cartas.core import Card, State
from cartas.core.bots import Decision, soft_bar

from ..envido import tanto
from ..state import RANK, TrucoState

ENVIDO_BARS = {"envido": 27.0, "real envido": 30.0, "falta envido": 31.5}
"""The tanto from which a player calls (or raises to) each envido word about half the time."""

ENVIDO_ACCEPT_BAR = 26.0
"""The tanto from which a player accepts an envido about half the time (``medium`` accepts from 26 or 27)."""

TANTO_SPREAD = 1.5
"""Tanto points over which a call goes from unlikely to likely."""

TRUCO_BARS = {"truco": 1.6, "retruco": 2.1, "vale cuatro": 2.4}
"""The strength (:func:`strength_at`) from which a player calls each truco word about half the time."""

TRUCO_ACCEPT_BAR = 1.2
"""The strength from which a player accepts a truco word about half the time (``easy`` accepts from 1.3)."""

STRENGTH_SPREAD = 0.35
"""Strength over which a truco word goes from unlikely to likely."""

BLUFF = 0.08
"""How likely a call (or a refusal) is against the cards: the floor of every likelihood."""

FALTA_BLUFF = 0.02
"""The floor of a falta envido's likelihood: a bluff that can lose the match is rarer. At 0.08 (from a bar of
31.5, which few hands reach) most falta callers in the posterior were bluffers, and a tanto of 25 looked a coin
toss against one at 0-1 to 15, and ``medium`` and ``hard`` accepted it on a tanto that loses to most callers."""

BLUFF_SCALE = {"falta envido": FALTA_BLUFF / BLUFF}
"""How much rarer than :data:`BLUFF` a call against the cards is, by envido word (1 when absent)."""


def card_power(card: Card) -> float:
    """A card's worth towards winning tricks: the four bravas count one, treses and doses a little less."""
    strength = RANK[card]
    if strength >= 11:
        return 1.0
    if strength >= 9:
        return 0.6 if strength == 10 else 0.5
    if strength == 8:
        return 0.3
    return 0.05 * strength / 7


def strength_at(world: TrucoState, seat: int, at: int) -> float:
    """How strong ``seat``'s side stood at event ``at`` of the hand: the cards ``seat`` still held then, plus
    one for each trick its side had won and less 0.8 for each it had lost."""
    events = world.events
    played = sum(1 for event in events[:at] if event.kind == "play" and event.seat == seat)
    total = sum(card_power(card) for card in world.dealt[seat][played:])
    team_of = world.team_of
    team = team_of[seat]
    for event in events[:at]:
        if event.kind == "trick":
            total += 1.0 if team_of[event.seat] == team else -0.8
    return total


def answered_call(world: State, at: int) -> str | None:
    """What a ``quiero`` or ``no_quiero`` at event ``at`` answered: ``"envido"``, ``"truco"`` or ``"flor"``."""
    pending: list[str] = []
    for event in world.events[:at]:
        kind = event.kind
        if kind in ("envido", "truco", "flor"):
            if kind in pending:
                pending.remove(kind)  # a raise answers the call before it and stays pending itself
            pending.append(kind)
        elif kind in ("quiero", "no_quiero") and pending:
            pending.pop()
    return pending[-1] if pending else None


class TrucoBidding:
    """The likelihood of a rival's envido and truco words given his cards in a sampled world."""

    kinds = frozenset({"envido", "truco", "quiero", "no_quiero"})

    def likelihood(self, world: State, decision: Decision) -> float:
        assert isinstance(world, TrucoState)
        kind = decision.kind
        if kind == "envido":
            bar = ENVIDO_BARS.get(decision.detail, ENVIDO_BARS["envido"])
            floor = BLUFF * BLUFF_SCALE.get(decision.detail, 1.0)
            return soft_bar(tanto(world.dealt[decision.seat]), bar, TANTO_SPREAD, floor)
        if kind == "truco":
            bar = TRUCO_BARS.get(decision.detail, TRUCO_BARS["truco"])
            return soft_bar(strength_at(world, decision.seat, decision.at), bar, STRENGTH_SPREAD, BLUFF)
        call = answered_call(world, decision.at)
        if call == "envido":
            accept = soft_bar(tanto(world.dealt[decision.seat]), ENVIDO_ACCEPT_BAR, TANTO_SPREAD, BLUFF)
        elif call == "truco":
            accept = soft_bar(strength_at(world, decision.seat, decision.at), TRUCO_ACCEPT_BAR, STRENGTH_SPREAD, BLUFF)
        else:
            return 1.0  # a flor's answer: what it says is told by the flores shown
        return accept if kind == "quiero" else 1.0 - accept
