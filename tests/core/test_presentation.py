"""Presentation apart from rules: each game draws through the versioned object its ``presentation()`` gives;
a plugin written against 0.1, which drew itself on the Game, keeps working through the one adapter, with a
DeprecationWarning; the registry refuses a presentation newer than this cartas reads."""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pluggy
import pytest

from cartas.core import PRESENTATION_VERSION, Event, Game, PluginError, Presentation, TableView, generic_names
from cartas.core.plugins import Registry, get_registry
from cartas.core.plugins import hookspecs
from cartas.core.presentation import LegacyPresentation
from cartas.testing import check_conformance

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BUILT_IN = ["truco", "truco_paulista", "chinchon", "remigio", "tresillo", "escoba"]
LEGACY_WARNING = r"overrides describe, hand_summary, table_lines, table_view on the Game; that is deprecated"


@pytest.fixture()
def legacy_plugin() -> Iterator[ModuleType]:
    """The 0.1 plugin of tests/core/legacy_plugin, imported afresh (its old imports warn on each import)."""
    sys.path.insert(0, str(HERE))
    try:
        for name in [name for name in sys.modules if name.split(".")[0] == "legacy_plugin"]:
            del sys.modules[name]
        with pytest.warns(DeprecationWarning) as caught:
            module = importlib.import_module("legacy_plugin")
        said = " | ".join(str(warning.message) for warning in caught)
        assert "cartas.core.hookspecs.hookimpl is deprecated" in said and "use cartas.core.plugins.hookimpl" in said
        assert "cartas.core.game.describe_named is deprecated" in said
        yield module
    finally:
        sys.path.remove(str(HERE))


def fresh_mayor(plugin: ModuleType) -> Game:
    game: Game = importlib.import_module("legacy_plugin.game").Mayor()
    return game


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_built_in_games_draw_through_their_own_presentation(name: str) -> None:
    game = get_registry().games[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        presentation = game.presentation()
    assert type(presentation) is not Presentation and not isinstance(presentation, LegacyPresentation)
    assert presentation.version == PRESENTATION_VERSION and presentation.game is game
    assert game.presentation() is presentation  # made once per game


def test_the_example_plugin_passes_the_conformance_suite_without_a_warning(example_game: Game) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_conformance(example_game, {"players": 3, "hands": 2}, seed=5)
        presentation = example_game.presentation()
    assert type(presentation).__name__ == "SieteYMedioPresentation" and presentation.version == 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_01_plugin_passes_the_conformance_suite_with_deprecation_warnings(
    legacy_plugin: ModuleType, seed: int
) -> None:
    game = fresh_mayor(legacy_plugin)
    with pytest.warns(DeprecationWarning, match=LEGACY_WARNING):
        final = check_conformance(game, None, seed)
    assert final.is_over and max(final.scores()) == 3


def test_the_adapter_calls_each_01_method_as_it_was_written(legacy_plugin: ModuleType) -> None:
    game = fresh_mayor(legacy_plugin)
    with pytest.warns(DeprecationWarning, match=LEGACY_WARNING):
        presentation = game.presentation()
    assert isinstance(presentation, LegacyPresentation)
    names = generic_names(2)
    # describe(event) never took names: it is called without them, and its super() call gives the default.
    assert presentation.describe(Event("play", 1, "7O"), names) == "seat 1 plays 7O"
    assert presentation.describe(Event("deal", 0, ""), names) == "deal"
    # hand_summary goes through describe_named, a 0.1 helper that warned on import and asks the presentation.
    summary = presentation.hand_summary([Event("play", 0, "1E"), Event("point", 0, "")], names)
    assert summary == ["Hand:", "a point for seat 0"]
    state = game.start(seed=4)
    state.apply(state.legal_actions()[0], state.to_act[0])
    played = state.public_observation().table["played"][0]
    # table_lines took the names: it is given them.
    assert presentation.table_lines(state.public_observation(), names) == [
        f"{names.seat(int(played[0]))} played {played[2:]}"]
    # table_view(observation) did not, so its super() call draws table_lines without them, as in 0.1.
    view = presentation.table_view(state.public_observation(), names)
    assert isinstance(view, TableView)
    assert view.centre == [("played", played[2:])]
    assert view.lines == [f"seat {played[0]} played {played[2:]}"] == game.table_lines(state.public_observation())


def test_the_01_plugin_registers_through_its_old_hookimpl(legacy_plugin: ModuleType) -> None:
    pm = pluggy.PluginManager("cartas")
    pm.add_hookspecs(hookspecs)
    pm.register(legacy_plugin, name="legacy_plugin")
    registry = Registry()
    with pytest.warns(DeprecationWarning, match=LEGACY_WARNING):
        pm.hook.register_games(register=lambda game: registry.add_game(game, "legacy_plugin"))
    assert registry.games["mayor"].presentation().version == 1


def test_a_subclass_of_a_ported_game_that_draws_on_the_game_is_adapted() -> None:
    truco = type(get_registry().games["truco"])

    class HouseTruco(truco):  # type: ignore[misc, valid-type]
        name = "house_truco"

        def describe(self, event: Event, names: object = None) -> str:
            return "¡Flor!" if event.kind == "flor" else super().describe(event, names)

    game = HouseTruco()
    with pytest.warns(DeprecationWarning, match=r"HouseTruco overrides describe on the Game"):
        presentation = game.presentation()
    assert presentation.describe(Event("flor", 0, "flor")) == "¡Flor!"
    assert presentation.describe(Event("play", 0, "1E")) == get_registry().games["truco"].presentation().describe(
        Event("play", 0, "1E"))
    # the rest of truco's presentation stays truco's
    state = game.start(seed=1)
    assert presentation.table_lines(state.observation(0))[0].startswith(
        truco().presentation().table_lines(state.observation(0))[0][:5])


class FuturePresentation(Presentation):
    version = PRESENTATION_VERSION + 1


def test_the_registry_refuses_a_presentation_newer_than_it_reads(example_game: Game) -> None:
    future = type(example_game)
    game = type("FutureGame", (future,), {"name": "futuro", "aliases": (), "presentation": lambda self: FuturePresentation(self)})()
    registry = Registry()
    with pytest.raises(PluginError, match=rf"version {PRESENTATION_VERSION + 1} of the presentation contract; "
                                          rf"cartas .* reads versions 1 to {PRESENTATION_VERSION}; upgrade cartas"):
        registry.add_game(game, "futuro_plugin")
    assert "futuro" not in registry.games
    wrong = type("WrongGame", (future,), {"name": "wrong", "aliases": (), "presentation": lambda self: "text"})()
    with pytest.raises(PluginError, match="not a cartas Presentation"):
        registry.add_game(wrong, "wrong_plugin")


@pytest.mark.parametrize(("helper", "method"), [
    ("describe_named", "describe"), ("table_view_named", "table_view"), ("table_lines_named", "table_lines"),
])
def test_the_01_signature_helpers_warn_and_ask_the_presentation(helper: str, method: str) -> None:
    game = get_registry().games["truco"]
    state = game.start(seed=2)
    argument: object = state.events[0] if method == "describe" else state.observation(0)
    names = generic_names(2)
    with pytest.warns(DeprecationWarning, match=rf"cartas\.core\.game\.{helper} is deprecated .* "
                                                rf"game\.presentation\(\)\.{method}"):
        function: Callable[..., object] = getattr(importlib.import_module("cartas.core.game"), helper)
    assert function(game, argument, names) == getattr(game.presentation(), method)(argument, names)


def test_no_front_end_picks_a_method_by_its_signature() -> None:
    """Only the adapter reads signatures of presentation methods; the front ends call the presentation."""
    for folder in ("cli", "online", "core", "interop"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if path.name in ("presentation.py", "game.py") and folder == "core":
                continue
            for old in ("describe_named", "table_view_named", "table_lines_named", "_takes_names"):
                assert old not in text, f"{path.relative_to(ROOT)} still uses {old}"
