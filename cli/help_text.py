"""Commands and options whose ``--help`` speaks the language of the command line.

A help text is an English message of the framework's domain, marked where the command is declared
(``help=mark("...")``) and translated each time click reads it, so the same command object shows Spanish help
under ``--lang es`` and English help in the next run of a test. ``command``, ``argument`` and ``option`` are
click's decorators with these classes. A command whose help is longer than a line gives its one-line
``short_help`` too, the same message as its line in :data:`cartas.cli.main.BUILT_IN_COMMANDS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, overload

import click

from cartas.core.i18n import FRAMEWORK, mark

USAGE_WORDS: tuple[str, ...] = (
    mark("[OPTIONS]"), mark("COMMAND [ARGS]..."),
    mark("INTEGER"), mark("FLOAT"), mark("TEXT"), mark("INTEGER RANGE"), mark("FLOAT RANGE"), mark("DIRECTORY"),
    mark("KEY=VALUE"), mark("SECONDS"), mark("ADDRESS"), mark("DAYS"),
)
"""The words of a usage line and of the options' values (``Usage: cartas play [OPTIONS] GAME``,
``--players INTEGER``): click's or ours, translated where they are shown."""


class Translated:
    """An attribute stored as the English message and read in the language being spoken."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_message_{name}"

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Translated: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> str | None: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> Translated | str | None:
        if obj is None:
            return self
        message: str | None = obj.__dict__.get(self.slot)
        return FRAMEWORK(message) if message else message

    def __set__(self, obj: object, value: str | None) -> None:
        obj.__dict__[self.slot] = value


class TranslatedCommand(click.Command):
    """A command whose help and epilog are read in the language being spoken; the epilog holds examples,
    shown in lines as written (a message cannot carry click's ``\\b`` mark, a control character)."""

    help = Translated()
    short_help = Translated()
    epilog = Translated()
    options_metavar = Translated()

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.epilog:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text("\b\n" + self.epilog)


class TranslatedGroup(TranslatedCommand, click.Group):
    """A group whose help and epilog are read in the language being spoken."""

    subcommand_metavar = Translated()  # type: ignore[assignment]  # never None: click always sets it


class TranslatedOption(click.Option):
    """An option whose help and value's name (``INTEGER``, ``SECONDS``) are read in the language being spoken."""

    help = Translated()

    def make_metavar(self, ctx: click.Context) -> str:
        return FRAMEWORK(super().make_metavar(ctx))


class TranslatedArgument(click.Argument):
    """An argument whose name in the usage line (``GAME``, ``SAVE``) is read in the language being spoken."""

    metavar = Translated()


def command(name: str, **attrs: Any) -> Callable[[Callable[..., Any]], click.Command]:
    """``click.command`` for a command whose help is a marked message."""
    attrs.setdefault("cls", TranslatedCommand)
    return click.command(name, **attrs)


def argument(name: str, **attrs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``click.argument`` for an argument whose ``metavar`` is a marked message."""
    attrs.setdefault("cls", TranslatedArgument)
    return click.argument(name, **attrs)


def option(*declarations: str, **attrs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``click.option`` for an option whose help is a marked message."""
    attrs.setdefault("cls", TranslatedOption)
    return click.option(*declarations, **attrs)
