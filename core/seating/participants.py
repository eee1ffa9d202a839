"""The players of a match before anyone is seated: people, programs and bots at their levels.

The terminal lobby builds them from ``--seat`` and ``--bots``; the web lobby from the people and bots at its
table. Either way each one is a :class:`Participant`, numbered by the seat it would take if nobody moved it, and
the names a player may be called by in a teams or order line are its aliases.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import SeatingError
from ..game import Game
from ..i18n import FRAMEWORK as _
from ..folding import fold_text
from ..naming import level_name, level_words
from ..plugins.registry import Registry

HUMAN = "human"
"""A seat played by a person."""
PROGRAM = "program"
"""A seat played over the JSON protocol."""
BOT_PREFERENCE: tuple[str, ...] = ("hard", "medium", "easy")
"""Bot levels from strongest to weakest, for hints; a game's other levels come after these."""


def fold(word: str) -> str:
    """How names are compared: case, accents and spaces do not matter (``You 1`` is ``you1``, ``Tú`` is ``tu``)."""
    return fold_text(word, spaces="none", punctuation=True)


@dataclass(frozen=True)
class Participant:
    """One player of the match before seating: a person (or program) or a bot at a level.

    ``kind`` is :data:`HUMAN`, :data:`PROGRAM` or a bot level; ``aliases`` are the folded words a teams or order
    line may name it by; ``wish`` is a seat asked for (``--seat``, ``--bots N=level``, or the web host's seat),
    which every seating must honour.
    """

    kind: str
    name: str
    aliases: frozenset[str]
    wish: int | None = None

    @classmethod
    def named(cls, kind: str, name: str, wish: int | None = None) -> Participant:
        """A participant called by its name, as the web lobby seats people and bots; a bot also by its level."""
        aliases = {fold(name)} if kind in (HUMAN, PROGRAM) else {fold(name), *level_aliases(kind)}
        return cls(kind, name, frozenset(aliases), wish)


def check_players(game: Game, n: int) -> None:
    """Refuse a number of players the game does not allow, naming the counts it does."""
    counts = game.player_counts()
    if n not in counts:
        raise SeatingError(_("{game} cannot be played by {count}; it allows {counts} players", game=game.name, count=n,
                              counts=", ".join(map(str, counts))))


def roster(participants: Sequence[Participant], *, first: int = 0) -> str:
    """The players by number and name: ``0 you · 1 easy · 2 medium``, numbered from ``first`` (the terminal's
    questions count from 1: ``1 you · 2 easy · 3 medium``)."""
    return " · ".join(f"{number + first} {who.name}" for number, who in enumerate(participants))


# --- Bot levels ----------------------------------------------------------------------------------------------------


def strongest_level(registry: Registry, game: str) -> str | None:
    """The strongest bot level that plays ``game``: hard, else medium, else easy, else any."""
    levels = registry.bot_levels(game)
    for level in BOT_PREFERENCE:
        if level in levels:
            return level
    return levels[0] if levels else None


def default_level(registry: Registry, game: str) -> str:
    """The level a bot plays at unless told otherwise: medium, else easy, else hard, else any."""
    levels = registry.bot_levels(game)
    if not levels:
        raise SeatingError(_("no bot plays {game}, so no match can be set up", game=game))
    return "medium" if "medium" in levels else next((lv for lv in ("easy", "hard") if lv in levels), levels[0])


def level_aliases(level: str) -> frozenset[str]:
    """The words a teams or order line may call a bot by: its level in any language (``hard``, ``dificil``)."""
    return frozenset(fold(word) for word in level_words(level))


def check_level(level: str, levels: Sequence[str]) -> str:
    """The level of ``levels`` that ``level`` names, in English (``hard``) or in any language the framework
    speaks (``difícil``, ``dificil``), else a refusal listing the levels as the language spoken calls them."""
    word = fold(level)
    for known in levels:
        if word in level_aliases(known):
            return known
    shown = ", ".join(level_name(known) for known in levels)
    raise SeatingError(_("no bot level {level}; levels: {levels}", level=repr(level), levels=shown))


def _bots_by_seat(spec: str, players: int, humans: set[int], levels: Sequence[str], flag: str) -> dict[int, str]:
    """``1=easy,2=medium``: the level of the bot at particular seats."""
    chosen = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        seat_text, _sep, level = part.partition("=")
        if not seat_text.strip().isdigit():
            raise SeatingError(
                _("{flag} {spec} should look like 1=easy,2=medium or easy,medium", flag=flag, spec=repr(spec))
            )
        seat = int(seat_text)
        if seat >= players:
            raise SeatingError(
                _("{flag} names seat {seat}; seats are 0 to {last}", flag=flag, seat=seat, last=players - 1)
            )
        if seat in humans:
            raise SeatingError(_("{flag} names seat {seat}, which is a person's seat", flag=flag, seat=seat))
        chosen[seat] = check_level(level.strip(), levels)
    return chosen


def _bots_in_order(spec: str, free: Sequence[int], levels: Sequence[str], flag: str) -> dict[int, str]:
    """``easy,medium,hard``: the levels of the bots, which take the seats left by the people in order."""
    listed = [check_level(level, levels) for level in filter(None, (p.strip() for p in spec.split(",")))]
    if len(listed) > len(free):
        raise SeatingError(_("{flag} lists {count} bots, but only {free} seats are left for bots", flag=flag,
                             count=len(listed), free=len(free)))
    return dict(zip(free, listed))


def make_participants(
    n: int, people: str | None, seats: Sequence[int], bots: str | None, level: str, levels: Sequence[str],
    *, you: str = "you", seat_flag: str = "seat", bots_flag: str = "bots",
) -> list[Participant]:
    """The players of the match, numbered by the seat each takes when nobody reseats them.

    ``people`` is the kind of the non-bot players (:data:`HUMAN`, :data:`PROGRAM`, or ``None`` for bots only),
    at ``seats`` (seat 0 if none); ``bots`` the levels of the bots, in seat order or as ``seat=level``; ``level``
    the level of every other bot. ``you`` is the word people are called by on the screen (``you`` in English
    always works too); the flags name the inputs in refusals.
    """
    humans = (list(dict.fromkeys(seats)) or [0]) if people is not None else []
    bad = [seat for seat in humans if not 0 <= seat < n]
    if bad:
        raise SeatingError(
            _("{flag} {seat} is not a seat; seats are 0 to {last}", flag=seat_flag, seat=bad[0], last=n - 1)
        )
    parts = [part for part in (bots or "").split(",") if part.strip()]
    by_seat = sum("=" in part for part in parts)
    if by_seat and by_seat != len(parts):
        raise SeatingError(_("{flag} {spec} mixes seat=level and plain levels; use one form", flag=bots_flag,
                             spec=repr(bots)))
    if not parts:
        chosen: dict[int, str] = {}
    elif by_seat:
        chosen = _bots_by_seat(bots or "", n, set(humans), levels, bots_flag)
    else:
        chosen = _bots_in_order(bots or "", [seat for seat in range(n) if seat not in humans], levels, bots_flag)
    words = [you, "you"]
    participants = []
    for seat in range(n):
        if seat in humans:
            assert people is not None
            number = "" if len(humans) == 1 else str(humans.index(seat) + 1)
            name = f"{you} {number}".strip() if people == HUMAN else people
            aliases = {fold(word + number) for word in words} | {fold(name)}
            participants.append(Participant(people, name, frozenset(aliases), seat if seats else None))
        else:
            kind = chosen.get(seat, level)
            wish = seat if by_seat and seat in chosen else None
            participants.append(Participant(kind, level_name(kind), level_aliases(kind), wish))
    return participants
