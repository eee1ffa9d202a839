"""Flor and its answers, the six-player pica-pica, and the partners' señas."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cartas.core import ActionParseError
from cartas.games.truco.actions import PLAYS, SENAS, WORDS, parse_action
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.state import TrucoState

GAME = TrucoGame()
Start = Callable[..., TrucoState]
Run = Callable[..., None]
Legal = Callable[[TrucoState, int], list[str]]


FLOR_A, FLOR_B, PLAIN = "7O 6O 5O", "4C 5C 6C", "7E 6E 1B"

# --- flor ---------------------------------------------------------------------------------------------


def test_flor_must_be_declared_first_and_scores_three_alone(start: Start, run: Run, legal: Legal) -> None:
    state = start([FLOR_A, "4C 5B 6E"], flor=True)
    assert legal(state, 0) == ["flor", "mazo"]
    run(state, "0 flor")
    assert state.scores() == (3, 0)
    assert "envido" not in legal(state, 0)
    run(state, "0 play 7O")
    assert "envido" not in legal(state, 1)


def test_without_the_option_a_flor_is_only_a_tanto(start: Start, legal: Legal) -> None:
    state = start([FLOR_A, "4C 5B 6E"])
    assert "flor" not in legal(state, 0) and "envido" in legal(state, 0)


@pytest.mark.parametrize(("moves", "scores"), [
    (["1 flor"], (6, 0)),
    (["1 con flor me achico"], (3, 0)),
    (["1 contraflor", "0 quiero"], (9, 0)),
    (["1 contraflor", "0 no quiero"], (0, 6)),
    (["1 contraflor", "0 contraflor al resto", "1 no quiero"], (9, 0)),
    (["1 contraflor", "0 contraflor al resto", "1 quiero"], (15, 0)),
    (["1 contraflor al resto", "0 no quiero"], (0, 6)),
    (["1 contraflor al resto", "0 quiero"], (15, 0)),
    (["1 mazo"], (4, 0)),
])
def test_flor_against_flor(moves: list[str], scores: tuple[int, int], start: Start, run: Run, legal: Legal) -> None:
    state = start([FLOR_A, FLOR_B], flor=True)
    run(state, "0 flor")
    assert state.to_act == (1,)
    assert legal(state, 1) == ["flor", "contraflor", "contraflor al resto", "con flor me achico", "mazo"]
    run(state, *moves)
    assert state.scores() == scores


def test_flor_sung_in_turn_and_ties_go_to_the_mano(start: Start, run: Run) -> None:
    """The mano says its flor; the pie, tied, says "son buenas" (a tie goes to the mano) and keeps its points."""
    state = start(["7O 6O 12O", "7C 6C 11C"], flor=True)
    run(state, "0 flor", "1 flor")
    assert state.scores() == (6, 0)
    said = [(e.kind, e.seat, e.detail) for e in state.events if e.kind in ("flor_tanto", "son_buenas")]
    assert said == [("flor_tanto", 0, "33"), ("son_buenas", 1, "flor")]


def test_flor_voids_a_pending_envido(start: Start, run: Run, legal: Legal) -> None:
    state = start([PLAIN, FLOR_B], flor=True)
    run(state, "0 envido")
    assert legal(state, 1) == ["flor", "mazo"]
    run(state, "1 flor")
    assert state.scores() == (0, 3)
    assert state.to_act == (0,) and "envido" not in legal(state, 0)


def test_a_truco_waits_for_the_flor(start: Start, run: Run, legal: Legal) -> None:
    state = start([PLAIN, FLOR_B], flor=True)
    run(state, "0 truco", "1 flor")
    assert state.scores() == (0, 3)
    assert state.to_act == (1,) and legal(state, 1)[:3] == ["quiero", "no quiero", "retruco"]


def test_each_partner_flor_scores_when_the_rivals_have_none(start: Start, run: Run) -> None:
    state = start([FLOR_A, "4E 5B 6B", FLOR_B, "10E 11B 12B"], flor=True)
    run(state, "0 flor", "0 play 7O", "1 play 4E", "2 flor")
    assert state.scores() == (6, 0)


# --- pica-pica ----------------------------------------------------------------------------------------


def _finish_hand_by_mazo(state: TrucoState) -> None:
    while True:
        hands = state.hands_played
        state.apply("mazo", state.to_act[0])
        if state.hands_played != hands or state.is_over:
            return


def test_six_players_alternate_redonda_and_pica_pica() -> None:
    state = GAME.start({"players": 6}, seed=11)
    assert isinstance(state, TrucoState)
    assert state.parts == (0, 1, 2, 3, 4, 5) and not state.pica
    _finish_hand_by_mazo(state)
    assert state.pica and state.dealer == 0
    duels = []
    for _ in range(3):
        duels.append(state.parts)
        state.apply("mazo", state.to_act[0])
    assert duels == [(1, 4), (2, 5), (3, 0)]
    assert state.scores() == (4, 4)
    assert state.hands_played == 2 and not state.pica and len(state.parts) == 6


def test_duelists_both_call_envido_and_no_senas_in_duels(legal: Legal) -> None:
    state = GAME.start({"players": 6}, seed=11)
    assert isinstance(state, TrucoState)
    _finish_hand_by_mazo(state)
    assert "envido" in legal(state, 1)
    assert not [a for a in legal(state, 1) if a.startswith("seña")]


def test_no_pica_pica_near_the_end_or_when_off() -> None:
    for options, scores in (({"players": 6}, [25, 0]), ({"players": 6, "pica_pica": False}, [0, 0])):
        state = GAME.start(options, seed=11, position={"scores": scores})
        assert isinstance(state, TrucoState)
        state.apply("mazo", state.to_act[0])
        assert state.hands_played == 1 and not state.pica


# --- señas --------------------------------------------------------------------------------------------

FOUR = ["1E 3O 4C", "5O 5C 12C", "7C 4O 11O", "6B 5B 10O"]


def test_only_true_senas_once_per_hand_and_the_turn_stays(start: Start, run: Run, legal: Legal) -> None:
    state = start(FOUR)
    signs = [a for a in legal(state, 0) if a.startswith("seña")]
    assert signs == ["seña ancho_espada", "seña tres"]
    run(state, "0 seña ancho_espada")
    assert state.to_act == (0,)
    assert not [a for a in legal(state, 0) if a.startswith("seña")]
    assert [a for a in legal(state, 1) if a.startswith("seña")] == []  # not seat 1's turn
    run(state, "0 play 4C")
    assert [a for a in legal(state, 1) if a.startswith("seña")] == ["seña nada"]


def test_a_sena_is_seen_by_partners_only(start: Start, run: Run) -> None:
    state = start(FOUR)
    run(state, "0 seña ancho_espada")
    for seat, sees in ((0, True), (1, False), (2, True), (3, False)):
        kinds = [e.kind for e in state.observation(seat).events]
        assert ("seña" in kinds) is sees


def test_a_caught_sena_is_seen_by_all(start: Start, run: Run) -> None:
    state = start(FOUR, senas_caught=1.0)
    run(state, "0 seña tres")
    assert [(e.kind, e.detail) for e in state.observation(1).events][-1] == ("seña_vista", "tres")


def test_no_senas_with_two_players(start: Start, legal: Legal) -> None:
    state = start(["1E 3O 4C", "5O 5C 12C"])
    assert not [a for a in legal(state, 0) if a.startswith("seña")]


def test_envido_and_flor_senas(start: Start, legal: Legal) -> None:
    state = start(["7O 6O 5O", "4E 5C 12C", "7C 4C 11O", "6B 5B 10O"], flor=True)
    assert [a for a in legal(state, 0) if a.startswith("seña")] == ["seña siete_oro", "seña flor", "seña envido"]


def test_without_the_option_no_flor_is_told_nor_signed(start: Start, legal: Legal) -> None:
    """Flor off (the default), three cards of one suit are only a tanto: the holder is told no flor and has no
    flor seña to show; the envido seña stays (7O 6O 5O is 33 of envido)."""
    state = start(["7O 6O 5O", "4E 5C 12C", "7C 4C 11O", "6B 5B 10O"])
    assert [a for a in legal(state, 0) if a.startswith("seña")] == ["seña siete_oro", "seña envido"]
    observation = state.observation(0)
    assert observation.table["flor"] == 0 and observation.table["tanto"] == 33
    assert not [note for note in GAME.table_view(observation).notes if "flor" in note.lower()]


# --- action text --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "canonical"), [
    ("play 1E", "play 1E"), ("1e", "play 1E"), ("Tiro 7o", "play 7O"), ("ENVIDO", "envido"), ("real", "real envido"),
    ("Falta Envido", "falta envido"), ("re truco", "retruco"), ("Vale 4", "vale cuatro"), ("accept", "quiero"),
    ("decline", "no quiero"), ("fold", "mazo"), ("me voy al mazo", "mazo"), ("contra flor", "contraflor"),
    ("me achico", "con flor me achico"), ("Seña ancho de espada", "seña ancho_espada"), ("sena tres", "seña tres"),
    ("sign siete oro", "seña siete_oro"), ("sí", "quiero"),
])
def test_parse_aliases(text: str, canonical: str) -> None:
    assert str(GAME.parse_action(text)) == canonical


def test_every_action_round_trips() -> None:
    for action in [*PLAYS.values(), *WORDS.values(), *SENAS.values()]:
        assert parse_action(str(action)) is action


@pytest.mark.parametrize("text", ["play 8E", "9O", "hello", "seña guiño", "", "play"])
def test_parse_errors(text: str) -> None:
    with pytest.raises(ActionParseError):
        GAME.parse_action(text)


# --- what a seat knows --------------------------------------------------------------------------------


def test_samples_keep_what_the_seat_was_told(start: Start, run: Run) -> None:
    state = start([PLAIN, "5C 4C 12O"])
    run(state, "0 envido", "1 quiero")
    assert [e.kind for e in state.events if e.seat == 1][-1] == "son_buenas"  # 29 against 33: not said
    rng = random.Random(1)
    tantos = set()
    for _ in range(20):
        sample = state.sample(0, rng)
        tantos.add(sample.tanto_of(1))
        assert sample.hand_of(0) == state.hand_of(0)
        assert sample.observation(0) == state.observation(0)
    assert max(tantos) <= 33 and len(tantos) > 1  # "son buenas" bounds the rival's tanto, no more
    said = start(["5C 4C 12O", PLAIN])
    run(said, "0 envido", "1 quiero")  # the mano says 29, the pie 33: both said, both kept
    for _ in range(20):
        sample = said.sample(1, rng)
        assert sample.tanto_of(0) == 29 and sample.observation(1) == said.observation(1)


def test_samples_keep_a_partners_sena(start: Start, run: Run) -> None:
    state = start(FOUR)
    run(state, "0 seña ancho_espada")
    rng = random.Random(2)
    for _ in range(20):
        assert "1E" in [str(c) for c in state.sample(2, rng).hand_of(0)]


def test_opponents_cards_never_show_before_they_are_played(start: Start) -> None:
    state = start(FOUR)
    text = state.observation(1).model_dump_json()
    for card in ("1E", "3O", "4C", "7C", "4O", "11O", "6B", "5B", "10O"):
        assert f'"{card}"' not in text


def test_samples_carry_no_rival_sena(start: Start, run: Run) -> None:
    state = start(FOUR)
    run(state, "0 seña ancho_espada")
    sample = state.sample(1, random.Random(3))
    assert not [f for f in sample.reveals if f[0] == "sign"]
    assert sample.senas_used == [False] * 4
    assert sample.observation(1) == state.observation(1)
