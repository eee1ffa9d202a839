"""The table drawn for a person from a :class:`~cartas.core.views.TableView`: a row per seat, the cards in the
middle, the game's notes, what just happened, and the viewer's hand sorted as players hold it.

Everything comes from the view and the viewer's :class:`~cartas.core.naming.TableNames`, so each player is
called one thing on every line and nothing is shown twice (the scores and the dealer once, in the seats'
rows). Rich lays the lines out: they wrap at word boundaries at any width.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cartas.core.cards import Card
from cartas.core.decks import DECKS, SPANISH, card_label, current_deck
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.naming import TableNames
from cartas.core.views import FACE_DOWN, TableView

CARD = DECKS[SPANISH].pattern
"""A card in the Spanish deck's notation inside a line; :func:`styled` reads the current deck's (``QO``, ``4P``)."""
SUIT_STYLES: dict[str, str] = {
    "O": "bold yellow", "C": "bold red", "E": "bold blue", "B": "bold green", "P": "bold green", "K": "bold magenta",
}


def styled(line: str) -> Text:
    """A line with every card coloured by suit (the suit letter stays), written in the deck being drawn."""
    text = Text(line)
    for match in current_deck().pattern.finditer(line):
        text.stylize(SUIT_STYLES[match.group()[-1]], match.start(), match.end())
    return text


def card_text(cards: Iterable[str]) -> Text:
    """Cards in notation, each written as the deck being drawn writes it (``10O`` is ``QO`` in the French deck)
    and coloured by its suit (the suit letter stays, so colour only adds)."""
    text = Text()
    for at, card in enumerate(cards):
        if at:
            text.append(" ")
        if card == FACE_DOWN:
            text.append("##", "dim")
        else:
            shown = card_label(card)
            text.append(shown, SUIT_STYLES.get(shown[-1], ""))
    return text


def centre_label(label: str) -> str:
    """What players call a card in the middle: the games name them ``vira``, ``trump``, ``discard``, ``stock``."""
    labels = {"vira": _("Vira"), "trump": _("Trump"), "discard": _("Discard pile"), "stock": _("Stock"),
              "table": _("Table")}
    return labels.get(label, label.capitalize())


NAMED_IN_WORDS = frozenset({"vira", "trump"})
"""The cards in the middle also said in words: read once, they rule the whole hand (a discard pile changes at
every turn and stays in notation, as the hand does)."""


def said_in_words(card: str) -> str:
    """A card in the middle named as the reader says it, after its notation: " (o valete de ouros)". The vira or
    the trump is read once and matters all hand, so it is said in words too; nothing for what is no card."""
    try:
        parsed = Card.parse(card)
    except ValueError:
        return ""
    return f" ({current_deck().name_of(parsed)})"


def is_rummy(view: TableView) -> bool:
    return view.may_close is not None or bool(view.melds) or view.discard_top is not None


def markers(view: TableView, seat: int) -> str:
    """Who is mano, who deals and whose turn it is, in words."""
    words = []
    if view.to_act and seat in view.to_act and not view.over:
        words.append(_("to act"))
    if view.mano == seat and not view.over:
        words.append(_("mano"))
    if view.dealer == seat and not view.over:
        words.append(_("deals"))
    return " · ".join(words)


def seats_table(view: TableView, names: TableNames, viewer: int | None, plain: bool) -> Table:
    """A row per seat: its name, the cards it played this hand, the markers, the cards it holds and, when each
    seat is its own side, its score."""
    seats = len(names.seats)
    each_alone = len(view.scores) == seats and len(set(view.teams or range(seats))) == seats
    counted = bool(view.counts)
    trick_game = counted and not is_rummy(view)  # a game that fills no counts lays out no cards per seat
    table = Table(box=box.ASCII if plain else box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    table.add_column(_("Player"))
    if trick_game:
        table.add_column(_("Played"))
    table.add_column("", no_wrap=False)
    if counted:
        table.add_column(_("Cards"), justify="right")
    if each_alone and view.scores:
        table.add_column(_("Score"), justify="right")
    for seat in range(seats):
        name = Text(names.seat(seat), style="bold" if seat == viewer else "")
        row: list[RenderableType] = [name]
        if trick_game:
            row.append(card_text(view.played[seat]) if seat < len(view.played) and view.played[seat] else Text("-"))
        row.append(Text(markers(view, seat), style="" if plain else "cyan"))
        if counted:
            row.append(str(view.counts[seat]) if seat < len(view.counts) else "")
        if each_alone and view.scores:
            row.append(str(view.scores[seat]))
        table.add_row(*row)
    return table


def score_line(view: TableView, names: TableNames) -> str:
    """The sides' scores when there are teams, what the match is played to, and who is closest to the limit."""
    seats = len(names.seats)
    parts = []
    if view.scores and len(view.scores) < seats:
        parts.append(" · ".join(f"{names.side(side)} {score}" for side, score in enumerate(view.scores)))
    if view.target is not None:
        parts.append(_("limit {points}", points=view.target) if is_rummy(view) else _("to {points}", points=view.target))
    if view.closest and not view.over:
        parts.append(_("closest to it: {names}", names=", ".join(names.seat(seat) for seat in view.closest)))
    return " · ".join(parts)


def hand_lines(view: TableView, your_cards: str) -> list[Text]:
    """The viewer's hand: by suit and rank, or by meld with the loose cards and what they cost."""
    if not view.hand:
        return []
    if not is_rummy(view):
        return [Text(your_cards + ": ").append_text(card_text(view.hand))]
    text = Text(your_cards + ": ")
    for meld in view.melds:
        text.append("[").append_text(card_text(meld)).append("] ")
    if view.loose:
        text.append(_("loose") + ": ").append_text(card_text(view.loose))
        if view.loose_points is not None:
            text.append(" " + _("({points} points)", points=view.loose_points))
    lines = [text]
    if view.drawn:
        lines.append(Text(_("You drew") + ": ").append_text(card_text([view.drawn])))
    if view.may_close:
        lines.append(Text(_("You may close"), style="bold green"))
    elif view.close_reason:
        lines.append(Text(_("You may not close: {reason}", reason=view.close_reason)))
    return lines


def table_screen(
    view: TableView,
    names: TableNames,
    title: str,
    viewer: int | None,
    recent: Sequence[str] = (),
    plain: bool = False,
    labels: dict[str, str] | None = None,
) -> Group:
    """The whole table as one rich renderable, ready for ``console.print`` (or ``export_text``).

    ``labels`` may give the words "hand" (numbered), "just_now" and "your_cards" in the framework's messages.
    """
    words = {
        "hand": _("Hand {number}", number=view.hand_number + 1), "just_now": _("Just now:"),
        "your_cards": _("Your cards"), **(labels or {}),
    }
    heading = title if view.over else f"{title} · {words['hand']}"
    parts: list[RenderableType] = [Text(f"== {heading} ==") if plain else Rule(Text(heading), style="dim")]
    score = score_line(view, names)
    if score:
        parts.append(Text(score, style="bold"))
    parts.append(seats_table(view, names, viewer, plain))
    centre = Text()
    # Cards under one label in a row (the escoba's table cards) are one entry: "Table: 5E 3C 12O".
    groups: list[tuple[str, list[str]]] = []
    for label, card in view.centre:
        if label == "stock":
            continue
        if groups and groups[-1][0] == label:
            groups[-1][1].append(card)
        else:
            groups.append((label, [card]))
    for label, cards in groups:
        if centre:
            centre.append(" · ")
        centre.append(centre_label(label) + ": ").append_text(card_text(cards))
        if label in NAMED_IN_WORDS and len(cards) == 1:
            centre.append(said_in_words(cards[0]))
    if centre:
        parts.append(centre)
    if view.notes:
        parts.append(Text(" · ".join(view.notes)))
    if recent:
        parts.append(Text(words["just_now"]))
        parts.extend(styled(f"  {line}") for line in recent)
    parts.extend(hand_lines(view, words["your_cards"]))
    return Group(*parts)
