"""What each connection is sent: its own VIEW of the table and the event frames it may see.

A seat gets its observation (its own cards, its legal moves); a spectator gets the public observation. An
event hidden from a connection still reaches it as ``{"type": "event", "v": N}``, so the numbering of frames
never skips and a client can tell it missed nothing. Text names the players as its reader calls them ("Vos",
"Compañero", the others' names; see :mod:`cartas.online.game.seat_names`): an event frame is written once per
viewer who may see it, and each connection is sent its viewer's text.

Each connection also reads its own language (the page's choice, sent in its hello): a frame is written in the
table's language when it is made, and in another language the first time a connection reading that language
needs it, then kept (:meth:`Versioned.for_seat`). A table where everyone reads one language costs what it did
with one language for all. Cards are drawn and named in the game's deck (:meth:`Game.deck_art`): the view says
which (``deck``), and the text names them so (``a dama de ouros``, ``QO``); the canonical text never changes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticSerializationError, to_json

from cartas.core.decks import drawing
from cartas.core.events import Event
from cartas.core.audience import PUBLIC, Audience
from cartas.core.game import Game
from cartas.core.i18n import choose_language, speaking
from cartas.core.naming import TableNames
from cartas.core.observation import Observation
from cartas.core.session import event_wire, visible_events
from cartas.core.state import State
from cartas.core.views import TableView

CARD_VERBS = ("play", "discard")
"""Actions whose card can be clicked instead of a button: the card leaves the hand face up."""


def dumps(frame: Mapping[str, Any]) -> str:
    """``frame`` as compact JSON, non-ASCII text as is: the exact text ``json.dumps`` gives, about ten times faster.

    pydantic's encoder (already a dependency) writes the same bytes as ``json.dumps(..., ensure_ascii=False,
    separators=(",", ":"))`` for everything a frame holds but floats below 1e-4, which it writes without an
    exponent or with a shorter one; such a float always leaves ``0.0000`` or ``e-`` in the text, and then (or
    when pydantic cannot encode a value, such as a lone surrogate) ``json.dumps`` writes the frame instead.
    Pydantic models inside ``frame`` are written as their ``model_dump()`` would be.
    """
    try:
        text = to_json(frame).decode()
    except (PydanticSerializationError, UnicodeDecodeError, ValueError, TypeError):
        return _slow_dumps(frame)
    if "e-" in text or "0.0000" in text:
        return _slow_dumps(frame)
    return text


def _slow_dumps(frame: Mapping[str, Any]) -> str:
    return json.dumps(_plain(frame), ensure_ascii=False, separators=(",", ":"))


def _plain(value: Any) -> Any:
    """``value`` with any pydantic model in it replaced by its ``model_dump()``, for ``json.dumps``."""
    if isinstance(value, BaseModel):
        return value.model_dump()
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


@dataclass(frozen=True)
class Versioned:
    """One numbered frame, serialised once; ``visible_to`` names the seats that may see it (None: everyone)."""

    v: int
    text: str
    visible_to: tuple[int, ...] | None = None
    public: bool = True
    """Whether a spectator may see it (an event meant for some seats only is not public)."""
    addressed: dict[str, Any] | None = None
    """A frame that tells each connection its own seat (``lobby``): rendered with ``"you"`` per connection."""
    variants: Mapping[int, str] | None = None
    """The text for the seats that read the frame otherwise than ``text`` (the spectators' text): an event that
    names its reader "Vos". Written once per seat when the frame is made."""
    language: str | None = None
    """The language ``text`` and ``variants`` are written in (None: a frame with no words in it)."""
    render: Callable[[str], Versioned] | None = field(default=None, repr=False, compare=False)
    """Writes the same frame in another language, for a connection that reads one (None: no words to translate)."""
    hidden: str = field(init=False, repr=False, compare=False)
    """The stub sent to a connection that may not see the frame, written once."""
    translated: dict[str, Versioned] = field(init=False, repr=False, compare=False)
    """The frame in each other language some connection reads, written the first time it is asked for."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "hidden", '{"type":"event","v":%d}' % self.v)
        object.__setattr__(self, "translated", {})

    def for_seat(self, seat: int | None, language: str | None = None) -> str:
        """The text ``seat`` (None: a spectator) is sent, in ``language`` (None: the table's)."""
        if language is not None and language != self.language and self.render is not None:
            other = self.translated.get(language)
            if other is None:
                other = self.translated[language] = self.render(language)
            return other.for_seat(seat)
        if self.addressed is not None:
            return dumps({**self.addressed, "you": seat})
        if seat is None:
            return self.text if self.public else self.hidden
        if self.visible_to is None or seat in self.visible_to:
            return self.text if self.variants is None else self.variants.get(seat, self.text)
        return self.hidden

    def stub(self) -> str:
        return self.hidden


def versioned(frame: dict[str, Any], visible_to: tuple[int, ...] | None = None) -> Versioned:
    return Versioned(frame["v"], dumps(frame), visible_to, visible_to is None)


def addressed(frame: dict[str, Any]) -> Versioned:
    """A versioned frame that names, for each connection, the seat it holds (``"you"``)."""
    return Versioned(frame["v"], dumps(frame), None, True, frame)


_TABLE_LANGUAGES: dict[tuple[str | None, str], str] = {}
"""``table_language``'s answers for a game that names its language, by ``CARTAS_LANG`` and that language."""


def table_language(game: Game) -> str:
    """The language of a table's text (events, table lines, move labels): the game's own, unless the server's
    ``CARTAS_LANG`` says otherwise. One for every connection, since a frame is written once for all of them;
    the page translates its own labels (static/i18n.js).

    Asked a dozen times a move: for a game with a language of its own (every built-in one) only ``CARTAS_LANG``
    can change the answer, so it is kept by those two; a game without one follows the locale, read each time."""
    if game.language is None:
        return choose_language(None, None)
    key = (os.environ.get("CARTAS_LANG"), game.language)
    known = _TABLE_LANGUAGES.get(key)
    if known is None:
        known = _TABLE_LANGUAGES[key] = choose_language(None, game.language)
    return known


class writing:  # noqa: N801  # used as a function, like contextlib's suppress
    """Write the table's text in ``language`` (None: the table's, :func:`table_language`) with its cards in
    ``deck`` (None: the Spanish deck): what every function here does around the game's words. A class, not a
    ``@contextmanager`` generator: it is entered a dozen times a move."""

    __slots__ = ("_speaking", "_drawing")

    def __init__(self, game: Game, language: str | None = None, deck: str | None = None) -> None:
        self._speaking = speaking(language or table_language(game))
        self._drawing = drawing(deck)

    def __enter__(self) -> None:
        self._speaking.__enter__()
        self._drawing.__enter__()

    def __exit__(self, *_: object) -> None:
        self._drawing.__exit__()
        self._speaking.__exit__()


def event_frame(
    game: Game, event: Event, v: int | None = None, names: TableNames | None = None, language: str | None = None,
    deck: str | None = None,
) -> dict[str, Any]:
    """An event as a frame, its text naming the players as ``names`` (one viewer's) do; generic names if none."""
    frame: dict[str, Any] = {"type": "event"}
    if v is not None:
        frame["v"] = v
    with writing(game, language, deck):
        frame.update(event_wire(game, event, names))
    return frame


def event_versioned(
    game: Game, event: Event, v: int, names: Mapping[int | None, TableNames], *, language: str | None = None,
    deck: str | None = None, names_in: Callable[[str], Mapping[int | None, TableNames]] | None = None,
) -> Versioned:
    """Event ``v`` written once for the spectators (``names[None]``) and once for each seat that may see it
    (``names[seat]``), so that sending it to a connection costs a lookup. A seat whose text is the spectators'
    (an event that names no one) shares it.

    ``language`` is the one written now (None: the table's); ``names_in(language)`` gives the viewers' names in
    another language, and with it the frame writes itself in that language when a connection first needs it."""
    public = PUBLIC.sees(event)
    written = language or table_language(game)
    render = None
    if names_in is not None:
        def render(other: str) -> Versioned:
            return event_versioned(game, event, v, names_in(other), language=other, deck=deck)
    with writing(game, written, deck):
        frame: dict[str, Any] = {"type": "event", "v": v, **event_wire(game, event, names[None])}
        spectators = frame["text"]
        said = {
            seat: event_wire(game, event, seat_names)["text"] for seat, seat_names in names.items()
            if seat is not None and Audience(seat).sees(event)
        }
    variants = {seat: dumps({**frame, "text": text}) for seat, text in said.items() if text != spectators}
    return Versioned(
        v, dumps(frame), event.visible_to, public, variants=variants or None, language=written, render=render,
    )


_LABELS: dict[tuple[str, str, str | None, str], tuple[str, str]] = {}
"""Each move's label and its ``said`` text, by game, language, deck and the move's canonical text: the same
dozen moves are offered on every move of every table, and saying one is a few catalog look-ups and formats.
A game says a move from the move alone (:meth:`Game.action_text`, :meth:`Game.action_said`), in the language
and deck being written. Bounded by ``LABELS_KEPT``."""

LABELS_KEPT = 8192


def legal_moves(state: State, seat: int, language: str | None = None) -> list[dict[str, Any]]:
    """A seat's legal actions as buttons: index, canonical text (what the client sends), the label as players
    say the move in ``language`` (None: the table's), the move as it is said aloud (``said``, what a call button
    reads: "¡Truco!"), and the card when a card is played."""
    legal = state.legal_actions(seat)
    if not legal:
        return []
    game = state.game
    language = language or table_language(game)
    deck = game.deck_art(state.options)
    hand = {str(card) for card in state.hand_of(seat)}
    moves = []
    writer: writing | None = None
    for index, action in enumerate(legal):
        text = str(action)
        key = (game.name, language, deck, text)
        words = _LABELS.get(key)
        if words is None:
            if writer is None:
                writer = writing(game, language, deck)
            with writer:
                words = (game.action_text(action), game.action_said(action))
            if len(_LABELS) >= LABELS_KEPT:
                _LABELS.clear()
            _LABELS[key] = words
        verb, _, rest = text.partition(" ")
        card = rest if verb in CARD_VERBS and rest in hand else None
        moves.append({"index": index, "text": text, "label": words[0], "said": words[1], "card": card})
    return moves


def build_view(
    state: State, seat: int | None, names: Mapping[str, str], hand_over: bool, said: TableNames | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    """The VIEW of ``state`` for ``seat`` (None: a spectator), as plain data."""
    view = view_models(state, seat, names, hand_over, said, language)
    view["observation"] = view["observation"].model_dump()
    view["table_view"] = view["table_view"].model_dump()
    view["names"] = dict(names)
    return view


def view_models(
    state: State, seat: int | None, names: Mapping[str, str], hand_over: bool, said: TableNames | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    """The VIEW with its observation and table view left as pydantic models: :func:`dumps` writes them straight
    to JSON, without the round trip through ``model_dump`` that a view sent on every move would pay.

    ``names`` are the seats' display names (the page labels the seats with them); ``said`` are the names the
    table's text gives the players for this viewer, for a game whose ``table_view`` takes them. They go to the
    page too (``said``), so that its score and its hand summary name the sides as the events do ("Nosotros",
    "Ellos"), not a third way. ``language`` is the reader's (None: the table's); ``deck`` names the deck the
    page draws the cards with (``french``, ``spanish``, or a plugin's).
    """
    game = state.game
    language = language or table_language(game)
    observation = state.observation(seat) if seat is not None else state.public_observation()
    deck = game.deck_art(state.options)
    with writing(game, language, deck):
        table_view = game.presentation().table_view(observation, said)
    return {
        "observation": observation,
        "table_view": table_view,
        "names": names,
        "said": None if said is None else {"seats": list(said.seats), "sides": list(said.sides)},
        "you": seat,
        "legal": legal_moves(state, seat, language) if seat is not None else [],
        "hand_over": hand_over,
        "deck": deck,
        "language": language,
    }


def view_text(
    state: State, seat: int | None, names: Mapping[str, str], hand_over: bool, v: int, said: TableNames | None = None,
    language: str | None = None,
) -> str:
    """The ``view`` frame of version ``v`` for ``seat``, as the text sent."""
    return dumps({"type": "view", "v": v, "view": view_models(state, seat, names, hand_over, said, language)})


def hand_events(
    state: State, seat: int | None, said: TableNames | None = None, language: str | None = None
) -> list[dict[str, Any]]:
    """This hand's events that ``seat`` (None: a spectator) may see, for a snapshot, named as ``said``."""
    audience = PUBLIC if seat is None else Audience(seat)
    deck = state.game.deck_art(state.options)
    return [
        event_frame(state.game, event, names=said, language=language, deck=deck)
        for event in visible_events(state.events, audience, state.hand_events_from)
    ]
