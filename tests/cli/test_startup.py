"""``cartas --help`` and ``cartas list`` start at once: the lazy command table says what the commands say, the
list is what rich would write, and neither imports anything heavy."""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import subprocess
import sys

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.cli.info import text_rule, write_list
from cartas.cli.main import BUILT_IN_COMMANDS
from cartas.core.i18n import FRAMEWORK, speaking
from cartas.core.plugins.manager import DEFAULT_PLUGIN_BOTS, DEFAULT_PLUGIN_HOOKS, DEFAULT_PLUGINS
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


def run_and_list_heavy_imports(arguments: list[str]) -> str:
    """What ``cartas ARGUMENTS`` prints, then (last line) the heavy modules it imported: pydantic, rich, a game's
    engine, the bots, the game contract (not the game's catalog module, which ``list`` reads the title with)."""
    code = (
        "import sys\nfrom cartas.cli.main import make_cli\n"
        f"try:\n    make_cli()({arguments!r}, prog_name='cartas')\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'rich')"
        " or m.startswith(('cartas.games.truco.', 'cartas.core.bots.base', 'cartas.core.game'))"
        " and m != 'cartas.games.truco.i18n'))"  # a Catalog and a path: the list translates the title with it
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_help_imports_no_pydantic_rich_or_game() -> None:
    out = run_and_list_heavy_imports(["--lang", "es", "--help"])
    assert "Comandos:" in out and "arena" in out
    assert out.strip().splitlines()[-1] == "[]"


def test_list_imports_no_pydantic_rich_or_game() -> None:
    out = run_and_list_heavy_imports(["list"])
    assert "truco · Argentine truco" in out and "  flor = false   (allowed: true, false)" in out
    assert out.strip().splitlines()[-1] == "[]"


def test_the_default_plugins_describe_the_bots_they_register() -> None:
    for name, levels in DEFAULT_PLUGIN_BOTS.items():
        registered: list[tuple[str, str]] = []
        importlib.import_module(name).register_bots(register=lambda game, level, _: registered.append((game, level)))
        assert tuple(registered) == levels


@settings(max_examples=200, deadline=None)
@given(title=st.text(alphabet="abcñóü ·()-0123456789", min_size=1, max_size=90), width=st.integers(8, 130))
def test_a_rule_without_rich_is_the_rule_rich_writes(title: str, width: int) -> None:
    from rich.console import Console
    from rich.rule import Rule
    from rich.text import Text

    ours = text_rule(title, width)
    console = Console(file=io.StringIO(), width=width, color_system=None, soft_wrap=True, highlight=False)
    console.print(Rule(Text(title), style="dim"))
    assert ours is None or f"{ours}\n" == console.file.getvalue()  # type: ignore[attr-defined]
    assert (ours is None) == (len(title) > width - 4)


def test_the_list_without_rich_writes_what_rich_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    from cartas.cli.i18n import Messages
    from cartas.cli.render import Renderer

    monkeypatch.setenv("COLUMNS", "71")
    lines = [(True, "truco · Truco argentino"), (False, "players: 2, 4, 6"), (True, "x" * 80), (False, "")]
    for plain in (False, True):
        with contextlib.redirect_stdout(io.StringIO()) as ours:
            write_list(lines, plain)
        with contextlib.redirect_stdout(io.StringIO()) as theirs:
            renderer = Renderer(Messages(), plain)
            for heading, text in lines:
                (renderer.heading if heading else renderer.line)(text)
        assert ours.getvalue() == theirs.getvalue()


def test_a_plugin_that_does_not_describe_its_games_is_still_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).parent))
    monkeypatch.setenv("CARTAS_PLUGINS", "cartas_tiny")
    code = "from cartas.cli.main import main; main()"
    out = subprocess.run([sys.executable, "-c", code, "list", "--ascii"], capture_output=True, text=True, check=True)
    assert "== alta · Alta (test game) ==\nplayers: 2, 3, 4\n" in out.stdout
    assert "== truco · Argentine truco ==" in out.stdout


def test_list_speaks_the_language_chosen() -> None:
    env = dict(os.environ, CARTAS_LANG="es")
    out = subprocess.run([sys.executable, "-m", "cartas.cli.main", "list", "--ascii"], capture_output=True, text=True,
                         check=True, env=env).stdout
    assert "jugadores: 2, 3, 4, 5, 6, 7, 8" in out
    assert "  max_cut = 5   (se admite: un número entero de 0 a 20)" in out
    assert "bots: fácil, medio" in out
    assert "== truco · Truco argentino ==" in out and "== tresillo · Julepe de 3 cartas (tresillo) ==" in out
    assert "allowed" not in out and "players:" not in out and "Argentine" not in out
