"""The data folder: where the terminal keeps its saves and the history, and ``cartas serve`` its finished records.

It belongs to the core, not to one front end: the terminal and the server both write the history there, and
the server must not import the terminal's package. ``$CARTAS_HOME`` chooses it; by default it is the
platform's user data folder.
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import CartasError

__all__ = ["HOME_ENV", "DataHomeError", "data_home", "home_error"]

HOME_ENV = "CARTAS_HOME"


class DataHomeError(CartasError):
    """The data folder cannot be read or written; the message names it and how to choose another."""


def home_error(home: Path, error: OSError | str, *, saving: bool = True) -> DataHomeError:
    """The one-line refusal of an unusable data folder, with the ways out."""
    reason = error if isinstance(error, str) else error.strerror or type(error).__name__
    remedy = f"choose another folder with {HOME_ENV}=/path/to/folder"
    if saving:
        remedy += ", or play without saving with --no-save"
    return DataHomeError(f"cannot use the data folder {home}: {reason}; {remedy}")


def data_home() -> Path:
    """Where saves and the history live: ``$CARTAS_HOME`` if set, else the platform's user data folder."""
    import platformdirs  # here: ``cartas --help`` needs no data folder

    override = os.environ.get(HOME_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir("cartas", appauthor=False))
