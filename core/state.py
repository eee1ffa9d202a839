"""The state of one play-through of a match, and the public methods every game's state shares.

A game subclasses :class:`State` and implements the underscored methods plus the abstract ones. The public
``legal_actions`` and ``apply`` validate and delegate, so every game refuses illegal input the same way and
is left exactly as it was. Inside, states are plain ``__slots__`` classes: no pydantic, nothing copied that
need not be, because random playouts and search apply millions of actions.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from mypy_extensions import mypyc_attr

from .cards import Card
from .deck import shuffle
from .errors import IllegalActionError
from .events import Event
from .observation import EventView, Observation, built_observation
from .options import GameOptions
from .position import Position
from .table import Table

if TYPE_CHECKING:
    from .game import Game

SAMPLED_SEED = -1
"""The seed a sampled state says it has: the real one would give away every deal of the match."""

Action = Hashable
"""A game's action: any hashable value whose ``str`` is its canonical text, which the game parses back."""


@mypyc_attr(native_class=False)  # mypyc cannot compile a subclass of str as a native class
class Word(str):
    """A spoken action that is its own canonical text (``"juego"``, ``"paso"``): a game's interned constant.

    :meth:`State.apply` reads a plain ``str`` as text to parse; a ``Word`` is already the action, so applying
    the game's own constants does not parse them again (that was a sixth of a random julepe playout). It
    equals and hashes as its text, so ``"paso" in legal`` and JSON keep working.
    """

    __slots__ = ()


_new_tuple = tuple.__new__

_EVENT_VIEWS: dict[tuple[str, int, str], EventView] = {}
"""Each event's :class:`EventView`, by (kind, seat, detail): a frozen model, the same for every seat that sees the
event, and a server builds every seat's observation, with this hand's events, on every move (validating a new
model each time was a fifth of an observation). Bounded by ``EVENT_VIEWS_KEPT`` (a detail may be free text)."""

EVENT_VIEWS_KEPT = 8192

PUBLIC_SEAT = -1
"""The seat of a spectator's observation: no seat, so it sees only what is public."""


class Result(NamedTuple):
    """How a match ended: the winning seats (a whole team when there are teams) and each side's score."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


_NO_GENERATOR = random.Random(0)
"""What a sampled copy holds in place of the match's generator until it seeds its own; never drawn from."""


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One play-through of a match: the deal, the bets, the play and the score, hand after hand.

    The compiled build (docs/compiled.md) compiles this class with mypyc; ``allow_interpreted_subclasses``
    keeps it open to the games and plugins that stay plain Python. A subclass makes its blank copies with
    ``cls.__new__(cls)``, never ``object.__new__(cls)``, which a compiled base refuses.
    """

    __slots__ = (
        "game", "options", "table", "seed", "position", "_rng", "_rng_shared", "_rng_seed", "history", "events",
        "hands_played", "hand_events_from", "dealer", "to_act", "is_over", "_legal_seat", "_legal", "search_copy",
        "record_events",
    )

    game: Game
    options: GameOptions
    table: Table
    seed: int
    position: Position | None
    _rng: random.Random
    _rng_shared: bool
    _rng_seed: int
    """The seed of a generator promised but not made yet (:meth:`forget_hidden`), or -1."""
    history: list[tuple[int, Action]]
    events: list[Event]
    hands_played: int
    hand_events_from: int
    dealer: int
    to_act: tuple[int, ...]
    is_over: bool
    _legal_seat: int
    _legal: list[Action]
    search_copy: bool
    """A copy made for search (:meth:`forget_hidden`): its play stops at the end of its hand (see :meth:`at_horizon`)."""
    record_events: bool
    """Whether :meth:`emit` records. A play-out nobody will watch, replay or observe (a random benchmark, a
    search's random rollout) turns it off: every event was an object built and kept for no reader, and the
    match plays exactly the same without them (no rule reads its own events). Its clones inherit the setting."""

    def _init_base(self, game: Game, options: GameOptions, table: Table, seed: int, position: Position | None) -> None:
        """Set the fields every state has; call first from a game's constructor."""
        self.game, self.options, self.table = game, options, table
        self.seed, self.position = seed, position
        self.rng = random.Random(seed)
        self.history, self.events = [], []
        self.hands_played = self.hand_events_from = 0
        self.dealer = 0
        self.to_act = ()
        self.is_over = False
        self._legal_seat, self._legal = -1, []
        self.search_copy = False
        self.record_events = True

    def _init_partnership(self, game: Game, options: GameOptions, seed: int, position: Position | None) -> Table:
        """:meth:`_init_base` at a table of two sides whose partners alternate (:meth:`Table.partnership` of the
        options' ``players``), for a game played in pairs facing each other (truco, truco paulista); the table
        is returned for the game's own seat bookkeeping, so each such game does not spell the start again."""
        table = Table.partnership(options.players)
        self._init_base(game, options, table, seed, position)
        return table

    def _copy_base(self, other: State, whole_log: bool = True) -> None:
        """Copy the shared fields of ``other`` into this fresh state; a game's ``clone`` calls it first.

        Without ``whole_log``, the copy is for :meth:`sample`, whose state :meth:`forget_hidden` leaves with no
        history and only this hand's events: it starts that way, rather than copying the whole match's logs
        (hundreds of entries late in a match) only for them to be dropped, once per simulation of a search.
        """
        self.game, self.options, self.table = other.game, other.options, other.table
        self.seed, self.position = other.seed, other.position
        # The generator is shared until one of the two draws from it (see ``rng``): copying its 625 words was
        # 80% of a clone, and most clones (search, perft) never deal again.
        self._rng, self._rng_seed = other._rng, other._rng_seed
        self._rng_shared = other._rng_shared = True
        if whole_log:
            self.history, self.events = other.history.copy(), other.events.copy()
            self.hand_events_from = other.hand_events_from
        else:
            self.history, self.events = [], other.events[other.hand_events_from:]
            self.hand_events_from = 0
        self.hands_played = other.hands_played
        self.dealer, self.to_act, self.is_over = other.dealer, other.to_act, other.is_over
        self._legal_seat, self._legal = -1, []
        self.search_copy = other.search_copy
        self.record_events = other.record_events

    @property
    def rng(self) -> random.Random:
        """The match's own generator, copied on first use when a clone still shares it (copy-on-write).

        A state and its clones share one generator object until one of them draws: the first to draw takes
        its own copy of the shared state, so every copy draws exactly what it would have drawn from a copy
        made at clone time, and the shared object itself is never drawn from. A sampled copy's fresh generator
        (:meth:`forget_hidden`) is only seeded here, when first used: seeding one cost 20% of a sample, and a
        search copy stops at the end of its hand, so most never draw.
        """
        if self._rng_shared:
            if self._rng_seed >= 0:
                own = random.Random(self._rng_seed)
            else:
                # Not ``random.Random()``: that seeds itself from the system's entropy first, which costs more.
                own = random.Random.__new__(random.Random)
                own.setstate(self._rng.getstate())
            self._rng, self._rng_shared, self._rng_seed = own, False, -1
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng, self._rng_shared, self._rng_seed = rng, False, -1

    # --- the public contract -------------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (by default the first seat to act); empty if it may not act now."""
        if seat is None:
            if not self.to_act:
                return []
            seat = self.to_act[0]
        if seat == self._legal_seat:
            return self._legal
        if seat not in self.to_act:
            return []
        self._legal = self._legal_actions(seat)
        self._legal_seat = seat
        return self._legal

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Apply ``action`` (or its text) for ``seat``; raise a specific error and change nothing if illegal."""
        if action.__class__ is str:  # text; a game's Word constant is already an action
            action = self.game.parse_action(action)
        if self.is_over:
            raise IllegalActionError(f"{action} is not legal: the match is over")
        if seat is None:
            seat = self.to_act[0]
        elif seat not in self.to_act:
            waiting = ", ".join(str(s) for s in self.to_act)
            raise IllegalActionError(f"{action} is not legal: seat {seat} does not act now (waiting for seat {waiting})")
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalActionError(
                f"{action} is not legal now for seat {seat}; legal: {', '.join(str(a) for a in legal)}"
            )
        self._legal_seat = -1
        self.history.append((seat, action))
        self._apply(seat, action)

    def apply_legal(self, action: Action, seat: int) -> None:
        """Apply ``action`` for ``seat`` without checking it: the caller took it from ``legal_actions(seat)`` of
        this very state, just now (a search's tree walk and its random play-outs, thousands of moves a decision).

        What :meth:`apply` does after its checks, and nothing else; an action that is not legal here leaves the
        state in an undefined condition, so anything that comes from outside goes through :meth:`apply`.
        """
        self._legal_seat = -1
        self.history.append((seat, action))
        self._apply(seat, action)

    def emit(self, kind: str, seat: int = -1, detail: str = "", visible_to: tuple[int, ...] | None = None) -> None:
        """Record an event (public unless ``visible_to`` names the seats that may see it).

        Built with ``tuple.__new__`` rather than ``Event(...)``: the same named tuple at half the cost of its
        generated constructor, and every action of every playout emits at least one event. Nothing at all when
        the state does not :attr:`record_events`.
        """
        if self.record_events:
            self.events.append(_new_tuple(Event, (kind, seat, detail, visible_to)))

    def start_hand_events(self) -> None:
        """Mark the start of a new hand, so observations show only this hand's events."""
        self.hand_events_from = len(self.events)

    def visible_events(self, seat: int) -> list[EventView]:
        """This hand's events that ``seat`` may see."""
        views: list[EventView] = []
        for e in self.events[self.hand_events_from:]:
            if e.visible_to is None or seat in e.visible_to:
                key = (e.kind, e.seat, e.detail)
                view = _EVENT_VIEWS.get(key)
                if view is None:
                    if len(_EVENT_VIEWS) >= EVENT_VIEWS_KEPT:
                        _EVENT_VIEWS.clear()
                    view = _EVENT_VIEWS[key] = EventView(kind=e.kind, seat=e.seat, detail=e.detail)
                views.append(view)
        return views

    def make_observation(
        self, seat: int, *, hand: Iterable[Card], table: dict[str, Any], mano: int | None = None
    ) -> Observation:
        """``seat``'s observation with every field but the game's own filled from this state.

        A game's ``observation`` calls it with what only the game knows (the cards the seat sees, the public
        ``table`` fields and who is mano), so the common fields are built in one place and every game's
        observation has the same shape and the same meaning for them.
        """
        legal = [str(action) for action in self.legal_actions(seat)]
        return self._build_observation(seat, [str(card) for card in hand], legal, table, mano)

    def make_public_observation(self, *, table: dict[str, Any], mano: int | None = None) -> Observation:
        """The spectator's observation: seat ``PUBLIC_SEAT``, no hand, no legal actions, only public events.

        A game's ``public_observation`` calls it with the ``table`` fields everyone at the table may know; the
        fields only one seat knows (its own envido, its discards, anything worked out from a hand) stay out.
        """
        return self._build_observation(PUBLIC_SEAT, [], [], table, mano)

    def _build_observation(
        self, seat: int, hand: list[str], legal: list[str], table: dict[str, Any], mano: int | None
    ) -> Observation:
        # Every field built here, of its declared type: the model without pydantic's validation (see
        # built_observation), which a server paid for every seat and spectator on every move.
        return built_observation({
            "game": self.game.name,
            "seat": seat,
            "players": self.table.n_seats,
            "teams": list(self.table.teams),
            "dealer": self.dealer,
            "mano": mano,
            "hand_number": self.hands_played,
            "to_act": list(self.to_act),
            "hand": hand,
            "scores": list(self.scores()),
            "over": self.is_over,
            "legal": legal,
            "table": table,
            "events": self.visible_events(seat),
        })

    def forget_hidden(self, seat: int, rng: random.Random, *, whole_match: bool = False) -> None:
        """Drop from a sampled state what ``seat`` must not learn through it.

        A game's ``sample`` redeals the hidden cards, but the copy would still carry the stacked position (the
        real first deal), the match's seed (from which every deal can be rebuilt), events meant for other seats,
        the action history (which names face-down cards) and the match's own generator (which foretells the next
        shuffles). Search works on the copy without them; it keeps only this hand's events, which are all an
        observation shows, so sampling stays cheap. The copy stops at the end of its hand (:meth:`at_horizon`)
        unless ``whole_match``: a search that plays whole matches (OpenSpiel's) deals on from the fresh generator.
        """
        self.position = None
        self.seed = SAMPLED_SEED
        self.events = [e for e in self.events[self.hand_events_from:] if e.visible(seat)]
        self.hand_events_from = 0
        self.history = []
        # The same generator as ``random.Random(rng.getrandbits(64))``, seeded when first used (see ``rng``).
        self._rng, self._rng_shared, self._rng_seed = _NO_GENERATOR, True, rng.getrandbits(64)
        self.search_copy = not whole_match

    def at_horizon(self) -> bool:
        """Whether a hand that just ended is the last this state plays: ``True`` for a search copy, whose play
        stops at the end of its hand, and then nobody is left to act in it.

        A game asks where it would deal the next hand, and deals only when this is ``False``: a search and the
        evaluations of the games' bots play sampled states to the end of the hand and no further, so dealing
        the next hand there (a shuffle, the deal and what the game works out from it) is wasted; in truco
        paulista it was a third of a play-out.
        """
        if self.search_copy:
            self.to_act = ()
            return True
        return False

    def cut_hand(self) -> bool:
        """End the hand in play now, scored as the game estimates it would end, and say whether it did.

        A search's play-out cut short (:attr:`Game.rollout_depth`) calls it on its own sampled copy, move after
        move once the depth is reached, until it returns ``True``; a game answers ``False`` where it cannot cut
        (in the middle of a turn) and the play-out goes on. The default never cuts. Only ever called on a copy
        made for search (:meth:`forget_hidden`), which stops at the end of its hand.
        """
        return False

    def returns(self) -> tuple[float, ...]:
        """Each seat's share of the outcome: 1 for a winner, 0 otherwise (used by search and the arena)."""
        winners = set(self.result().winners)
        return tuple(1.0 if seat in winners else 0.0 for seat in range(self.table.n_seats))

    # --- what each game implements -------------------------------------------------------------------

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """The legal actions of a seat that is in ``to_act``; cheap, called on every decision."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Apply an action already known to be legal; update ``to_act``, ``is_over``, scores and events."""

    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """Everything ``seat`` may know, and nothing more."""

    @abstractmethod
    def public_observation(self) -> Observation:
        """What a spectator may know: the public events and table, no hand, nothing any one seat alone knows.

        Build it with :meth:`make_public_observation`. It shows no card hidden from any seat, and a state
        sampled for any seat has the same public observation; the conformance suite checks both.
        """

    @abstractmethod
    def hand_of(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now."""

    @abstractmethod
    def hidden_from(self, seat: int) -> list[Card]:
        """Every card whose identity ``seat`` cannot know now: other hands, the stock, face-down cards."""

    @abstractmethod
    def all_cards(self) -> list[Card]:
        """Every card of the game wherever it is now, so tests can check that none is lost or made up."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each side's score now."""

    @abstractmethod
    def result(self) -> Result:
        """How the match ended; only meaningful once ``is_over``."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy, cheap enough to make on every search iteration."""

    @abstractmethod
    def sample(self, seat: int, rng: random.Random) -> State:
        """A complete state that ``seat`` cannot tell from this one: the cards hidden from it redealt at random.

        ``sample(seat, rng).observation(seat)`` equals ``observation(seat)``. Search bots use it.
        """


STATE_METHODS: tuple[str, ...] = (
    "_legal_actions", "_apply", "observation", "public_observation", "hand_of", "hidden_from", "all_cards", "scores",
    "result", "clone", "sample",
)
"""The methods marked ``abstractmethod`` above: what a game's state must implement. Python's ABC machinery
refuses a pure subclass that lacks one, but a class compiled by mypyc keeps no ``__abstractmethods__``, so on the
compiled build a subclass missing one would be made anyway; :func:`missing_methods` checks them by name instead
(``Game.start`` refuses such a state on both builds), and a test checks this list against the decorators."""


def missing_methods(cls: type) -> list[str]:
    """The :data:`STATE_METHODS` that ``cls`` (a subclass of :class:`State`) leaves unimplemented."""
    below = cls.__mro__[:cls.__mro__.index(State)] if State in cls.__mro__ else cls.__mro__
    return [name for name in STATE_METHODS if not any(name in vars(klass) for klass in below)]


def redistribute(places: Sequence[list[Card]], rng: random.Random) -> None:
    """Shuffle the cards held in ``places`` among them, keeping each place's size (for ``sample``)."""
    pool = sorted(card for place in places for card in place)  # the draw must not depend on where they lay
    shuffle(pool, rng)
    at = 0
    for place in places:
        size = len(place)
        place[:] = pool[at:at + size]
        at += size
