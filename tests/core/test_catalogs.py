"""The catalogs say every message the code uses, in every language each domain ships, compiled."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cartas.core.i18n.catalogs import Domain, compile_catalogs, domains, msgids, problems, update

pytest.importorskip("babel")

DOMAINS = domains()


@pytest.mark.parametrize("domain", DOMAINS, ids=[domain.name for domain in DOMAINS])
def test_catalogs_are_complete(domain: Domain) -> None:
    assert problems(domain) == []


def test_the_framework_and_the_games_ship_their_languages() -> None:
    shipped = {domain.name: sorted(domain.language_of(po) for po in domain.po_files()) for domain in DOMAINS}
    assert shipped["cartas"] == ["es", "es_AR", "pt"]
    assert shipped["cartas_truco"] == ["es", "pt"]
    assert shipped["cartas_truco_paulista"] == ["es", "pt"]
    assert shipped["cartas_chinchon"] == ["es", "pt"]
    assert shipped["cartas_tresillo"] == ["es", "pt"]


GAME_DOMAINS = [domain for domain in DOMAINS if domain.name != "cartas"]
SEAT_NAME = r"\{(who|side|dealer|mano|winner|other|first|last|lone|taker|player)\}"
"""Placeholders that hold a player's or a side's name, which for the viewer is "You", "Tú", "Vos", "Você"."""


@pytest.mark.parametrize("domain", GAME_DOMAINS, ids=[domain.name for domain in GAME_DOMAINS])
def test_no_english_message_conjugates_a_verb_for_a_name(domain: Domain) -> None:
    """A name may be the viewer's "You": "{who} deals" would read "You deals", "{who}'s turn" "You's turn".
    The games write a label ("{who}: deals", "First trick: {who}") or a form without person ("{who} to lead")."""
    wrong = [
        msgid for msgid in msgids(domain)
        if re.search(SEAT_NAME + r" (?!against\b)[a-z]+s\b", msgid) or re.search(SEAT_NAME + "'s", msgid)
    ]
    assert wrong == []


@pytest.mark.parametrize("domain", GAME_DOMAINS, ids=[domain.name for domain in GAME_DOMAINS])
def test_no_spanish_message_puts_a_name_after_a_preposition(domain: Domain) -> None:
    """The viewer is "Tú" in Spanish, which a preposition turns into "ti": "1 punto para Tú" is wrong, so a name
    stands as a label instead ("Tú: +1 punto (envido)", "Gana la mano: Tú, 1 punto")."""
    from babel.messages.pofile import read_po

    wrong = []
    for po in domain.po_files():
        if not domain.language_of(po).startswith("es"):
            continue
        with po.open("rb") as source:
            for message in read_po(source):
                texts = message.string if isinstance(message.string, tuple) else (message.string,)
                wrong += [text for text in texts if re.search(
                    r"\b(a|al|ante|con|contra|de|del|entre|hacia|para|por|según|sin|sobre) " + SEAT_NAME, text)]
    assert wrong == []


# --- the check can fail ----------------------------------------------------------------------------


@pytest.fixture
def toy(tmp_path: Path) -> Domain:
    """A domain of two messages, translated to Spanish and compiled."""
    source = tmp_path / "toy"
    source.mkdir()
    (source / "game.py").write_text(
        'from toy.i18n import _\n'
        'A = mark("{who} wins")\n'
        'def f(n):\n'
        '    return _("Hand {number}", number=n), _.plural("one point", "{count} points", n)\n',
        encoding="utf-8",
    )
    domain = Domain("toy", source / "locale", (source,))
    (po,) = update(domain, ["es"])
    text = po.read_text(encoding="utf-8")
    for msgid, msgstr in (("{who} wins", "gana {who}"), ("Hand {number}", "Mano {number}")):
        text = text.replace(f'msgid "{msgid}"\nmsgstr ""', f'msgid "{msgid}"\nmsgstr "{msgstr}"')
    # Every plural form Babel gives Spanish: two before Babel 2.19, three since (CLDR's "many", for millions).
    text = re.sub(r'msgstr\[(\d+)\] ""', lambda m: f'msgstr[{m[1]}] "{"un tanto" if m[1] == "0" else "{count} tantos"}"',
                  text)
    po.write_text(text, encoding="utf-8")
    compile_catalogs(domain)
    return domain


def test_a_complete_toy_domain_has_no_problems(toy: Domain) -> None:
    assert msgids(toy) == {"{who} wins", "Hand {number}", "one point"}
    assert problems(toy) == []


def test_a_message_missing_from_a_language_is_found(toy: Domain) -> None:
    source = toy.sources[0] / "game.py"
    source.write_text(source.read_text(encoding="utf-8") + 'B = mark("Your turn")\n', encoding="utf-8")
    assert problems(toy) == ["toy [es]: untranslated: 'Your turn'"]


def test_a_translation_with_other_placeholders_is_found(toy: Domain) -> None:
    po = toy.po_files()[0]
    po.write_text(po.read_text(encoding="utf-8").replace("gana {who}", "gana {quien}"), encoding="utf-8")
    compile_catalogs(toy)
    assert problems(toy) == ["toy [es]: placeholders differ: '{who} wins' -> 'gana {quien}'"]


def test_a_stale_compiled_catalog_is_found(toy: Domain) -> None:
    po = toy.po_files()[0]
    po.write_text(po.read_text(encoding="utf-8").replace("Mano {number}", "Mano nº {number}"), encoding="utf-8")
    (problem,) = problems(toy)
    assert problem.endswith("is stale against its .po: compile the catalogs")
