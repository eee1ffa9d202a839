"""Plugins: loading from (fake) entry points, failures reported by name, the registry, and every hook.

Entry points are faked with objects that have ``.name`` and ``.load()``, as pytest's own tests do, so no
package has to be installed. Each hook of ``cartas.core.plugins.hookspecs`` has a ``test_hook_<name>`` here, which
``test_every_hook_has_a_test`` checks.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any, cast

import click
import pytest

from cartas.core import Game, PluginError, RandomBot, Result, State, hookimpl
from cartas.core.plugins import hookspecs
from cartas.core.match import run_match
from cartas.core.plugins.manager import DEFAULT_PLUGINS, build_registry, make_plugin_manager, plugin_list
from cartas.core.plugins.listing import ListedGame, described_games, registered_games
from cartas.core.plugins.registry import Registry, normalise_name
from cartas.core.plugins.summary import GameSummary, OptionSummary, summarize_game
from fake_plugins import BotsPlugin, GamesPlugin


class FakeEntryPoint:
    """What ``make_plugin_manager`` needs of an entry point."""

    def __init__(self, name: str, load: Callable[[], object]) -> None:
        self.name = name
        self._load = load

    def load(self) -> object:
        return self._load()


def fake(name: str, load: Callable[[], object]) -> metadata.EntryPoint:
    """A fake entry point, typed as the real thing for ``make_plugin_manager``."""
    return cast(metadata.EntryPoint, FakeEntryPoint(name, load))


def point(name: str, plugin: object) -> metadata.EntryPoint:
    return fake(name, lambda: plugin)


def broken_import() -> object:
    raise ImportError("No module named 'numpyy'")


class MisspelledPlugin:
    @hookimpl
    def register_game(self, register: Callable[[Game], None]) -> None:
        """``register_games`` without its s: must be reported, not silently ignored."""


class OtherMisspelledPlugin:
    @hookimpl
    def match_start(self, state: State) -> None:
        """``match_started`` misspelled."""


MakeGame = Callable[..., Game]


def registry_of(*points: metadata.EntryPoint) -> Registry:
    pm, failures = make_plugin_manager(points)
    return build_registry(pm, failures)


class EasyBot(RandomBot):
    pass


class HardBot(RandomBot):
    pass


# --- loading -------------------------------------------------------------------------------------------


def test_default_plugins_are_always_loaded() -> None:
    pm, failures = make_plugin_manager([])
    assert failures == []
    assert [name for name, _ in pm.list_name_plugin()][: len(DEFAULT_PLUGINS)] == list(DEFAULT_PLUGINS)
    assert build_registry(pm, failures).bot("anything", "random") is RandomBot


def test_a_plugin_that_raises_on_import_is_reported_by_name_and_the_others_load(make_game: MakeGame) -> None:
    registry = registry_of(
        point("alpha", GamesPlugin(make_game("alpha"))),
        fake("broken", broken_import),
        point("beta", GamesPlugin(make_game("beta"))),
    )
    assert sorted(registry.games) == ["alpha", "beta"]
    assert registry.failures == [("broken", "failed to load: ImportError: No module named 'numpyy'")]


def test_a_misspelled_hook_is_reported_and_its_plugin_dropped(make_game: MakeGame) -> None:
    pm, failures = make_plugin_manager([point("typo", MisspelledPlugin()), point("ok", GamesPlugin(make_game("ok")))])
    assert [name for name, _ in failures] == ["typo"]
    assert "unknown hook" in failures[0][1] and "register_game" in failures[0][1]
    assert pm.get_plugin("typo") is None
    assert sorted(build_registry(pm, failures).games) == ["ok"]


def test_every_plugin_with_a_misspelled_hook_is_reported() -> None:
    pm, failures = make_plugin_manager([point("typo", MisspelledPlugin()), point("typo2", OtherMisspelledPlugin())])
    assert [name for name, _ in failures] == ["typo", "typo2"]
    assert "match_start" in failures[1][1]
    pm.check_pending()


def test_plugin_list_gives_installed_versions_and_none_for_a_plugin_registered_by_hand() -> None:
    pm, _ = make_plugin_manager(extra=[("by_hand", object())])
    rows = {row["name"]: row for row in plugin_list(pm)}
    cartas_version = metadata.version("cartas")
    for name in DEFAULT_PLUGINS:
        assert rows[name]["version"] == cartas_version
        assert rows[name]["hooks"] == ["describe_bots", "register_bots"]
    for point in metadata.entry_points(group="cartas"):
        assert point.dist is not None
        assert rows[point.name]["version"] == point.dist.version
    assert rows["by_hand"]["version"] is None


def test_plugins_given_as_extra_are_registered(make_game: MakeGame) -> None:
    pm, failures = make_plugin_manager([], extra=[("mine", GamesPlugin(make_game("mine")))])
    assert "mine" in build_registry(pm, failures).games


def test_a_duplicate_game_name_is_a_plugin_error_naming_both_plugins(make_game: MakeGame) -> None:
    registry = Registry()
    registry.add_game(make_game("brisca"), "cartas-brisca")
    with pytest.raises(PluginError) as error:
        registry.add_game(make_game("Brisca"), "other-brisca")
    message = str(error.value)
    assert "other-brisca" in message and "cartas-brisca" in message and "'Brisca'" in message


def test_a_name_clashing_with_an_alias_is_refused(make_game: MakeGame) -> None:
    registry = Registry()
    registry.add_game(make_game("julepe_like", ("tresillo",)), "first")
    with pytest.raises(PluginError, match="'tresillo', already taken by 'julepe_like' from plugin first"):
        registry.add_game(make_game("tresillo"), "second")


def test_a_duplicate_game_through_the_hooks_keeps_the_first_and_reports_the_second(make_game: MakeGame) -> None:
    registry = registry_of(point("first", GamesPlugin(make_game("brisca"))), point("second", GamesPlugin(make_game("brisca"))))
    assert registry.game_plugin == {"brisca": "first"}
    assert len(registry.failures) == 1
    name, message = registry.failures[0]
    assert name == "second"
    assert message.startswith("PluginError: plugin second registers the game name 'brisca'") and "plugin first" in message


def test_one_plugin_may_register_two_games(make_game: MakeGame) -> None:
    registry = registry_of(point("rummy", GamesPlugin(make_game("chinchon_like"), make_game("remigio_like"))))
    assert sorted(registry.games) == ["chinchon_like", "remigio_like"]
    assert registry.game_plugin == {"chinchon_like": "rummy", "remigio_like": "rummy"}


def test_something_that_is_not_a_game_is_refused() -> None:
    registry = registry_of(point("junk", GamesPlugin("truco")))  # type: ignore[arg-type]
    assert registry.games == {}
    assert registry.failures == [("junk", "PluginError: plugin junk registered 'truco', which is not a cartas Game")]


def test_games_are_found_by_alias_case_and_accents(make_game: MakeGame) -> None:
    registry = Registry()
    registry.add_game(make_game("chinchon_like", ("remigio-like",)), "p")
    assert registry.game("Chinchón_Like").name == "chinchon_like"
    assert registry.game("REMIGIO_like").name == "chinchon_like"
    assert normalise_name(" Chinchón-X ") == "chinchon_x"
    with pytest.raises(PluginError, match="no game called 'mus'; games: chinchon_like"):
        registry.game("mus")


def test_bots_resolve_the_games_own_level_before_the_one_for_every_game() -> None:
    registry = registry_of(point("bots", BotsPlugin(("*", "easy", RandomBot), ("mine", "easy", EasyBot), ("mine", "hard", HardBot))))
    assert registry.bot("mine", "easy") is EasyBot
    assert registry.bot("mine", "hard") is HardBot
    assert registry.bot("other", "easy") is RandomBot
    assert registry.bot("mine", "random") is RandomBot
    assert registry.bot_levels("mine")[:2] == ["easy", "hard"]
    assert "random" in registry.bot_levels("mine")
    with pytest.raises(PluginError, match="no bot 'expert' for other; levels: hard, search, random"):
        registry_of().bot("other", "expert")


def test_levels_are_listed_as_a_ladder_then_the_others_then_random() -> None:
    """A picker reads easy to hard first; personalities and a plugin's own levels after, ``random`` last."""
    registry = registry_of(point("bots", BotsPlugin(
        ("mine", "liar", EasyBot), ("mine", "medium", EasyBot), ("mine", "easy", EasyBot), ("mine", "gambler", EasyBot),
    )))
    assert registry.bot_levels("mine") == ["easy", "medium", "hard", "search", "liar", "gambler", "random"]


def test_a_bot_that_is_not_callable_is_refused() -> None:
    registry = registry_of(point("junk", BotsPlugin(("mine", "easy", "EasyBot"))))  # type: ignore[arg-type]
    assert registry.failures == [("junk", "PluginError: bot 'easy' for 'mine' is not callable")]


# --- one test per hook ---------------------------------------------------------------------------------


def test_hook_register_games(make_game: MakeGame) -> None:
    game = make_game("hooked")
    registry = registry_of(point("p", GamesPlugin(game)))
    assert registry.game("hooked") is game
    assert registry.game_plugin["hooked"] == "p"


def test_hook_register_bots() -> None:
    registry = registry_of(point("p", BotsPlugin(("hooked", "easy", EasyBot))))
    assert registry.bots["hooked"] == {"easy": EasyBot}


def test_hook_register_commands() -> None:
    class CommandsPlugin:
        @hookimpl
        def register_commands(self, cli: click.Group) -> None:
            @cli.command()
            def hello() -> None:
                click.echo("hola")

    pm, _ = make_plugin_manager([point("p", CommandsPlugin())])
    group = click.Group("cartas")
    pm.hook.register_commands(cli=group)
    assert "hello" in group.commands


class Recorder:
    """A plugin that records the lifecycle hooks it sees."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    @hookimpl
    def match_started(self, state: State) -> None:
        self.calls.append(("started", len(state.history)))

    @hookimpl
    def hand_finished(self, state: State) -> None:
        self.calls.append(("hand", state.hands_played))

    @hookimpl
    def match_finished(self, state: State, result: Result) -> None:
        self.calls.append(("finished", result))


@pytest.fixture
def recorded(example_game: Game) -> tuple[Recorder, Result]:
    recorder = Recorder()
    pm, _ = make_plugin_manager([point("recorder", recorder)])
    state = example_game.start({"players": 3, "hands": 3}, seed=5)
    result = run_match(state, {seat: RandomBot(seat) for seat in range(3)}, hooks=pm.hook)
    return recorder, result


def test_hook_match_started(recorded: tuple[Recorder, Result]) -> None:
    recorder, _ = recorded
    assert recorder.calls[0] == ("started", 0)
    assert [kind for kind, _ in recorder.calls].count("started") == 1


def test_hook_hand_finished(recorded: tuple[Recorder, Result]) -> None:
    recorder, _ = recorded
    assert [detail for kind, detail in recorder.calls if kind == "hand"] == [1, 2, 3]


def test_hook_match_finished(recorded: tuple[Recorder, Result]) -> None:
    recorder, result = recorded
    assert recorder.calls[-1] == ("finished", result)
    assert [kind for kind, _ in recorder.calls].count("finished") == 1


class DescribedPlugin:
    """A game that describes itself and its bots, as a fast-listing plugin does."""

    def __init__(self, game: Game, summary: GameSummary, levels: tuple[str, ...] = ("easy",)) -> None:
        self.game, self.summary, self.levels = game, summary, levels

    @hookimpl
    def register_games(self, register: Callable[[Game], None]) -> None:
        register(self.game)

    @hookimpl
    def describe_games(self, describe: Callable[[GameSummary], None]) -> None:
        describe(self.summary)

    @hookimpl
    def register_bots(self, register: Callable[[str, str, Any], None]) -> None:
        for level in self.levels:
            register(self.game.name, level, RandomBot)

    @hookimpl
    def describe_bots(self, describe: Callable[[str, str], None]) -> None:
        for level in self.levels:
            describe(self.game.name, level)


def test_hook_describe_games(make_game: MakeGame) -> None:
    game = make_game("fast")
    plugin = DescribedPlugin(game, summarize_game(game)._replace(title="From the description"))
    pm, _ = make_plugin_manager([point("fast", plugin)])
    listed = described_games(pm)
    assert listed is not None
    assert [entry.summary.title for entry in listed if entry.summary.name == "fast"] == ["From the description"]
    assert build_registry(pm, []).games["fast"].title != "From the description"  # the list read no game


def test_hook_describe_bots(make_game: MakeGame) -> None:
    game = make_game("fast")
    pm, failures = make_plugin_manager([point("fast", DescribedPlugin(game, summarize_game(game), ("pro", "easy")))])
    listed = described_games(pm)
    assert listed is not None
    assert listed == registered_games(build_registry(pm, failures))
    assert [entry.bots for entry in listed if entry.summary.name == "fast"] == [("easy", "hard", "search", "pro", "random")]


def test_a_plugin_that_registers_without_describing_is_listed_from_the_registry(make_game: MakeGame) -> None:
    pm, failures = make_plugin_manager([point("slow", GamesPlugin(make_game("slow")))])
    assert described_games(pm) is None
    assert "slow" in [entry.summary.name for entry in registered_games(build_registry(pm, failures))]


def test_a_description_the_registry_would_refuse_sends_the_list_to_the_registry(make_game: MakeGame) -> None:
    one, two = make_game("one"), make_game("two")
    first = DescribedPlugin(one, summarize_game(one)._replace(aliases=("Dúo",)))
    second = DescribedPlugin(two, summarize_game(two)._replace(aliases=("duo",)), ("medium",))
    assert described_games(make_plugin_manager([point("one", first)])[0]) is not None
    assert described_games(make_plugin_manager([point("one", first), point("two", second)])[0]) is None
    again = make_plugin_manager([point("one", first), point("easy", BotsOnly("one", "easy"))])  # easy taken twice
    assert described_games(again[0]) is None
    ok = make_plugin_manager([point("one", first), point("hard", BotsOnly("one", "hard"))])  # a third-party game's own
    assert [entry.bots for entry in described_games(ok[0]) or []] == [
        entry.bots for entry in registered_games(build_registry(*ok))
    ] == [("easy", "hard", "search", "random")]


class BotsOnly:
    """A plugin that adds and describes one bot level for a game it does not own."""

    def __init__(self, game_name: str, level: str) -> None:
        self.game_name, self.level = game_name, level

    @hookimpl
    def register_bots(self, register: Callable[[str, str, Any], None]) -> None:
        register(self.game_name, self.level, RandomBot)

    @hookimpl
    def describe_bots(self, describe: Callable[[str, str], None]) -> None:
        describe(self.game_name, self.level)


def test_the_built_in_descriptions_are_the_real_games_and_bots() -> None:
    # The built-in games only: a third-party plugin found on the path (the example game, once installed) may
    # describe nothing, which rightly sends the list to the registry.
    built_in = [point for point in metadata.entry_points(group="cartas") if point.value.startswith("cartas.games.")]
    pm, failures = make_plugin_manager(built_in)
    listed = described_games(pm)
    assert listed is not None and [entry.summary.name for entry in listed] == [
        "chinchon", "escoba", "mus", "remigio", "tresillo", "truco", "truco_paulista"
    ]
    assert listed == registered_games(build_registry(pm, failures))
    assert listed[5] == ListedGame(
        GameSummary(
            "truco", "Argentine truco", (2, 4, 6), ("truco_argentino", "argentino"), listed[5].summary.options,
            "cartas.games.truco.i18n",
        ),
        ("easy", "medium", "hard", "search", "prudente", "mentiroso", "jugador", "random"),  # truco's personalities
    )
    assert listed[5].summary.options[1] == OptionSummary("points", "30", "15, 30")


# --- meta-tests ----------------------------------------------------------------------------------------


def hook_names() -> list[str]:
    return sorted(name for name, value in vars(hookspecs).items() if inspect.isfunction(value)
                  and hasattr(value, "cartas_spec"))


def test_every_hook_has_a_test() -> None:
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    tests = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    missing = [name for name in hook_names() if f"test_hook_{name}" not in tests]
    assert hook_names(), "no hooks found: the spec marker changed"
    assert missing == []
