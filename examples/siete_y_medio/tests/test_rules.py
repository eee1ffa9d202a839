"""Siete y medio rules, each from a stacked position with exact cards and exact points."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cartas.core import ActionParseError, IllegalActionError, OptionsError, PositionError, TableNames, run_match
from cartas.core.i18n import speaking
from cartas.core.plugins import get_registry
from cartas_siete_y_medio.actions import CARTA, PLANTO
from cartas_siete_y_medio.bots import EasyBot
from cartas_siete_y_medio.game import SieteYMedio
from cartas_siete_y_medio.state import SieteYMedioState

GAME = SieteYMedio()


def start(players: int, dealer: int, hands: list[str], stock: list[str], **options: Any) -> SieteYMedioState:
    position = {"dealer": dealer, "hands": [[card] for card in hands], "stock": stock}
    state = GAME.start({"players": players, **options}, seed=7, position=position)
    assert isinstance(state, SieteYMedioState)
    return state


def play(state: SieteYMedioState, *moves: str) -> None:
    for move in moves:
        state.apply(move)


def test_the_deal_is_one_face_down_card_each_and_the_punter_on_the_banks_right_starts() -> None:
    state = start(3, 0, ["5E", "3O", "7C"], ["2B"])
    assert [[str(c) for c in state.hand_of(s)] for s in range(3)] == [["5E"], ["3O"], ["7C"]]
    assert state.to_act == (1,)
    assert len(state.stock) == 37
    assert str(state.stock[-1]) == "2B"


def test_a_punter_who_goes_over_pays_the_bank_at_once() -> None:
    state = start(3, 0, ["4E", "6O", "2C"], ["5C"])
    play(state, "carta")
    assert state.points == [1, -1, 0]
    assert state.to_act == (2,)
    assert state.status[1] == "pasado"
    assert state.revealed[1]


def test_when_every_punter_goes_over_the_bank_does_not_play() -> None:
    state = start(2, 0, ["4E", "6O"], ["5C"])
    play(state, "carta")
    assert state.points == [1, -1]
    assert state.hands_played == 1
    assert state.dealer == 1, "the bank passes to the right"
    assert state.to_act == (0,), "the new bank's right is seat 0"


def test_ties_go_to_the_bank() -> None:
    state = start(3, 0, ["5E", "3O", "7C"], ["2B", "2O"])
    play(state, "carta", "me planto", "me planto")
    assert state.to_act == (0,)
    play(state, "carta", "me planto")
    # Seat 1 has 5 and seat 2 has 7 against the bank's 7: the bank wins both.
    assert state.points == [2, -1, -1]


def test_the_higher_total_wins_against_the_bank() -> None:
    state = start(3, 0, ["5E", "3O", "7C"], ["4B", "1O"])
    play(state, "carta", "me planto", "me planto", "carta", "me planto")
    # Seat 1: 3 + 4 = 7 beats the bank's 5 + 1 = 6; seat 2: 7 beats it too.
    assert state.points == [-2, 1, 1]


def test_figures_are_worth_half_a_point() -> None:
    state = start(2, 0, ["6E", "12O"], ["10C", "11B", "1C", "1B"])
    play(state, "carta", "carta", "me planto")
    assert state.total(1) == 3, "½ + ½ + ½, in half points"
    play(state, "carta", "me planto")
    # The bank's 6 + 1 = 7 beats 1½.
    assert state.points == [1, -1]


def test_a_natural_seven_and_a_half_wins_two_points() -> None:
    state = start(2, 0, ["6E", "7O"], ["12E", "1C"])
    play(state, "carta", "me planto", "carta", "me planto")
    assert state.points == [-2, 2]


def test_a_natural_pays_one_point_when_the_option_is_off() -> None:
    state = start(2, 0, ["6E", "7O"], ["12E", "1C"], natural_pays_double=False)
    play(state, "carta", "me planto", "carta", "me planto")
    assert state.points == [-1, 1]


def test_seven_and_a_half_with_three_cards_is_not_a_natural() -> None:
    state = start(2, 0, ["6E", "5O"], ["2E", "12C", "1C"])
    play(state, "carta", "carta", "me planto")
    assert state.total(1) == 15
    play(state, "carta", "me planto")
    assert state.points == [-1, 1]


def test_a_bank_that_goes_over_pays_every_punter_still_in() -> None:
    state = start(3, 0, ["6E", "7O", "4C"], ["5B", "2O"])
    play(state, "carta", "me planto", "carta")
    # Seat 1 went over (7 + 5) and paid; the bank went over (6 + 2) and pays seat 2.
    assert state.points == [0, -1, 1]


def test_the_bank_turns_up_its_card_on_its_turn() -> None:
    state = start(2, 0, ["6E", "7O"], [])
    assert state.observation(1).table["cards"][0] == ["??"]
    play(state, "me planto")
    assert state.observation(1).table["cards"][0] == ["6E"]
    assert ("descubre", 0, "6E") in [(e.kind, e.seat, e.detail) for e in state.observation(1).events]


def test_the_first_card_is_hidden_and_later_cards_are_face_up() -> None:
    state = start(3, 0, ["6E", "3O", "4C"], ["12B"])
    play(state, "carta")
    seen_by_2 = state.observation(2)
    assert seen_by_2.table["cards"][1] == ["??", "12B"]
    assert seen_by_2.table["showing"][1] == "½"
    assert state.observation(1).table["showing"][1] == "3½"
    assert "3O" not in seen_by_2.model_dump_json()
    assert set(map(str, state.hidden_from(2))) >= {"3O", "6E"}
    assert "4C" not in map(str, state.hidden_from(2))


def test_a_spectator_sees_every_first_card_face_down_until_it_is_turned_up() -> None:
    state = start(3, 0, ["6E", "3O", "4C"], ["12B"])
    play(state, "carta")
    public = state.public_observation()
    assert (public.seat, public.hand, public.legal, public.mano) == (-1, [], [], 1)
    assert public.table["cards"] == [["??"], ["??", "12B"], ["??"]]
    assert public.table["showing"] == ["0", "½", "0"]
    assert not any(card in public.model_dump_json() for card in ("6E", "3O", "4C"))
    play(state, "me planto", "me planto")
    assert state.public_observation().table["cards"][0] == ["6E"]


def test_a_sampled_state_redeals_only_what_the_seat_cannot_see() -> None:
    state = start(3, 0, ["6E", "3O", "4C"], ["12B"])
    play(state, "carta")
    sample = state.sample(2, random.Random(3))
    assert sample.observation(2) == state.observation(2)
    assert sample.hand_of(2) == state.hand_of(2)
    assert str(sample.hand_of(1)[1]) == "12B"
    assert sample.stock != state.stock


def test_with_the_stock_empty_the_only_action_is_to_stand() -> None:
    state = start(2, 0, ["6E", "3O"], [])
    # No short deal empties a 40-card stock, so the rule is checked on a state whose stock is emptied by hand.
    state.stock.clear()
    assert state.legal_actions() == [PLANTO]
    with pytest.raises(IllegalActionError):
        state.apply("carta")


def test_the_match_lasts_the_hands_option_and_the_bank_rotates() -> None:
    state = GAME.start({"players": 3, "hands": 4}, seed=11, position={"dealer": 2})
    assert isinstance(state, SieteYMedioState)
    dealers: list[int] = []
    while not state.is_over:
        if state.dealer not in dealers[-1:]:
            dealers.append(state.dealer)
        state.apply("me planto")
    assert dealers == [2, 0, 1, 2]
    assert state.hands_played == 4
    assert state.to_act == ()
    best = max(state.points)
    assert state.result().winners == tuple(s for s in range(3) if state.points[s] == best)
    assert sum(state.points) == 0, "every point won is paid by someone"


def test_starting_scores_come_from_the_position() -> None:
    state = GAME.start({"players": 2}, seed=1, position={"scores": [3, -3], "dealer": 1})
    assert state.scores() == (3, -3)
    assert state.dealer == 1


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ({"hands": [["1E", "2E"], ["3E", "4E"]]}, "exactly one card"),
        ({"hands": [["1E"], ["1E"]]}, "1E"),
        ({"hands": [["8E"], ["1E"]]}, "8E"),
        ({"hands": [["1E"], ["2E"]], "up": "3E"}, "up"),
        ({"scores": [1, 2, 3]}, "3 scores"),
        ({"stock": ["1E"]}, "hands"),
        ({"dealer": 5}, "dealer 5"),
    ],
)
def test_impossible_positions_are_refused(position: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        GAME.start({"players": 2}, seed=1, position=position)


@pytest.mark.parametrize(
    ("text", "move"),
    [("carta", CARTA), ("  PIDO  carta ", CARTA), ("Otra", CARTA), ("hit", CARTA),
     ("me planto", PLANTO), ("Me Plantó", PLANTO), ("ME  QUEDO", PLANTO), ("stand", PLANTO)],
)
def test_actions_read_with_aliases_case_and_accents(text: str, move: object) -> None:
    assert GAME.parse_action(text) is move


def test_canonical_texts_round_trip() -> None:
    assert [str(m) for m in (CARTA, PLANTO)] == ["carta", "me planto"]
    assert all(GAME.parse_action(str(m)) is m for m in (CARTA, PLANTO))


def test_unreadable_action_says_what_is_expected() -> None:
    with pytest.raises(ActionParseError, match="'me planto'") as error:
        GAME.parse_action("doblo")
    assert "doblo" in str(error.value)


def test_options_defaults_and_errors() -> None:
    options = GAME.options()
    assert (options.players, options.hands, options.natural_pays_double) == (4, 8, True)  # type: ignore[attr-defined]
    assert GAME.player_counts() == (2, 3, 4, 5, 6)
    with pytest.raises(OptionsError, match="players.*2, 3, 4, 5, 6"):
        GAME.options({"players": "7"})
    with pytest.raises(OptionsError, match="hands.*from 1 to 100"):
        GAME.options({"hands": "0"})


def test_events_read_in_the_games_words() -> None:
    state = start(3, 0, ["4E", "6O", "2C"], ["5C"])
    play(state, "carta")
    names = TableNames(("Tú", "Bot 1", "Bot 2"), ("Tú", "Bot 1", "Bot 2"))
    with speaking("es"):
        lines = [GAME.describe(e, names) for e in state.events]
        table = GAME.table_lines(state.observation(2))
        said = [GAME.action_text(move) for move in (CARTA, PLANTO)]
    assert lines == [
        "Tú: tengo la banca y reparto una carta tapada a cada uno",
        "Bot 1: carta: 5C",
        "Bot 1: me paso y descubro 6O",
        "Bot 1: pago 1 punto a Tú",
    ]
    assert table[1].endswith(" (punto): 6O 5C  [11] pasado") and table[-1] == "mazo: 36 cartas · mano 1 de 8"
    assert said == ["carta", "me planto"]
    assert [GAME.describe(e, names) for e in state.events][1:] == [
        "Bot 1: a card, please: 5C",
        "Bot 1: over seven and a half; turns up 6O",
        "Bot 1: pays 1 point to Tú",
    ]
    assert GAME.table_lines(state.observation(2))[1] == "Player 2 (punter): 6O 5C  [11] over"


def test_the_game_is_found_through_its_entry_point() -> None:
    registry = get_registry()
    assert registry.game("siete_y_medio") is registry.game("Siete-y-Medio")
    assert registry.game_plugin["siete_y_medio"] == "siete_y_medio"
    assert registry.bot("siete_y_medio", "easy") is EasyBot
    assert "Siete y medio" in GAME.rules_text()


def test_the_easy_bot_beats_random_play() -> None:
    registry = get_registry()
    random_bot = registry.bot("siete_y_medio", "random")
    wins = 0
    for seed in range(60):
        state = GAME.start({"players": 2, "hands": 8}, seed=seed)
        result = run_match(state, {0: EasyBot(seed), 1: random_bot(seed)})
        wins += result.winners == (0,)
    assert wins >= 40



def test_the_showdown_turns_up_every_card_before_anyone_is_paid() -> None:
    state = start(3, 0, ["5E", "3O", "7C"], ["2B"])
    play(state, "me planto", "me planto", "carta", "me planto")
    assert [(e.kind, e.seat, e.detail) for e in state.events][-6:] == [
        ("se planta", 0, ""),
        ("descubre", 1, "3O"),
        ("descubre", 2, "7C"),
        ("paga", 1, "1>0"),
        ("paga", 2, "1>0"),
        ("reparte", 1, ""),
    ]


def test_the_rules_in_the_language_spoken_without_the_options_left_off() -> None:
    with speaking("es-ES"):
        spanish = GAME.rules_text(GAME.options({"natural_pays_double": "false"}))
    assert spanish.startswith("# Siete y medio\n\nUn juego de banca")
    assert "El que pierde paga un punto al que gana.\n" in spanish and "natural*" not in spanish
    assert "or two when the winner holds" in GAME.rules_text(GAME.options())
