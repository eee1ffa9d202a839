"""Julepe's personalities (issue 32, item 5): ``medium``'s temperament is its constants (a match's digest),
each character's knobs move its decisions on exact hands and over 60 seeded deals, and they are registered
levels with titles in every language and their measured strength."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from cartas.core.bots.base import SeatView
from cartas.core.bots.personality import Personality as Shown
from cartas.core.i18n import speaking
from cartas.core.match import run_match
from cartas.core.plugins.manager import get_registry
from cartas.games.tresillo import PERSONALITY_LEVELS
from cartas.games.tresillo.bots import MediumBot
from cartas.games.tresillo.game import TresilloGame
from cartas.games.tresillo.bots.personalities import PERSONALITIES, BlindDealer, Cautious, Gambler, Personality, strengths
from cartas.games.tresillo.state import TresilloState
from cartas.games.tresillo.bots.temperament import MEDIUM, Temperament

from personality_checks import titles_by_language

GAME = TresilloGame()
BOTS: tuple[type[MediumBot], ...] = (MediumBot, Cautious, Gambler, BlindDealer)


def digest(state: TresilloState) -> str:
    text = "\n".join(f"{event.kind} {event.seat} {event.detail}" for event in state.events)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize(("players", "seed", "expected", "scores"), [
    (4, 5, "e8c228dd0dbdf05a", (124, 94, 71, 109)),
    (3, 6, "6f34304ada0baf44", (113, 97, 81)),
    (6, 7, "f53bc6706757012b", (88, 92, 46, 84, 142, 130)),
])
def test_medium_plays_the_match_it_played_with_its_temperament(players: int, seed: int, expected: str,
                                                               scores: tuple[int, ...]) -> None:
    """Digests and chips of ``medium`` against itself, taken when it stopped swapping a weak hand for the viuda
    (before that: 55a945f3bd61f7fb, 9925d799874f2476 and 2cb8abaabc775e8a, the constants before
    :class:`Temperament`); ciega is left to the dealer, so the dealer's choice is in them too."""
    state = GAME.start(GAME.options({"players": players}), seed=seed)
    assert isinstance(state, TresilloState)
    run_match(state, {seat: MediumBot(100 + seat) for seat in range(players)})
    assert (digest(state), state.scores()) == (expected, scores)


def test_medium_keeps_the_constants_it_played_with() -> None:
    assert MediumBot.temperament is MEDIUM == Temperament()
    assert (MEDIUM.play_from, MEDIUM.oblige_from, MEDIUM.oblige_from_small, MEDIUM.small_table) == (0.4, 11, 10, 4)
    assert (MEDIUM.take_viuda_below, MEDIUM.stop_lone_dealer, MEDIUM.viuda_against_loose, MEDIUM.blind) == (
        0.0, True, 0.2, 0.0)
    assert (MediumBot.PLAY_FROM, MediumBot.OBLIGE_FROM, MediumBot.OBLIGE_FROM_SMALL) == (0.4, 11, 10)


def test_a_personality_with_medium_temperament_plays_mediums_match_move_for_move() -> None:
    class Plain(Personality):
        level = "plain"
        name = "Plain"
        temperament = MEDIUM

    def events(first: type[MediumBot]) -> str:
        state = GAME.start(GAME.options({"players": 4}), seed=9)
        assert isinstance(state, TresilloState)
        run_match(state, {0: first(100), 1: MediumBot(101), 2: first(102), 3: MediumBot(103)})
        return digest(state)

    assert events(Plain) == events(MediumBot)


def said(state: TresilloState, seat: int, seed: int = 0) -> dict[str, str]:
    view = SeatView(state, seat)
    return {bot.__name__: str(bot(seed).choose(view)) for bot in BOTS}


def test_who_goes_in_with_a_middling_hand(stacked: Any) -> None:
    """Four players, trump oros, first to speak. 12O 4C 5E expects 0.52 tricks: ``medium`` (bar 0.4) and the
    gambler (0.2) go in, the cautious one (0.7) passes. 7O 4C 5E expects 0.23: only the gambler goes in."""
    middling = stacked("12O 4C 5E / 6B 7B 2E / 1C 4E 2B / 4O 5O 6O", "2O", dealer=3)
    assert said(middling, 0) == {"MediumBot": "juego", "Cautious": "paso", "Gambler": "juego", "BlindDealer": "juego"}
    thin = stacked("7O 4C 5E / 6B 7B 2E / 1C 4E 2B / 4O 5O 6O", "2O", dealer=3)
    assert said(thin, 0) == {"MediumBot": "paso", "Cautious": "paso", "Gambler": "juego", "BlindDealer": "paso"}


def test_who_obliges_with_which_figure(stacked: Any) -> None:
    """A caballo turned at four players: all but the cautious one (the rey only) oblige. A sota at five (above
    ``small_table``): only the gambler obliges."""
    caballo = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B / 4O 5O 6O", "11C", dealer=3)
    assert said(caballo, 3) == {"MediumBot": "obligo", "Cautious": "no obligo", "Gambler": "obligo",
                                "BlindDealer": "obligo"}
    sota = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B / 4O 5O 6O / 7O 2O 3O", "10C", dealer=4)
    assert said(sota, 4) == {"MediumBot": "no obligo", "Cautious": "no obligo", "Gambler": "obligo",
                             "BlindDealer": "no obligo"}
    rey = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B / 4O 5O 6O", "12C", dealer=3)
    assert set(said(rey, 3).values()) == {"obligo"}


def offered_the_viuda(stacked: Any, hand: str) -> TresilloState:
    """Seat 0 goes in alone; seat 1, holding ``hand``, is the first offered the viuda."""
    state: TresilloState = stacked(f"3O 1O 12O / {hand} / 6B 7B 2E / 4O 5O 6O", "2O", dealer=3)
    for word in ("juego", "paso", "paso", "paso"):
        state.apply(word)
    return state


def test_who_takes_the_viuda(stacked: Any) -> None:
    """Against one player, 2C 4B 5E expects 0.06 tricks: only the gambler (below 1.6) swaps it for the viuda;
    ``medium`` leaves it to the dealer's free defence, as do the cautious one and the blind dealer. 1C 3C 1E
    expects 1.2, still under the gambler's bar; 11O 10O 7O expects 1.65, over it."""
    weak = offered_the_viuda(stacked, "2C 4B 5E")
    assert said(weak, 1) == {"MediumBot": "dejo viuda", "Cautious": "dejo viuda", "Gambler": "tomo viuda",
                             "BlindDealer": "dejo viuda"}
    fair = offered_the_viuda(stacked, "1C 3C 1E")
    assert said(fair, 1) == said(weak, 1)
    good = offered_the_viuda(stacked, "11O 10O 7O")
    assert set(said(good, 1).values()) == {"dejo viuda"}


def test_the_last_offered_stops_a_lone_dealer_collecting_the_pot(stacked: Any) -> None:
    """The dealer (seat 3) goes in alone: if seats 0, 1 and 2 all leave the viuda he takes the pot unplayed.
    The first offered, with a good hand, leaves it (someone after him can still stop the dealer); the last one
    offered takes it whatever his cards, every character but the gambler for that reason alone."""
    state: TresilloState = stacked("11O 10O 7O / 2C 4B 5E / 6B 7B 1E / 3O 1O 12O", "2O", dealer=3)
    for word in ("paso", "paso", "paso", "juego"):
        state.apply(word)
    assert state.to_act == (0,) and set(said(state, 0).values()) == {"dejo viuda"}
    state.apply("dejo viuda")
    state.apply("dejo viuda")
    assert state.to_act == (2,) and set(said(state, 2).values()) == {"tomo viuda"}
    assert [MediumBot.stops_lone_dealer(SeatView(state, seat).observation()) for seat in (0, 2)] == [False, True]


def test_over_sixty_deals_the_cautious_one_goes_in_less_and_the_gambler_more() -> None:
    """The first speaker's hand of 60 seeded four-player deals (the dealer not obliging): ``medium`` goes in
    with 24, the cautious one with 13, the gambler with 38; the blind dealer's hands are ``medium``'s."""
    went = dict.fromkeys((bot.__name__ for bot in BOTS), 0)
    for seed in range(60):
        state = GAME.start(GAME.options({"players": 4, "ciega": "never"}), seed=seed)
        assert isinstance(state, TresilloState)
        while "juego" not in state.legal_actions():
            state.apply("no obligo" if "no obligo" in state.legal_actions() else state.legal_actions()[0])
        for bot, word in said(state, state.to_act[0], seed).items():
            went[bot] += word == "juego"
    assert went == {"MediumBot": 24, "Cautious": 13, "Gambler": 38, "BlindDealer": 24}


def test_the_blind_dealer_calls_the_blind_deal_about_half_the_time() -> None:
    """The dealer's first word over 60 seeds, the table letting him choose: ``medium`` and the other two never
    deal blind (and draw nothing to decide), the blind dealer does on 31."""
    blind = dict.fromkeys((bot.__name__ for bot in BOTS), 0)
    for seed in range(60):
        state = GAME.start(GAME.options({"players": 4, "ciega": "choice"}), seed=seed)
        assert isinstance(state, TresilloState)
        for bot, word in said(state, state.to_act[0], seed).items():
            blind[bot] += word == "apuesta ciega"
    assert blind == {"MediumBot": 0, "Cautious": 0, "Gambler": 0, "BlindDealer": 31}
    medium = MediumBot(7)
    before = medium.rng.getstate()
    assert medium.choose(SeatView(state, state.to_act[0])) == "apuesta normal"
    assert medium.rng.getstate() == before


def test_the_personalities_are_registered_levels_shown_by_title_and_strength() -> None:
    registry = get_registry()
    levels = registry.bot_levels("tresillo")
    assert tuple(p.level for p in PERSONALITIES) == PERSONALITY_LEVELS == ("prudente", "jugador", "ciego")
    for personality in PERSONALITIES:
        assert registry.bot("tresillo", personality.level) is personality
        assert isinstance(personality, Shown)
        assert personality.strength() == strengths()[personality.level]
    assert levels.index("medium") < levels.index("prudente") < levels.index("jugador") < levels.index("ciego")
    assert not isinstance(MediumBot, Shown)
    with speaking("es"):
        assert registry.level_label("tresillo", "prudente").startswith("El Prudente · ")
        assert registry.level_label("tresillo", "prudente").endswith("% contra medio")


def test_the_titles_are_translated() -> None:
    titles = titles_by_language(PERSONALITIES)
    assert titles["es"] == titles["es-AR"] == ["El Prudente", "El Jugador", "El de la Ciega"]
    assert titles["pt-BR"] == ["O Prudente", "O Jogador", "O da Cega"]
    assert titles["en"] == ["The Cautious", "The Gambler", "The Blind Dealer"]
