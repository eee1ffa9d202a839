"""The decks a card is drawn and named with: the French deck writes, says and reads the same canonical cards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartas.core.cards import Card
from cartas.core.decks import DECKS, FRENCH, card_label, current_deck, deck_named, drawing, read_card
from cartas.core.deck import spanish_deck
from cartas.core.i18n import speaking

FORTY = spanish_deck(40)


@pytest.mark.parametrize(("canonical", "label"), [
    ("10O", "QO"), ("11C", "JC"), ("12E", "KE"), ("1E", "AE"), ("4B", "4P"), ("7C", "7C"), ("3B", "3P"),
])
def test_the_french_deck_writes_the_figures_and_paus_as_brazilians_do(canonical: str, label: str) -> None:
    with drawing(FRENCH):
        assert card_label(canonical) == label
    assert card_label(canonical) == canonical  # the Spanish deck, outside the block
    assert deck_named(FRENCH).label(Card.parse(canonical)) == label


@pytest.mark.parametrize(("language", "card", "name"), [
    ("pt-BR", "10O", "a dama de ouros"), ("pt-BR", "11B", "o valete de paus"), ("pt-BR", "12C", "o rei de copas"),
    ("pt-BR", "1E", "o ás de espadas"), ("pt-BR", "4B", "o 4 de paus"),
    ("es-AR", "10O", "la Q de diamantes"), ("es-AR", "4B", "el 4 de tréboles"), ("es", "1C", "el as de corazones"),
    ("en", "10O", "the queen of diamonds"), ("en", "11B", "the jack of clubs"), ("en", "7E", "the 7 of spades"),
])
def test_the_french_deck_names_cards_in_each_language(language: str, card: str, name: str) -> None:
    with speaking(language):
        assert deck_named(FRENCH).name_of(Card.parse(card)) == name


@pytest.mark.parametrize(("said", "card"), [
    ("QO", "10O"), ("qo", "10O"), ("Q de ouros", "10O"), ("a dama de ouros", "10O"), ("dama de ouros", "10O"),
    ("10 de oros", "10O"), ("10O", "10O"), ("4P", "4B"), ("o 4 de paus", "4B"), ("4 de bastos", "4B"),
    ("valete de copas", "11C"), ("J de copas", "11C"), ("o rei de espadas", "12E"), ("A de espadas", "1E"),
    ("ás de espadas", "1E"), ("as de espadas", "1E"), ("the queen of diamonds", "10O"), ("jack of clubs", "11B"),
])
def test_people_are_read_in_either_deck(said: str, card: str) -> None:
    with drawing(FRENCH):
        assert read_card(said) == Card.parse(card)


def test_valete_is_the_french_j_and_the_spanish_sota() -> None:
    with drawing(FRENCH):
        assert read_card("valete de copas") == Card(11, "C")
    assert read_card("valete de copas") == Card(10, "C")  # the Spanish deck's sota, as before


@pytest.mark.parametrize("said", ["ZO", "QX", "dama", "11 de nada", "de ouros", ""])
def test_what_names_no_card_reads_as_none(said: str) -> None:
    with drawing(FRENCH):
        assert read_card(said) is None


@given(st.sampled_from(FORTY))
def test_every_label_and_name_reads_back_as_its_card(card: Card) -> None:
    with drawing(FRENCH) as deck:
        assert read_card(deck.label(card)) == card
        for language in ("pt-BR", "es-AR", "en"):
            with speaking(language):
                assert read_card(deck.name_of(card)) == card
        assert [m.group() for m in deck.pattern.finditer(f"Vira: {deck.label(card)}.")] == [deck.label(card)]


def test_an_unknown_deck_draws_as_the_spanish_one_and_the_context_is_restored() -> None:
    with drawing("tarot"):
        assert current_deck() is DECKS["spanish"]
    with drawing(FRENCH):
        with drawing(None):
            assert current_deck().name == "spanish"
        assert current_deck().name == FRENCH
    assert current_deck().name == "spanish"
