"""Paulista's personalities (issue 32, item 5): each knob visibly moves its bot's betting on a fixed deal over
60 bot seeds, ``medium`` keeps its old constants, they are registered levels with titles in every language."""

from __future__ import annotations

from cartas.core.bots.personality import Personality as Shown
from cartas.core.plugins.manager import get_registry
from cartas.games.truco_paulista import PERSONALITY_LEVELS
from cartas.games.truco_paulista.bots import MediumBot
from cartas.games.truco_paulista.game import PaulistaGame
from cartas.games.truco_paulista.bots.personalities import PERSONALITIES, Bluffer, Wary, Gambler
from cartas.games.truco_paulista.state import PaulistaState
from cartas.games.truco_paulista.bots.temperament import MEDIUM, Temperament

from personality_checks import count, titles_by_language

GAME = PaulistaGame()


def start(hands: list[str], *, dealer: int) -> PaulistaState:
    state = GAME.start({"players": 2}, seed=3, position={"hands": [h.split() for h in hands], "dealer": dealer, "up": "7O"})
    assert isinstance(state, PaulistaState)
    return state


def test_medium_keeps_the_constants_it_played_with() -> None:
    assert MediumBot.temperament is MEDIUM == Temperament()
    assert (MEDIUM.bluff, MEDIUM.raise_bar, MEDIUM.answer_shift, MEDIUM.answer_raise_bar) == (0.0, 0.72, 0.0, 0.8)


def test_the_bluffer_asks_for_truco_with_nothing() -> None:
    """Vira 7O, holding 4E 5B 6E: ``medium`` never asks for truco at its turn; the bluffer on 16 of 60 seeds."""
    state = start(["4E 5B 6E", "3C 2C 10B"], dealer=1)
    calls = {bot: count(bot, state, lambda said: said == "truco") for bot in (MediumBot, Bluffer, Wary)}
    assert calls[MediumBot] == calls[Wary] == 0
    assert calls[Bluffer] >= 8


def test_the_cautious_one_runs_more_and_the_gambler_accepts_more() -> None:
    """Vira 7O, holding 3C 4C 11B against a truco: ``medium`` accepts on 35 of 60 seeds, the cautious one on 16,
    the gambler on all."""
    state = start(["3C 4C 11B", "2E 5B 6E"], dealer=0)
    state.apply("truco", 1)
    accepts = {bot: count(bot, state, lambda said: said == "aceito") for bot in (MediumBot, Wary, Gambler)}
    assert accepts[Wary] + 10 <= accepts[MediumBot] <= accepts[Gambler] - 15


def test_the_gambler_asks_for_truco_on_thinner_chances() -> None:
    """Vira 7O, holding 3E 2B 6E: ``medium`` asks on 29 of 60 seeds, the cautious one on 8, the gambler on all."""
    state = start(["3E 2B 6E", "4C 5C 11B"], dealer=1)
    calls = {bot: count(bot, state, lambda said: said == "truco") for bot in (MediumBot, Wary, Gambler)}
    assert calls[Wary] + 10 <= calls[MediumBot] <= calls[Gambler] - 15


def test_the_personalities_are_registered_levels_shown_by_title() -> None:
    registry = get_registry()
    assert tuple(p.level for p in PERSONALITIES) == PERSONALITY_LEVELS
    for personality in PERSONALITIES:
        assert registry.bot("truco_paulista", personality.level) is personality
        assert isinstance(personality, Shown)


def test_the_titles_are_translated() -> None:
    titles = titles_by_language(PERSONALITIES)
    assert titles["es"] == titles["es-AR"] == ["El Cauteloso", "El Farolero", "El Apostador"]
    assert titles["pt-BR"] == ["O Cauteloso", "O Blefador", "O Apostador"]
    assert titles["en"] == ["The Wary", "The Bluffer", "The Gambler"]
