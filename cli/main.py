"""The ``cartas`` command line, built by :func:`make_cli` so tests can hand it their own registry.

Plugins add commands through the ``register_commands`` hook. Every bad input ends with a one-line message
and a non-zero exit status, never a traceback: the group turns cartas's input errors into click errors.

The group is lazy (click's LazyGroup pattern): a built-in command's module is imported only when that command
runs, and ``--help`` lists them from :data:`BUILT_IN_COMMANDS` without importing any, so ``cartas --help``
starts without pydantic, rich or a game. The plugins are loaded the first time the group needs them: to run or
list a command that is not built in, or when a command asks for the registry.
"""

from __future__ import annotations

import contextvars
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from .click_words import asked_language, click_speaking
from .help_text import TranslatedGroup, TranslatedOption, option
from .language import choose, gameless_language
from cartas.core import __version__
from cartas.core.errors import CartasError
from cartas.core.i18n import FRAMEWORK, LANGUAGES, mark, use_language

if TYPE_CHECKING:
    import pluggy

    from .app import App
    from cartas.core.plugins.registry import Registry


class LazyCommand(NamedTuple):
    """Where a built-in command lives, and its one-line help for ``cartas --help`` (a test keeps it the same
    as the command's own, in English and translated): an English message of the framework's domain."""

    module: str
    attribute: str
    short_help: str


BUILT_IN_COMMANDS: dict[str, LazyCommand] = {
    "play": LazyCommand("cartas.cli.play", "play_command",
        mark("Play GAME against bots in the terminal (or watch bots, or let a program play over JSON lines).")),
    "resume": LazyCommand("cartas.cli.play", "resume_command",
        mark("Continue the last unfinished match, or SAVE: a number from `cartas saves`, `last`, a path or a "
             "match id.")),
    "replay": LazyCommand("cartas.cli.records", "replay_command",
        mark("Step through the match saved in SAVE: a number from `cartas saves`, `last`, a path, a match id or an "
             "online table's code.")),
    "analyze": LazyCommand("cartas.cli.analyze", "analyze_command",
        mark("Analyse the match saved in MATCH move by move for one seat: a number from `cartas saves`, "
             "`last`, a match id, a record file or an online table's code.")),
    "saves": LazyCommand("cartas.cli.saves_command", "saves_command",
        mark("The saved matches, newest first; `cartas replay N` and `cartas resume N` take their numbers (or "
             "`last`).")),
    "stats": LazyCommand("cartas.cli.records", "stats_command",
        mark("Your wins, losses and streaks per game, from the finished matches you played (bots-only and "
             "program matches are counted apart).")),
    "list": LazyCommand("cartas.cli.info", "list_command",
        mark("The games installed: players, aliases, bot levels and options with their defaults and allowed "
             "values.")),
    "rules": LazyCommand("cartas.cli.info", "rules_command",
        mark("The rules of GAME as played here, every option with its default.")),
    "plugins": LazyCommand("cartas.cli.info", "plugins_command",
        mark("The plugins loaded, their hooks, and those that failed to load.")),
    "bench": LazyCommand("cartas.cli.info", "bench_command",
        mark("Random-playout speed of GAME: games, hands and decisions per second.")),
    "arena": LazyCommand("cartas.cli.arena_command", "arena_command",
        mark("Play BOTS against each other at GAME on duplicate deals.")),
    "serve": LazyCommand("cartas.cli.serve", "serve_command",
        mark("Serve online play: a lobby and tables in the browser, bots in the empty seats.")),
    "users": LazyCommand("cartas.cli.users", "users_command",
        mark("The online server's accounts: list them, disable one, reset a password.")),
}

EXAMPLES = mark("""Examples:
  cartas list                                  the games, their options and bots
  cartas play truco                            play (the lobby asks what is missing)
  cartas play truco --players 4 --points 15 --seat 1 --bot hard
  cartas play truco_paulista --watch --seed 7  bots only, printed as they play
  cartas play chinchon --json                  a program plays over JSON lines
  cartas resume                                continue the last unfinished match
  cartas saves                                 the saved matches, numbered: cartas replay 2, resume last
  cartas serve                                 play online in the browser (needs the online extra)
""")


class CartasGroup(TranslatedGroup):
    """The ``cartas`` group: built-in commands imported on first use, plugin commands added when first needed,
    cartas's input errors reported as click errors (message and exit status 1), and all of it, click's own
    words included, in the language chosen before the command line is parsed."""

    def __init__(self, *args: Any, app: App, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.app = app
        self._plugin_commands_added = False

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        """Parse and run in a context of its own, speaking the language of ``--lang`` wherever it appears,
        else of ``CARTAS_LANG``, else of the last match played here, else of the locale (the game is not known yet): the help and the errors click
        shows while parsing speak it too. A command about one game may change it (:mod:`cartas.cli.language`)."""
        argv = list(sys.argv[1:] if args is None else args)
        asked = asked_language(argv)
        language = gameless_language(asked)

        def speaking() -> Any:
            choose(asked)
            use_language(language)
            with click_speaking(language):
                return super(CartasGroup, self).main(argv, *rest, **extra)

        return contextvars.copy_context().run(speaking)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except CartasError as error:
            raise click.ClickException(str(error)) from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._add_plugin_commands()
        return sorted(set(self.commands) | set(BUILT_IN_COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = self.commands.get(cmd_name)
        if command is not None:
            return command
        lazy = BUILT_IN_COMMANDS.get(cmd_name)
        if lazy is not None:
            command = getattr(importlib.import_module(lazy.module), lazy.attribute)
            assert isinstance(command, click.Command)
            self.add_command(command, cmd_name)
            return command
        self._add_plugin_commands()
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``--help``: built-in commands from their table, without importing them."""
        limit = formatter.width - 6 - max(len(name) for name in self.list_commands(ctx))
        rows = []
        for name in self.list_commands(ctx):
            lazy = BUILT_IN_COMMANDS.get(name)
            if lazy is not None and name not in self.commands:
                rows.append((name, _shorten(FRAMEWORK(lazy.short_help), limit)))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        if rows:
            with formatter.section(FRAMEWORK("Commands")):
                formatter.write_dl(rows)

    def _add_plugin_commands(self) -> None:
        """Let every plugin add its commands, once; one plugin's broken command must not take the others down."""
        if self._plugin_commands_added:
            return
        self._plugin_commands_added = True
        app = self.app
        pm = app.pm
        if pm is None:
            return
        for impl in pm.hook.register_commands.get_hookimpls():
            try:
                impl.function(cli=self)
            except Exception as error:
                app.registry.failures.append((impl.plugin_name, f"register_commands: {type(error).__name__}: {error}"))


def _shorten(text: str, limit: int) -> str:
    """``text`` cut at a word to ``limit`` characters with an ellipsis, as click shortens a command's help."""
    import click.utils

    # Looked up by name: click 8.2 keeps it behind a deprecating module __getattr__, which mypy types as object.
    shorten: Callable[[str, int], str] = getattr(click.utils, "make_default_short_help")
    return shorten(text, limit)


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version and which build runs (docs/compiled.md), read only when asked for."""
    if not value or ctx.resilient_parsing:
        return
    import gettext

    from cartas.core.buildinfo import build_info

    # click's own message, translated as click translates it (cartas.cli.click_words); the build stays English.
    line = gettext.gettext("%(prog)s, version %(version)s") % {"prog": "cartas", "version": __version__}
    click.echo(f"{line} ({build_info().describe()})")
    ctx.exit()


def make_cli(registry: Registry | None = None, plugin_manager: pluggy.PluginManager | None = None) -> click.Group:
    """The ``cartas`` group over ``registry`` and ``plugin_manager`` (the installed plugins when not given)."""
    from .app import App

    app = App(plugin_manager, registry)

    @click.group(
        cls=CartasGroup, app=app, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXAMPLES,
        help=mark("Spanish-deck card games against bots: truco, truco paulista, chinchón, remigio, julepe and more."),
    )
    @click.option(
        "--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version, cls=TranslatedOption,
        help=mark("Show the version and exit."),
    )
    @option(
        "--lang", type=click.Choice(LANGUAGES, case_sensitive=False), default=None, expose_value=False,
        help=mark("Language of every screen of the command; else CARTAS_LANG, the game's own language, the locale, "
                  "English."),
    )
    @click.pass_context
    def cli(ctx: click.Context) -> None:
        ctx.obj = app

    return cli


def main() -> None:
    """The console script."""
    make_cli()(prog_name="cartas")


if __name__ == "__main__":
    main()
