"""Cards: one notation, parsed and printed both ways, with errors that say what was expected."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartas.core import JOKER, Card, CardParseError, format_cards, parse_cards
from cartas.core.cards import RANKS, SUITS
from cartas.core.deck import spanish_deck

ALL_CARDS = [Card(rank, suit) for suit in SUITS for rank in RANKS] + [JOKER]


def test_there_are_49_distinct_cards() -> None:
    assert len(set(ALL_CARDS)) == 49
    assert set(spanish_deck(50)) == set(ALL_CARDS)


@given(st.sampled_from(ALL_CARDS))
def test_parse_and_str_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert str(Card.parse(str(card))) == str(card)


@given(st.sampled_from(ALL_CARDS))
def test_repr_is_evaluable(card: Card) -> None:
    assert eval(repr(card), {"Card": Card}) == card


@given(st.sampled_from(ALL_CARDS), st.sampled_from(["", " ", "\t", "  "]), st.booleans())
def test_case_and_surrounding_spaces_do_not_matter(card: Card, pad: str, lower: bool) -> None:
    text = str(card).lower() if lower else str(card)
    assert Card.parse(f"{pad}{text}{pad}") == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1E", Card(1, "E")), ("7O", Card(7, "O")), ("12C", Card(12, "C")), ("4B", Card(4, "B")), ("JK", JOKER),
     ("jk", JOKER), (" 10c ", Card(10, "C"))],
)
def test_known_notations(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


@pytest.mark.parametrize("text", ["13E", "0E", "7X", "E7", "", "1 E", "J", "11", "1EE", "8"])
def test_parse_errors_name_the_text_and_the_expected_form(text: str) -> None:
    with pytest.raises(CardParseError) as error:
        Card.parse(text)
    message = str(error.value)
    assert repr(text) in message
    assert "rank 1-12 followed by a suit letter" in message
    assert "JK" in message
    assert isinstance(error.value, ValueError)


def test_names_in_spanish() -> None:
    assert [Card.parse(t).name for t in ("1E", "7O", "10C", "11B", "12E", "JK")] == [
        "as de espadas", "7 de oros", "sota de copas", "caballo de bastos", "rey de espadas", "comodín"]
    assert JOKER.is_joker and not Card(1, "E").is_joker


def test_parse_and_format_several_cards() -> None:
    cards = parse_cards("1e 7O, 12C,JK")
    assert cards == [Card(1, "E"), Card(7, "O"), Card(12, "C"), JOKER]
    assert format_cards(cards) == "1E 7O 12C JK"
    with pytest.raises(CardParseError, match="'9Z'"):
        parse_cards("1E 9Z")
