"""``cartas --help`` starts at once: the lazy command table says what the commands say, and imports nothing heavy."""

from __future__ import annotations

import importlib
import subprocess
import sys

import click

from cartas.cli.main import BUILT_IN_COMMANDS
from cartas.core.i18n import FRAMEWORK, speaking
from cartas.core.plugins.manager import DEFAULT_PLUGIN_HOOKS, DEFAULT_PLUGINS
from cartas.core.plugins.hookspecs import hookimpl


def test_the_lazy_table_names_each_command_with_its_own_short_help() -> None:
    """The same text in English, and the same translation in every language: one message, not two."""
    for name, lazy in BUILT_IN_COMMANDS.items():
        command = getattr(importlib.import_module(lazy.module), lazy.attribute)
        assert isinstance(command, click.Command) and command.name == name
        assert lazy.short_help == command.get_short_help_str(limit=500)
        for language in ("es", "es-AR", "pt"):
            with speaking(language):
                translated = FRAMEWORK(lazy.short_help)
                assert translated != lazy.short_help
                assert translated == command.get_short_help_str(limit=500)


def test_the_default_plugins_stand_ins_implement_the_hooks_of_the_modules() -> None:
    marker = hookimpl.project_name + "_impl"
    assert set(DEFAULT_PLUGIN_HOOKS) == set(DEFAULT_PLUGINS)
    for name, hooks in DEFAULT_PLUGIN_HOOKS.items():
        module = importlib.import_module(name)
        assert hooks == tuple(attr for attr in dir(module) if hasattr(getattr(module, attr), marker))


def test_help_imports_no_pydantic_rich_or_game() -> None:
    code = (
        "import sys\nfrom cartas.cli.main import make_cli\n"
        "try:\n    make_cli()(['--lang', 'es', '--help'], prog_name='cartas')\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'rich')"
        " or m.startswith(('cartas.games.truco.', 'cartas.core.bots.base', 'cartas.core.game'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "Comandos:" in out and "arena" in out
    assert out.strip().splitlines()[-1] == "[]"
