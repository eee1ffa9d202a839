"""The envido sung in turn, as at a real table (issue 28, item 2): from the mano, each seat says its tanto if
it beats the best said so far, "son buenas" if it does not, and stays silent while its side holds the best.
The points and the winner are the old rule's (each side's best, a tie to the seat nearer the mano)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.core.i18n import speaking
from cartas.core.naming import viewer_names
from cartas.games.truco.envido import SON_BUENAS, sing
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.state import TrucoState

GAME = TrucoGame()
Start = Callable[..., TrucoState]
Run = Callable[..., None]
SAID = ("tanto", "son_buenas")


def said(state: TrucoState) -> list[tuple[str, int, str]]:
    return [(e.kind, e.seat, e.detail) for e in state.events if e.kind in SAID]


def old_winner(parts: tuple[int, ...], values: list[int], team_of: tuple[int, ...]) -> int:
    """The rule before the singing: each side's best tanto, ties to the one nearer the mano."""
    best = [(-1, -1), (-1, -1)]
    for index, seat in enumerate(parts):
        if values[index] > best[team_of[seat]][0]:
            best[team_of[seat]] = (values[index], index)
    return 0 if (best[0][0], -best[0][1]) > (best[1][0], -best[1][1]) else 1


def test_two_players_the_pie_says_more(start: Start, run: Run) -> None:
    state = start(["5C 4C 12O", "7E 6E 1B"])
    run(state, "0 envido", "1 quiero")
    assert said(state) == [("tanto", 0, "29"), ("tanto", 1, "33")]
    assert state.scores() == (0, 2)
    run(state, "0 mazo")
    assert [(e.seat, e.detail) for e in state.events if e.kind == "envido_shown"] == [(1, "7E 6E 33")]
    with speaking("es-AR"):
        lines = GAME.hand_summary(state.events[:state.hand_events_from], viewer_names(2, 0))
    assert lines[0] == "Envido: Jugador 2 33 (el 7 y el 6 de espadas), Vos 29"


def test_two_players_the_pie_says_son_buenas(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 envido", "1 quiero")
    assert said(state) == [("tanto", 0, "33"), ("son_buenas", 1, "envido")]
    assert state.scores() == (2, 0)
    assert ("tanto_under", 1, 33) in state.reveals and not any(f[0] == "tanto" and f[1] == 1 for f in state.reveals)
    with speaking("es"):
        assert GAME.describe(state.events[-2]) == "Jugador 2: Son buenas"
    with speaking("en"):
        assert GAME.describe(state.events[-2]) == "Player 2: Yours are good"


def test_a_tie_in_two_players_goes_to_the_mano(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "7O 6O 12C"])
    run(state, "0 envido", "1 quiero")
    assert said(state) == [("tanto", 0, "33"), ("son_buenas", 1, "envido")]
    assert state.scores() == (2, 0)


def test_ar_16_four_players_summary(start: Start, run: Run) -> None:
    state = start(["12E 11E 4O", "5O 3O 12C", "7C 4C 11O", "6B 5B 10O"], dealer=0)
    run(state, "1 play 5O", "2 play 4C", "3 envido", "2 quiero")
    assert said(state) == [("tanto", 1, "28"), ("tanto", 2, "31"), ("son_buenas", 3, "envido")]
    assert state.scores() == (2, 0)
    assert ("tanto_under", 3, 31) in state.reveals and not [f for f in state.reveals if f[1] == 0]
    run(state, "3 mazo")
    assert [(e.seat, e.detail) for e in state.events if e.kind == "envido_shown"] == [(2, "7C 4C 31")]
    with speaking("es-AR"):
        lines = GAME.hand_summary(state.events[:state.hand_events_from], viewer_names(4, 1, teams=(0, 1, 0, 1)))
    assert lines[0] == "Envido: Ellos 31 (el 7 y el 4 de copas), Nosotros 28"


def test_six_players_a_silent_partner_speaks_when_the_rivals_go_ahead(start: Start, run: Run) -> None:
    """s0 says 30, s1 son buenas, s2 (33) silent behind its partner, s3 says 31, s4 son buenas, s5 silent;
    round two: s2 now says 33 and s5 (27) says son buenas. The best tanto (s2's) wins, as before."""
    hands = ["7O 3O 12C", "4C 1C 2O", "7E 6E 11O", "6B 5B 12E", "11B 10B 3C", "7C 10C 2E"]
    state = start(hands, envido_callers="all")
    run(state, "0 envido", "1 quiero")
    assert said(state) == [
        ("tanto", 0, "30"), ("son_buenas", 1, "envido"), ("tanto", 3, "31"), ("son_buenas", 4, "envido"),
        ("tanto", 2, "33"), ("son_buenas", 5, "envido"),
    ]
    assert state.scores() == (2, 0)
    assert state.to_show == ((2, "envido"),)


def test_a_pica_pica_duel_sings_between_its_two_duelists() -> None:
    state = GAME.start({"players": 6}, seed=11)
    assert isinstance(state, TrucoState)
    while not state.pica:
        state.apply("mazo", state.to_act[0])
    first, second = state.parts
    state.apply("envido", first)
    state.apply("quiero", second)
    events = said(state)
    assert {seat for _, seat, _ in events} <= {first, second} and events[0] == ("tanto", first, str(state.tanto_of(first)))
    mine, theirs = state.tanto_of(first), state.tanto_of(second)
    assert events[1:] == ([("tanto", second, str(theirs))] if theirs > mine else [("son_buenas", second, "envido")])


@given(st.lists(st.integers(0, 33), min_size=2, max_size=6), st.integers(0, 5))
def test_sing_wins_as_the_old_rule(values: list[int], shift: int) -> None:
    parts = tuple((shift + i) % len(values) for i in range(len(values)))
    team_of = tuple(seat % 2 for seat in range(len(values)))
    steps, best = sing(parts, values, team_of)
    assert team_of[best] == old_winner(parts, values, team_of)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([2, 4, 6]), st.integers(0, 10_000))
def test_random_deals_sing_as_at_a_table(players: int, seed: int) -> None:
    state = GAME.start({"players": players, "envido_callers": "all", "pica_pica": False}, seed=seed)
    assert isinstance(state, TrucoState)
    parts, team_of = state.parts, state.team_of
    values = [state.tanto_of(seat) for seat in parts]
    score = list(state.scores())
    state.apply("envido", state.to_act[0])
    state.apply("quiero", state.to_act[0])
    winner = old_winner(parts, values, team_of)
    score[winner] += 2
    assert list(state.scores()) == score
    steps = said(state)
    keys = [(int(d), -parts.index(s)) for kind, s, d in steps if kind == "tanto"]
    sides = [team_of[s] for kind, s, _ in steps if kind == "tanto"]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)  # each said tanto beats the one before
    assert all(a != b for a, b in zip(sides, sides[1:]))  # the sides take turns
    assert sides[-1] == winner
    best = max(keys)
    for kind, seat, detail in steps:
        if kind == "tanto":
            assert int(detail) == state.tanto_of(seat)
        else:
            assert (state.tanto_of(seat), -parts.index(seat)) < best  # son buenas: truly beaten
    spoke = {seat for _, seat, _ in steps}
    assert all(team_of[seat] == winner for seat in parts if seat not in spoke)  # the silent were ahead
    assert len(steps) == len(spoke)  # each seat speaks once at most
    shown = [seat for seat, what in state.to_show if what == "envido"]
    assert shown == [next(s for kind, s, d in steps if kind == "tanto" and (int(d), -parts.index(s)) == best)]


def test_sing_steps_give_son_buenas_bounds() -> None:
    steps, best = sing((1, 2, 3, 0), [28, 31, 31, 20], (0, 1, 0, 1))
    assert steps == [(1, 28, 28), (2, 31, 31), (3, SON_BUENAS, 31)] and best == 2
    steps, best = sing((0, 1, 2, 3), [20, 25, 30, 30], (0, 1, 0, 1))
    # s0 20, s1 25, s2 30, s3 ties s2 but comes later: son buenas with 30 at most
    assert steps == [(0, 20, 20), (1, 25, 25), (2, 30, 30), (3, SON_BUENAS, 30)] and best == 2
    steps, best = sing((0, 1, 2, 3), [20, 25, 5, 30], (0, 1, 0, 1))
    assert steps == [(0, 20, 20), (1, 25, 25), (2, SON_BUENAS, 25)] and best == 1


def test_four_players_sing_the_flor_in_turn(start: Start, run: Run) -> None:
    """Flor against flor: s0 says 33, s1 35; s3 (32), whose partner holds the best, stays silent and unknown."""
    state = start(["7O 6O 12O", "7C 5C 3C", "12E 4O 1B", "6B 4B 2B"], flor=True)
    run(state, "0 flor", "1 flor")
    said_flor = [(e.kind, e.seat, e.detail) for e in state.events if e.kind in ("flor_tanto", "son_buenas")]
    assert said_flor == [("flor_tanto", 0, "33"), ("flor_tanto", 1, "35")]
    assert state.scores() == (0, 6)
    assert not any(f[1] == 3 and f[0] == "flor" and f[2] for f in state.reveals)  # s3's flor value untold
