"""The errors cartas raises for bad input: each says what was wrong and what is allowed.

Every one is a ``ValueError`` so a caller that only cares that input was refused can catch that.
After any of them the object that raised is exactly as it was before the call.
"""

from __future__ import annotations


class CartasError(ValueError):
    """Base class of every input error in cartas."""


class CardParseError(CartasError):
    """Text that does not read as a card, such as ``"13E"`` or ``"7X"``."""


class ActionParseError(CartasError):
    """Text that does not read as any action of the game (python-chess's ``InvalidMoveError``)."""


class IllegalActionError(CartasError):
    """An action that reads fine but is not legal now (python-chess's ``IllegalMoveError``)."""


class OptionsError(CartasError):
    """A game option that is unknown or out of range; the message names the allowed values."""


class PositionError(CartasError):
    """A stacked position (explicit deal, scores, dealer) that the game cannot start from."""


class RecordError(CartasError):
    """A saved match that cannot be read back: corrupt JSON, wrong format or a move that does not replay."""


class PluginError(CartasError):
    """A plugin that registers something wrongly, such as a second game under a name already taken."""


class ArenaError(CartasError):
    """An arena that cannot run as asked, such as ``--ray`` without Ray installed or a cluster out of reach."""


class SeatingError(CartasError):
    """A table that cannot be seated as asked: a player count, teams or seat order the game does not allow."""
