"""The ``cartas`` command line, built by :func:`make_cli` so tests can hand it their own registry.

Plugins add commands through the ``register_commands`` hook. Every bad input ends with a one-line message
and a non-zero exit status, never a traceback: the group turns cartas's input errors into click errors.
"""

from __future__ import annotations

from importlib import metadata
from typing import Any

import click
import pluggy

from cartas.cli.app import App
from cartas.cli.arena_command import arena_command
from cartas.cli.info import bench_command, list_command, plugins_command, rules_command
from cartas.cli.play import play_command, resume_command
from cartas.cli.records import replay_command, stats_command
from cartas.cli.saves_command import saves_command
from cartas.cli.serve import serve_command
from cartas.core.errors import CartasError
from cartas.core.registry import Registry

BUILT_IN_COMMANDS = (
    play_command, resume_command, replay_command, saves_command, stats_command, list_command, rules_command, plugins_command,
    bench_command, arena_command, serve_command,
)

EXAMPLES = """\b
Examples:
  cartas list                                  the games, their options and bots
  cartas play truco                            play (the lobby asks what is missing)
  cartas play truco --players 4 --points 15 --seat 1 --bot hard
  cartas play truco_paulista --watch --seed 7  bots only, printed as they play
  cartas play chinchon --json                  a program plays over JSON lines
  cartas resume                                continue the last unfinished match
  cartas saves                                 the saved matches, numbered: cartas replay 2, resume last
  cartas serve                                 play online in the browser (needs the online extra)
"""


class CartasGroup(click.Group):
    """A click group that reports cartas's input errors as click errors (message and exit status 1)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except CartasError as error:
            raise click.ClickException(str(error)) from None


def _version() -> str:
    try:
        return metadata.version("cartas")
    except metadata.PackageNotFoundError:
        return "unknown"


def make_cli(registry: Registry | None = None, plugin_manager: pluggy.PluginManager | None = None) -> click.Group:
    """The ``cartas`` group over ``registry`` and ``plugin_manager`` (the installed plugins when not given)."""
    app = App(plugin_manager, registry)

    @click.group(cls=CartasGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXAMPLES)
    @click.version_option(_version(), prog_name="cartas")
    @click.pass_context
    def cli(ctx: click.Context) -> None:
        """Spanish-deck card games against bots: truco, truco paulista, chinchón, remigio, julepe and more."""
        ctx.obj = app

    for command in BUILT_IN_COMMANDS:
        cli.add_command(command)
    pm = app.pm
    if pm is not None:
        for impl in pm.hook.register_commands.get_hookimpls():
            try:
                impl.function(cli=cli)
            except Exception as error:  # one plugin's broken command must not take the command line down
                app.registry.failures.append((impl.plugin_name, f"register_commands: {type(error).__name__}: {error}"))
    return cli


def main() -> None:
    """The console script."""
    make_cli()(prog_name="cartas")


if __name__ == "__main__":
    main()
