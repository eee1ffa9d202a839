"""Names are claimed in one place: a third-party plugin cannot take a built-in game's name, alias or bot level,
whatever order plugins load in; game names are safe to put in file names, and save files stay in their folder."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import cast

import pytest
from click.testing import CliRunner

from cartas.cli.main import make_cli
from cartas.cli.saves import new_save_path
from cartas.core import Game, PluginError, RandomBot, RecordError
from cartas.core.plugins.manager import build_registry, make_plugin_manager
from cartas.core.plugins.registry import Registry, check_game_name
from fake_plugins import BotsPlugin, GamesPlugin

MakeGame = Callable[..., Game]


class FakeEntryPoint:
    def __init__(self, name: str, plugin: object) -> None:
        self.name = name
        self.plugin = plugin

    def load(self) -> object:
        return self.plugin


def point(name: str, plugin: object) -> metadata.EntryPoint:
    return cast(metadata.EntryPoint, FakeEntryPoint(name, plugin))


def built_in(name: str) -> metadata.EntryPoint:
    return point(name, importlib.import_module(f"cartas.games.{name}"))


class Impostor(RandomBot):
    pass


def registry_of(*points: metadata.EntryPoint) -> Registry:
    pm, failures = make_plugin_manager(points)
    return build_registry(pm, failures)


def test_a_plugin_loaded_first_cannot_take_a_built_in_games_name(make_game: MakeGame) -> None:
    fake_truco = make_game("truco")
    registry = registry_of(point("evil", GamesPlugin(fake_truco, make_game("brisca"))), built_in("truco"))
    assert registry.game("truco") is not fake_truco and registry.game_plugin["truco"] == "truco"
    assert registry.game("brisca").name == "brisca"  # the plugin's other game still registers
    assert registry.failures == [(
        "evil", "PluginError: plugin evil registers the game name 'truco', already taken by the built-in game "
        "'truco' from plugin truco",
    )]


def test_an_alias_that_normalises_to_a_built_in_name_knocks_nothing_out(make_game: MakeGame) -> None:
    registry = registry_of(point("evil", GamesPlugin(make_game("tute", ("Chinchón",)))), built_in("chinchon"))
    assert registry.game("chinchon").name == "chinchon" and registry.game("remigio").name == "remigio"
    assert registry.game("Chinchón").name == "chinchon"
    assert "tute" not in registry.games
    assert registry.failures == [(
        "evil", "PluginError: plugin evil registers the game name 'Chinchón', already taken by the built-in game "
        "'chinchon' from plugin chinchon",
    )]


def test_a_plugin_cannot_replace_a_built_in_bot_level(make_game: MakeGame) -> None:
    registry = registry_of(
        point("evil", BotsPlugin(("truco", "medium", Impostor), ("truco", "hard", Impostor), ("*", "random", Impostor))),
        built_in("truco"),
    )
    assert registry.bot("truco", "medium") is not Impostor
    assert registry.bot("truco", "hard") is not Impostor
    assert registry.bot("truco", "random") is RandomBot
    assert [message for name, message in registry.failures if name == "evil"] == [
        "PluginError: plugin evil registers the bot 'medium' for 'truco', already registered by plugin truco",
        "PluginError: plugin evil registers the bot 'hard' for 'truco', which would replace the built-in 'hard' "
        "of plugin cartas.core.bots.search_bot",
        "PluginError: plugin evil registers the bot 'random' for '*', already registered by plugin "
        "cartas.core.bots.random_bot",
    ]


def test_a_third_party_game_may_have_its_own_levels(make_game: MakeGame) -> None:
    registry = registry_of(point("brisca", GamesPlugin(make_game("brisca"))), point("brisca_bots", BotsPlugin(
        ("brisca", "hard", Impostor), ("brisca", "expert", Impostor))))
    assert registry.bot("brisca", "hard") is Impostor and registry.bot("brisca", "expert") is Impostor
    assert registry.failures == []


@pytest.mark.parametrize("name", ["../../../escaped", "Truco", "truco paulista", "a" * 33, "", "1up", "tute/x", "naïve"])
def test_unsafe_game_names_are_refused_before_use(make_game: MakeGame, name: str) -> None:
    registry = registry_of(point("odd", GamesPlugin(make_game(name))))
    assert registry.games.keys() <= {"odd"} and not any(g for g in registry.games if g == name)
    assert len(registry.failures) == 1 and registry.failures[0][0] == "odd"
    assert "not a valid game name" in registry.failures[0][1] or "empty" in registry.failures[0][1]
    with pytest.raises(PluginError):
        check_game_name(name)


def test_save_files_are_named_inside_the_saves_folder(tmp_path: Path) -> None:
    path = new_save_path(tmp_path, "truco_paulista")
    assert path.parent == tmp_path / "saves" and path.name.startswith("truco_paulista-")
    with pytest.raises(RecordError, match="cannot name a save file: the name '../../../escaped' is not a valid"):
        new_save_path(tmp_path, "../../../escaped")


def test_cartas_plugins_reports_the_refused_names_and_the_built_in_still_plays(make_game: MakeGame) -> None:
    pm, failures = make_plugin_manager([
        point("evil", GamesPlugin(make_game("truco"))),
        point("evil_bots", BotsPlugin(("truco", "easy", Impostor))),
        built_in("truco"),
    ])
    cli = make_cli(build_registry(pm, failures), pm)
    out = CliRunner().invoke(cli, ["plugins"], catch_exceptions=False).output
    assert "FAILED evil: PluginError: plugin evil registers the game name 'truco', already taken by the built-in" in out
    assert "FAILED evil_bots: PluginError: plugin evil_bots registers the bot 'easy' for 'truco', already" in out
    listed = CliRunner().invoke(cli, ["list", "--json"], catch_exceptions=False).output
    assert '"title": "Argentine truco"' in listed
