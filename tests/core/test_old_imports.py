"""Every import any earlier version of the docs, the README or the example plugin showed still works: from its
public home without a warning, or from the home it moved away from with a DeprecationWarning that names the
new one (docs/api.md). The list was gathered from the whole history of docs/, README.md and examples/
(``git log -p -- docs README.md examples``: the ``from cartas... import`` lines and the dotted names in the
text); a name leaves it only when its deprecation period is over and CHANGELOG.md says so."""

from __future__ import annotations

import importlib
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest

import cartas.core

ROOT = Path(__file__).resolve().parents[2]

PUBLIC: dict[str, tuple[str, ...]] = {
    "cartas.core": (
        "Action", "ActionParseError", "BotFactory", "Card", "Event", "FACE_DOWN", "Game", "GameOptions",
        "IllegalActionError", "Observation", "OptionsError", "Position", "PositionError", "Result", "SeatView",
        "State", "Table", "TableNames", "TableView", "generic_names", "hookimpl",
    ),
    "cartas.core.bots": ("SeatView",),  # an ImportError in 0.1 after the core was split into subpackages
    "cartas.core.plugins": ("get_registry",),  # the same
    "cartas.core.i18n": ("Catalog", "choose_language", "mark", "speaking"),
    "cartas.testing": ("apply_moves", "check_catalogs", "check_conformance", "check_hidden_information", "perft"),
}
"""Names the docs showed that are public now: they import without a warning."""

INTERNAL: dict[str, tuple[str, ...]] = {
    "cartas.core.bots.base": ("SeatView",),
    "cartas.core.bots.inference": ("Decision", "Posterior", "soft_bar"),
    "cartas.core.deck": ("deal", "shuffle", "shuffled", "spanish_deck", "stack_deck"),
    "cartas.core.match": ("run_match",),
    "cartas.core.naming": ("level_name", "viewer_names"),
    "cartas.core.plugins.manager": ("get_registry",),
    "cartas.core.plugins.summary": ("GameSummary", "summarize_game"),
    "cartas.core.replay_view": ("ReplayView",),
    "cartas.core.seating": ("check_level",),
    "cartas.core.state": ("Action", "PUBLIC_SEAT", "State", "Word", "redistribute"),
    "cartas.cli.click_words": ("click_speaking",),
    "cartas.cli.screen": ("table_screen",),
    "cartas.games.truco.i18n": ("_",),
    "cartas.online.store.tables": ("AsyncStore",),
}
"""Names the docs showed at a submodule that has not moved: they still import, without a warning, though the
public home (docs/api.md) is the one to use."""

MODULES = (
    "cartas.cli.help_text", "cartas.cli.language", "cartas.cli.main", "cartas.core.audience", "cartas.core.bench",
    "cartas.core.bots.rollout", "cartas.core.i18n.catalogs", "cartas.core.i18n.spoken", "cartas.core.plugins.hookspecs",
    "cartas.core.seat_messages", "cartas.core.views", "cartas.core.wire", "cartas.games.truco",
    "cartas.games.tresillo.bots.valuation", "cartas.interop.actions", "cartas.interop.encoding", "cartas.interop.outcome",
    "cartas.online.store.schema", "cartas.online.game.seat_names",
)
"""Modules the docs named."""

MOVED: dict[str, tuple[tuple[str, str], ...]] = {
    "cartas.core.inference": (
        ("Decision", "cartas.core.bots.Decision"), ("Posterior", "cartas.core.bots.Posterior"),
        ("soft_bar", "cartas.core.bots.soft_bar"),
    ),
    "cartas.core.hookspecs": (
        ("hookimpl", "cartas.core.plugins.hookimpl"),
        ("register_games", "cartas.core.plugins.hookspecs.register_games"),
    ),
    "cartas.core.rollout": (("RolloutBot", "cartas.core.bots.rollout.RolloutBot"),),
}
"""Names whose module moved (0.1 renamed these without a warning): (name, where it lives now)."""

HELPERS = (("describe_named", "describe"), ("table_view_named", "table_view"))
"""The 0.1 helpers of cartas.core.game that picked a game's method by its signature (docs/screens showed them):
each warns and asks the game's presentation (docs/api.md)."""

OPTIONAL = {"cartas.interop.openspiel": ("load", "open_spiel"), "cartas.interop.pettingzoo": ("env", "pettingzoo")}
"""Names behind an extra: they import when the extra is installed."""


def imported(module: str, name: str) -> object:
    """``from module import name``, run as a plugin would write it."""
    namespace: dict[str, object] = {}
    exec(f"from {module} import {name} as value", namespace)
    return namespace["value"]


def cases(table: dict[str, tuple[str, ...]]) -> list[tuple[str, str]]:
    return [(module, name) for module, names in table.items() for name in names]


@pytest.mark.parametrize(("module", "name"), cases(PUBLIC) + cases(INTERNAL))
def test_the_name_imports_without_a_warning(module: str, name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert imported(module, name) is not None


@pytest.mark.parametrize("module", MODULES)
def test_the_module_imports(module: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert importlib.import_module(module).__name__ == module


@pytest.mark.parametrize(("module", "name", "home"), [(m, n, h) for m, rows in MOVED.items() for n, h in rows])
def test_a_moved_name_works_with_a_warning_naming_its_new_home(module: str, name: str, home: str) -> None:
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{name} is deprecated .* use {home} instead"):
        value = imported(module, name)
    new_module, _dot, new_name = home.rpartition(".")
    assert value is getattr(importlib.import_module(new_module), new_name)


@pytest.mark.parametrize(("helper", "method"), HELPERS)
def test_a_signature_helper_works_with_a_warning_naming_the_presentation(helper: str, method: str) -> None:
    with pytest.warns(DeprecationWarning, match=rf"cartas\.core\.game\.{helper} is deprecated .* "
                                                rf"use game\.presentation\(\)\.{method}\(\.\.\.\) instead"):
        assert callable(imported("cartas.core.game", helper))


def test_a_moved_module_knows_no_more_than_its_new_home() -> None:
    with pytest.raises(ImportError):
        imported("cartas.core.inference", "NoSuchThing")
    with pytest.raises(ImportError):
        imported("cartas.core.hookspecs", "__path__")


@pytest.mark.parametrize("module", sorted(OPTIONAL))
def test_the_bridges_import_with_their_extra(module: str) -> None:
    name, extra = OPTIONAL[module]
    pytest.importorskip(extra)
    assert imported(module, name) is not None


def test_the_version_agrees_everywhere() -> None:
    """pyproject.toml, ``cartas.core.__version__`` and ``cartas --version`` say the same, and CHANGELOG.md has
    a section for it."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    version = pyproject["project"]["version"]
    assert cartas.core.__version__ == version
    out = subprocess.run([sys.executable, "-m", "cartas.cli.main", "--version"], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().startswith(f"cartas, version {version} (")  # then which build runs (docs/compiled.md)
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{version}]" in changelog


def test_the_version_is_semantic() -> None:
    major, minor, patch = cartas.core.__version__.split(".")
    assert all(part.isdigit() and (part == "0" or not part.startswith("0")) for part in (major, minor, patch))
