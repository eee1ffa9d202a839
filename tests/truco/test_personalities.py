"""Truco's personalities (issue 32, item 5): each knob visibly moves its bot's bidding on a fixed deal over 60
bot seeds, ``medium`` keeps its old constants, they are registered levels with titles in every language."""

from __future__ import annotations

from cartas.core.bots.personality import Personality as Shown
from cartas.core.match import run_match
from cartas.core.plugins.manager import get_registry
from cartas.games.truco import PERSONALITY_LEVELS
from cartas.games.truco.bots import MediumBot
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.bots.personalities import PERSONALITIES, Cautious, Gambler, Liar, Personality
from cartas.games.truco.state import TrucoState
from cartas.games.truco.bots.temperament import MEDIUM, Temperament

from personality_checks import count, titles_by_language

GAME = TrucoGame()


def start(hand: list[str], rival: list[str], *, dealer: int) -> TrucoState:
    state = GAME.start({"players": 2, "points": 30}, seed=3, position={"dealer": dealer, "hands": [hand, rival]})
    assert isinstance(state, TrucoState)
    return state


def test_medium_keeps_the_constants_it_played_with() -> None:
    assert MediumBot.temperament is MEDIUM == Temperament()
    assert (MEDIUM.bluff, MEDIUM.truco_call_bar, MEDIUM.raise_bar) == (0.08, 0.62, 0.7)
    assert (MEDIUM.envido_shift, MEDIUM.envido_answer_shift, MEDIUM.truco_answer_shift) == (0.0, 0.0, 0.0)
    assert MediumBot.bluff == 0.08


def test_a_personality_with_medium_temperament_plays_mediums_match_move_for_move() -> None:
    """The personality machinery itself (title, strength, the bluff copied from the temperament) changes no
    choice: only the knobs do."""

    class Plain(Personality):
        level = "plain"
        name = "Plain"
        temperament = MEDIUM

    def events(bots: type[MediumBot]) -> list[tuple[str, int, str]]:
        state = GAME.start(GAME.options({"points": 15}), seed=5)
        run_match(state, {0: bots(100), 1: MediumBot(101)})
        return [(e.kind, e.seat, e.detail) for e in state.events]

    assert events(Plain) == events(MediumBot)


def test_the_liar_bluffs_clearly_more_and_the_cautious_one_less() -> None:
    """Mano with 4O 5C 6B (a tanto of 6, no trick worth a call): ``medium`` says envido or truco on 5 of 60
    seeds, the liar on 32, the cautious one on 1."""
    state = start(["4O", "5C", "6B"], ["1E", "7E", "3C"], dealer=1)
    calls = {bot: count(bot, state, lambda said: not said.startswith("play")) for bot in (MediumBot, Liar, Cautious)}
    assert calls[Liar] >= calls[MediumBot] + 15
    assert calls[Cautious] <= calls[MediumBot]


def test_the_cautious_one_folds_a_truco_more_and_the_gambler_less() -> None:
    """At the foot with 1O 12C 6B, answering the mano's truco: ``medium`` accepts on 18 of 60 seeds, the
    cautious one on 6, the gambler on 43."""
    state = start(["1O", "12C", "6B"], ["4E", "5E", "6C"], dealer=0)
    state.apply("truco", 1)
    accepts = {bot: count(bot, state, lambda said: said == "quiero") for bot in (MediumBot, Cautious, Gambler)}
    assert accepts[Cautious] + 8 <= accepts[MediumBot] <= accepts[Gambler] - 15


def test_the_gambler_opens_the_envido_with_less_and_the_cautious_one_needs_more() -> None:
    """Mano with 7O 12O 4B (27 of tanto, a point under the bar): ``medium`` opens on 24 of 60 seeds, the
    gambler on 53, the cautious one on 5."""
    state = start(["7O", "12O", "4B"], ["4E", "5E", "6C"], dealer=1)
    opens = {bot: count(bot, state, lambda said: "envido" in said) for bot in (MediumBot, Cautious, Gambler)}
    assert opens[Cautious] + 10 <= opens[MediumBot] <= opens[Gambler] - 15


def test_the_gambler_raises_a_truco_more() -> None:
    """A middling hand against a called truco (the raise is weighed where the rival accepts, so 2O 3C 11B, this
    test's first hand, no longer raises for ``medium`` or the cautious one at all): 12, 26 and 53 of 60 seeds."""
    state = start(["7O", "3C", "11B"], ["4E", "5E", "6C"], dealer=0)
    state.apply("truco", 1)
    raises = {bot: count(bot, state, lambda said: said == "retruco") for bot in (MediumBot, Cautious, Gambler)}
    assert raises[Cautious] < raises[MediumBot] < raises[Gambler]


def test_the_personalities_are_registered_levels_shown_by_title() -> None:
    registry = get_registry()
    levels = registry.bot_levels("truco")
    assert tuple(p.level for p in PERSONALITIES) == PERSONALITY_LEVELS
    for personality in PERSONALITIES:
        assert registry.bot("truco", personality.level) is personality
        assert isinstance(personality, Shown)
    assert levels.index("medium") < levels.index("prudente") < levels.index("mentiroso") < levels.index("jugador")
    assert not isinstance(MediumBot, Shown)


def test_the_titles_are_translated() -> None:
    titles = titles_by_language(PERSONALITIES)
    assert titles["es"] == titles["es-AR"] == ["El Prudente", "El Mentiroso", "El Jugador"]
    assert titles["pt-BR"] == ["O Prudente", "O Mentiroso", "O Jogador"]
    assert titles["en"] == ["The Cautious", "The Liar", "The Gambler"]
