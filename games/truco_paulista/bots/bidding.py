"""What a truco paulista player's words say about his cards: the game's model for the core's inference.

A rival who asked for truco (or raised to seis, nove, doze), accepted one, or chose to play a mão de onze holds
better cards than a random hand; one who ran (``corro``) holds worse. :class:`PaulistaBidding` gives each word
a likelihood from the rival's cards in a sampled world, by the strength of the cards he held when he spoke
(:func:`hand_power`, in the vira's ranks), softened thresholds as in :func:`cartas.core.bots.inference.soft_bar`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cartas.core import Card, State
from cartas.core.bots import Decision, soft_bar

from ..state import PaulistaState

COMMON_POWER = {3: 0.65, 2: 0.5, 1: 0.35, 12: 0.2, 11: 0.15, 10: 0.1}
"""What a common card is worth towards taking rodadas (a manilha is worth 1); lower ranks 0.05."""

CALL_BARS = {"truco": 1.3, "seis": 1.7, "nove": 2.0, "doze": 2.2}
"""The power from which a player asks for each raise about half the time."""

ACCEPT_BAR = 0.9
"""The power from which a player accepts a raise about half the time."""

ONZE_BAR = 1.0
"""The power of one hand from which a player plays a mão de onze about half the time (per hand he sees)."""

SPREAD = 0.3
"""Power over which a word goes from unlikely to likely."""

BLUFF = 0.08
"""How likely a word is against the cards: the floor of every likelihood."""


def hand_power(cards: Iterable[Card], ranks: Mapping[Card, int]) -> float:
    """The cards' worth towards taking rodadas: 1 a manilha, 0.65 a three, 0.5 a two, and so on down."""
    top_common = max(ranks[Card(3, suit)] for suit in "OCEB")
    return sum(1.0 if ranks[card] > top_common else COMMON_POWER.get(card.rank, 0.05) for card in cards)


def held_at(world: PaulistaState, seat: int, at: int) -> list[Card]:
    """The cards ``seat`` held at event ``at``: its hand now and what it played (face up or down) since."""
    events = world.events
    later = [Card.parse(e.detail) for e in events[at:] if e.kind == "play" and e.seat == seat]
    rodadas_then = sum(1 for e in events[:at] if e.kind == "trick")
    hidden = [card for rodada, hider, card in world.hidden if hider == seat and rodada >= rodadas_then]
    return list(world.hands[seat]) + later + hidden


class PaulistaBidding:
    """The likelihood of a rival's raises, answers and mão de onze choice given his cards in a sampled world."""

    kinds = frozenset({"truco", "seis", "nove", "doze", "aceito", "corro", "jogo"})

    def likelihood(self, world: State, decision: Decision) -> float:
        assert isinstance(world, PaulistaState)
        kind, seat = decision.kind, decision.seat
        power = hand_power(held_at(world, seat, decision.at), world.ranks)
        if kind in CALL_BARS:
            return soft_bar(power, CALL_BARS[kind], SPREAD, BLUFF)
        if kind == "aceito":
            return soft_bar(power, ACCEPT_BAR, SPREAD, BLUFF)
        onze = _onze_decision(world, decision.at)
        if onze:
            seen = [seat]
            if world.sees_partner(seat):
                seen += [s for s in range(world.n) if s != seat and world.team_of[s] == world.team_of[seat]]
            power = sum(hand_power(held_at(world, s, decision.at), world.ranks) for s in seen)
            plays = soft_bar(power, ONZE_BAR * len(seen), SPREAD, BLUFF)
            return plays if kind == "jogo" else 1.0 - plays
        return 1.0 - soft_bar(power, ACCEPT_BAR, SPREAD, BLUFF)  # ran from a raise


def _onze_decision(world: State, at: int) -> bool:
    """Whether the word at event ``at`` decides a mão de onze (rather than answering a raise)."""
    return not any(event.kind in CALL_BARS for event in world.events[:at]) and any(
        event.kind == "onze" for event in world.events[:at]
    )
