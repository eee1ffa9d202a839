"""The options every command that talks to a person shares (``--ascii``, ``--lang``) and the plain-text test.

They live apart from :mod:`cartas.cli.render` because the commands that use them are built when their module
is imported, and a light command (``cartas list``) must not import rich and the game contract to be built.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import click

from .help_text import option
from .i18n import LANGUAGES
from .language import speaks
from cartas.core.i18n import mark


def wants_plain(ascii_flag: bool) -> bool:
    """Plain text when asked, or when the environment says colour is unwelcome (https://no-color.org)."""
    return ascii_flag or bool(os.environ.get("NO_COLOR")) or os.environ.get("TERM") == "dumb"


def output_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--ascii`` and ``--lang``, shared by every command that talks to a person."""
    plain = option("--ascii", "ascii_", is_flag=True, help=mark("Plain text: no colour, no box drawing."))
    command = plain(speaks(command))
    return option(
        "--lang", type=click.Choice(LANGUAGES, case_sensitive=False), default=None,
        help=mark("Language of the screens; else CARTAS_LANG, the game's own language, the locale, English."),
    )(command)
