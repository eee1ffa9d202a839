"""Julepe's book of loose rivals (:mod:`cartas.games.tresillo.bots.rivals`): it reads the hands that went in and were
played out, counts those ``medium`` would have passed, and ``medium`` plays the viuda against a loose player."""

from __future__ import annotations

from typing import Any

from cartas.core.bots.base import RandomBot, SeatView
from cartas.core.match import run_match
from cartas.games.tresillo.bots import MediumBot
from cartas.games.tresillo.game import TresilloGame
from cartas.games.tresillo.bots.rivals import LooseBook
from cartas.games.tresillo.state import TresilloState

GAME = TresilloGame()


def finished_match(seed: int) -> TresilloState:
    """Four players, 20 deals: a random player in seat 1, ``medium`` in the others."""
    state = GAME.start(GAME.options({"players": 4, "ciega": "never"}), seed=seed)
    assert isinstance(state, TresilloState)
    run_match(state, {0: MediumBot(10), 1: RandomBot(11), 2: MediumBot(12), 3: MediumBot(13)})
    return state


def test_a_player_who_goes_in_with_anything_reads_loose_and_medium_does_not() -> None:
    """Over whole matches the random seat's hands that went in were mostly below ``medium``'s bar; ``medium``'s
    never were, so their share stays under the prior's 0.1 mean and under the 0.2 bar."""
    for seed in (1, 2, 3):
        book = LooseBook(0, MediumBot.promise, MediumBot.PLAY_FROM)
        book.observe(SeatView(finished_match(seed), 0))
        assert book.seen[1] >= 5 and book.loose[1] >= book.seen[1] // 2
        assert book.loose_share(1) > 0.35
        for steady in (2, 3):
            assert book.seen[steady] >= 3 and book.loose.get(steady, 0) == 0
            assert book.loose_share(steady) < 0.1


def test_each_deal_is_read_once_and_only_from_what_was_shown() -> None:
    """Reading again reads nothing new; a seat's own hands are not counted; the counts are the loose hands
    (by ``medium``'s count, from the three cards each played) of the seats that said ``juego`` themselves."""
    state = finished_match(4)
    book = LooseBook(0, MediumBot.promise, MediumBot.PLAY_FROM)
    view = SeatView(state, 0)
    book.observe(view)
    first = (dict(book.seen), dict(book.loose))
    book.observe(view)
    assert (book.seen, book.loose) == first and 0 not in book.seen
    said = sum(1 for event in state.events if event.kind == "juego" and event.seat == 1)
    assert 0 < book.seen[1] <= said


def test_medium_takes_the_viuda_against_a_loose_lone_player(stacked: Any) -> None:
    """Seat 0 goes in alone; seat 1 holds 11O 10O 7O (1.65 expected tricks) and would leave the viuda, unless
    seat 0 has gone in loose: two loose hands in three seen make 0.31, over the 0.2 bar."""
    state: TresilloState = stacked("3O 1O 12O / 11O 10O 7O / 6B 7B 2E / 4O 5O 6O", "2O", dealer=3)
    for word in ("juego", "paso", "paso", "paso"):
        state.apply(word)
    view = SeatView(state, 1)
    assert MediumBot(0).choose(view) == "dejo viuda"
    bot = MediumBot(0)
    bot._book = LooseBook(1, MediumBot.promise, MediumBot.PLAY_FROM, seen={0: 3}, loose={0: 2})
    assert round(bot.loose_share(view, 0), 2) == 0.31
    assert bot.choose(view) == "tomo viuda"
