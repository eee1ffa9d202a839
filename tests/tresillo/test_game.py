"""The game object: names, options, action text, stacked positions, the match's end and chips leaving."""

from __future__ import annotations

from typing import Any

import pytest

from cartas.core.cards import Card
from cartas.core.errors import ActionParseError, OptionsError, PositionError
from cartas.core.events import Event
from cartas.core.plugins.manager import build_registry, make_plugin_manager
from cartas.games import tresillo
from cartas.games.tresillo.actions import DISCARDS, PLAYS, WORDS
from cartas.games.tresillo.game import TresilloGame

GAME = TresilloGame()


def test_registered_as_tresillo_with_the_alias_julepe_and_two_bot_levels() -> None:
    pm, failures = make_plugin_manager(entry_points=[], extra=[("tresillo", tresillo)])
    registry = build_registry(pm, failures)
    assert registry.game("julepe") is registry.game("tresillo")
    assert {"easy", "medium"} <= set(registry.bots["tresillo"])
    assert GAME.title == "Three-card julepe (tresillo)"  # the English message id, said in the reader's language
    from cartas.core.i18n import speaking
    with speaking("es"):
        assert "Julepe" in GAME.title_text()


def test_option_defaults() -> None:
    options = GAME.options()
    assert options.model_dump() == {
        "players": 4, "stake": 3, "chips": 100, "deals": 20, "ciega": "choice", "rebuy": False,
    }
    assert GAME.player_counts() == (3, 4, 5, 6, 7, 8)


@pytest.mark.parametrize("values", [{"players": 2}, {"players": 9}, {"stake": 0}, {"ciega": "sometimes"}, {"widow": 1}])
def test_bad_options_are_refused(values: dict[str, Any]) -> None:
    with pytest.raises(OptionsError):
        GAME.options(values)


def test_the_deck_is_the_spanish_forty() -> None:
    deck = GAME.deck(GAME.options())
    assert len(deck) == len(set(deck)) == 40 and not any(c.rank in (8, 9) for c in deck)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("juego", "juego"), ("Play", "juego"), ("voy", "juego"), ("PASO", "paso"), ("pass", "paso"),
        ("Tomo la viuda", "tomo viuda"), ("take widow", "tomo viuda"), ("dejo viúda", "dejo viuda"),
        ("leave", "dejo viuda"), ("obligo", "obligo"), ("force", "obligo"), ("no obligo", "no obligo"),
        ("discard 4e", "discard 4E"), ("descarto 4E", "discard 4E"), ("play 1o", "play 1O"), ("1O", "play 1O"),
        ("tiro 12c", "play 12C"), ("ciega", "apuesta ciega"), ("blind", "apuesta ciega"),
        ("normal", "apuesta normal"), ("destapo", "destapo"), ("turn", "destapo"),
    ],
)
def test_actions_read_from_text_and_aliases(text: str, canonical: str) -> None:
    assert str(GAME.parse_action(text)) == canonical


def test_every_canonical_text_round_trips() -> None:
    for action in (*WORDS, *PLAYS.values(), *DISCARDS.values()):
        assert GAME.parse_action(str(action)) == action
    assert PLAYS[Card(4, "E")] != DISCARDS[Card(4, "E")]


@pytest.mark.parametrize("text", ["", "juega", "play 9O", "discard", "throw 1O", "13E"])
def test_unreadable_actions_name_what_is_understood(text: str) -> None:
    with pytest.raises(ActionParseError, match="tomo viuda"):
        GAME.parse_action(text)


@pytest.mark.parametrize(
    "position",
    [
        {"dealer": 0, "hands": [["1O", "2O"], ["3O", "4O"], ["5O", "6O"]]},
        {"hands": [["1O", "2O", "3O"], ["4O", "5O", "6O"], ["7O", "10O", "11O"]]},
        {"dealer": 0, "hands": [["1O", "2O", "3O"], ["1O", "5O", "6O"], ["7O", "10O", "11O"]]},
        {"dealer": 0, "up": "1O"},
        {"scores": [10, 10]},
        {"dealer": 0, "scores": [1, 100, 100], "hands": [["1O", "2O", "3O"], ["4O", "5O", "6O"], ["7O", "10O", "11O"]]},
    ],
)
def test_impossible_positions_are_refused(position: dict[str, Any]) -> None:
    with pytest.raises(PositionError):
        GAME.start({"players": 3}, seed=1, position=position)


def test_a_position_sets_the_dealer_and_the_chips() -> None:
    state = GAME.start({"players": 3, "ciega": "never"}, seed=1, position={"dealer": 1, "scores": [50, 60, 70]})
    assert state.dealer == 1 and state.scores() == (47, 57, 67) and state.pot == 9
    assert not [e for e in state.events if e.kind == "draw"]


def test_a_player_who_cannot_cover_the_stake_is_out_and_gets_no_cards() -> None:
    state = GAME.start({"players": 4, "ciega": "never"}, seed=1, position={"dealer": 0, "scores": [50, 2, 60, 70]})
    assert state.active == [True, False, True, True]
    assert state.cards_held(1) == [] and state.scores()[1] == 2 and state.pot == 9
    assert state.order == (2, 3, 0)


def test_an_out_dealer_passes_the_deal_to_his_right() -> None:
    state = GAME.start({"players": 3, "ciega": "never"}, seed=1, position={"dealer": 0, "scores": [2, 60, 70]})
    assert state.dealer == 1 and state.order == (2, 1)


def test_the_match_ends_when_one_player_is_left() -> None:
    state = GAME.start({"players": 3}, seed=1, position={"dealer": 0, "scores": [2, 1, 70]})
    assert state.is_over and state.result().winners == (2,) and state.legal_actions() == []


def test_a_player_who_falls_short_pays_what_he_has_and_leaves(stacked: Any) -> None:
    state = stacked("4B 4O 7B / 1O 3O 12O / 3C 5E 6E", "5O", chips=[5, 100, 100])
    for action in ("juego", "juego", "paso", "play 4O", "play 1O", "play 3O", "play 4B", "play 12O", "play 7B"):
        state.apply(action)
    assert state.scores() == (0, 97 + 9, 97) and state.pot == 2
    assert state.active == [False, True, True]


def test_with_rebuy_a_short_player_plays_on_credit(stacked: Any) -> None:
    state = stacked("4B 4O 7B / 1O 3O 12O / 3C 5E 6E", "5O", chips=[5, 100, 100], rebuy=True)
    for action in ("juego", "juego", "paso", "play 4O", "play 1O", "play 3O", "play 4B", "play 12O", "play 7B"):
        state.apply(action)
    assert state.scores() == (2 - 9, 106, 97) and state.pot == 9 and all(state.active)


def test_the_match_ends_after_the_set_number_of_deals_ranked_by_chips(stacked: Any) -> None:
    state = stacked("1O 3C 4E / 3O 12C 2B / 7O 1C 6E", "5O", deals=2)
    for action in ("paso", "paso", "paso"):
        state.apply(action)
    assert not state.is_over
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.deals_done == 2 and state.hands_played == 2
    best = max(state.scores())
    assert state.result() == (tuple(s for s in range(3) if state.scores()[s] == best), state.scores())


def test_every_event_reads_as_a_sentence() -> None:
    state = GAME.start({"players": 4, "deals": 6}, seed=11)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    kinds = {e.kind for e in state.events} | {"obligo", "no_obligo", "discard", "tomo_viuda", "dejo_viuda",
                                                "uncontested", "por_el_pozo", "redeal", "cae", "out"}
    for kind in kinds:
        line = GAME.describe(Event(kind, 1, "5O"))
        assert line != f"{kind} 5O", kind


def test_table_lines_show_trump_pot_and_chips() -> None:
    state = GAME.start({"players": 3, "ciega": "never"}, seed=2, position={"dealer": 2})
    lines = GAME.table_lines(state.observation(0))
    assert lines[0] == "Deal 1 of 20 (normal) · dealer: Player 3 · pot: 9 · stake: 3"
    assert lines[1] == "Chips: Player 1: 97 · Player 2: 97 · Player 3: 97"
    assert lines[2].startswith("Trump: ")


def test_rules_text_names_every_option() -> None:
    text = GAME.rules_text()
    for option in GAME.options().model_dump():
        assert f"`{option}`" in text
