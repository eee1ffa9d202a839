"""The local server's matches on the command line: ``cartas replay CODE``, ``cartas analyze CODE`` and
``cartas saves`` read them from the server's database, with the table's names, and only once they are over.

The database is written by the server's own store (:class:`cartas.online.store.tables.SQLiteStore`), as ``cartas
serve`` writes it: a table, its seats (two people with their names, two bots), its moves.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cartas.cli.main import make_cli
from cartas.core.bots.base import SeatView
from cartas.core.plugins.manager import get_registry
from cartas.core.record import load_record, record_of, save_record
from cartas.online.store.finished_matches import default_database
from cartas.online.store.sqlite import SQLiteStore
from cartas.online.store.tables import SeatRow, TableRow

SEATS = [
    SeatRow(0, "human", "Ana", None, "hash0", True),
    SeatRow(1, "bot", None, "medium"),
    SeatRow(2, "human", "Beto", None, "hash2"),
    SeatRow(3, "bot", None, "hard"),
]


def _cartas(*args: str) -> Result:
    return CliRunner().invoke(make_cli(), list(args), prog_name="cartas")


def _table(store: SQLiteStore, code: str, seed: int, *, finish: bool, created: str) -> list[tuple[int, str]]:
    """A 4-player truco at ``code`` played by bots, stored move by move; stopped half way unless ``finish``."""
    game = get_registry().game("truco")
    options = {"players": 4, "points": 15}
    store.create_table(TableRow(code, "truco", options, seed, "lobby", 60.0, "medium", "h", created, seats=SEATS))
    store.start(code, SEATS, 1)
    state = game.start(options, seed=seed)
    bots = [get_registry().bot("truco", "medium")(seed + seat) for seat in range(4)]
    moves = 0
    while not state.is_over and (finish or moves < 20):
        seat = state.to_act[0]
        action = bots[seat].choose(SeatView(state, seat))
        state.apply(action, seat)
        store.add_move(code, moves, seat, str(action), moves + 2, created if state.is_over else None)
        moves += 1
    return [(seat, str(action)) for seat, action in state.history]


@pytest.fixture
def database(home: Path) -> dict[str, list[tuple[int, str]]]:
    """The server's default database in the data folder: K7QP finished, AB12 still in play."""
    store = SQLiteStore(default_database(home))
    try:
        played = {
            "K7QP": _table(store, "K7QP", 5, finish=True, created="2026-11-20T10:00:00Z"),
            "AB12": _table(store, "AB12", 6, finish=False, created="2026-11-21T10:00:00Z"),
        }
    finally:
        store.close()
    return played


def test_replay_takes_a_tables_code_and_names_everyone_as_the_table_did(
    database: dict[str, list[tuple[int, str]]]
) -> None:
    out = _cartas("replay", "k7qp", "--ascii", "--lang", "es").output
    moves = database["K7QP"]
    numbered = [line for line in out.splitlines() if re.match(r"[0-9]+\. ", line)]
    assert [int(line.split(".")[0]) for line in numbered] == list(range(1, len(moves) + 1))  # each move once
    assert {line.split(":")[0].split(". ", 1)[1] for line in numbered} <= {
        "Ana", "Bot 1 (medio)", "Beto", "Bot 3 (difícil)"
    }  # the people by their names, the bots by the table's numbers
    assert "Jugador" not in out and "Bot 2" not in out
    assert not any(text in out for _seat, text in moves if text.startswith("play "))  # the game's words, not play 4C
    assert "Ganadores:" in out


def test_a_seat_replay_of_an_online_match_says_you_and_keeps_the_others_names(
    database: dict[str, list[tuple[int, str]]]
) -> None:
    out = _cartas("replay", "K7QP", "--ascii", "--lang", "en", "--seat", "2").output
    assert "You:" in out and "Partner" in out and "Bot 1 (medium)" in out and "Bot 3 (hard)" in out  # as at the table
    assert "Beto" not in out and "Ana" not in out


def test_a_table_still_in_play_is_refused_in_one_line(database: dict[str, list[tuple[int, str]]]) -> None:
    for command in ("replay", "analyze"):
        result = _cartas(command, "AB12", "--lang", "en")
        assert result.exit_code == 1
        assert result.output.strip().splitlines() == [
            "Error: the match at table AB12 is not over; it can be replayed and analysed once it ends"
        ]


def test_saves_lists_the_servers_matches_marked_online(
    home: Path, database: dict[str, list[tuple[int, str]]], tmp_path: Path
) -> None:
    game = get_registry().game("truco")
    state = game.start({}, seed=1)
    save_record(record_of(state, {0: "human", 1: "medium"}), home / "saves" / "truco-1.json")
    lines = _cartas("--lang", "en", "saves").output.splitlines()
    assert [line.split("\t")[0] for line in lines] == ["1", "K7QP"]  # the table in play is not listed
    code, name, _date, players, score, state_text, where = lines[1].split("\t")
    assert (name, players, state_text, where) == (
        "truco", "Ana, Bot 1 (medium), Beto, Bot 3 (hard)", "finished", "online"
    )
    assert re.fullmatch(r"[0-9]+-[0-9]+", score) and max(map(int, score.split("-"))) >= 15


def test_analyze_takes_the_code_and_keeps_the_names_in_its_practice(
    database: dict[str, list[tuple[int, str]]]
) -> None:
    result = _cartas("analyze", "K7QP", "--seat", "0", "--samples", "1", "--json", "--lang", "en")
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["seat"] == 0 and document["decisions"]


def test_a_record_with_names_replays_with_them_and_one_without_is_written_as_before(
    tmp_path: Path, home: Path
) -> None:
    game = get_registry().game("truco")
    state = game.start({}, seed=2)
    plain = tmp_path / "plain.json"
    save_record(record_of(state, {0: "human", 1: "medium"}), plain)
    assert "names" not in json.loads(plain.read_text())  # an older cartas still reads a terminal's save
    named = tmp_path / "named.json"
    save_record(record_of(state, {0: "human", 1: "medium"}, {0: "Ana", 1: "Bot 1"}), named)
    assert load_record(named).names == {"0": "Ana", "1": "Bot 1"}


def test_a_damaged_database_does_not_stop_the_saves_or_last(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    default_database(home).write_text("not a database")
    game = get_registry().game("truco")
    save_record(record_of(game.start({}, seed=1), {0: "human", 1: "medium"}), home / "saves" / "truco-1.json")
    listed = CliRunner().invoke(make_cli(), ["--lang", "en", "saves"], prog_name="cartas")
    assert listed.exit_code == 0 and listed.stdout.splitlines()[0].startswith("1\ttruco")
    assert "The online matches cannot be listed" in listed.stderr
    assert _cartas("replay", "last", "--ascii", "--lang", "en").exit_code == 0  # "last" is never a table's code
    missing = _cartas("replay", "QQQQ", "--lang", "en")
    assert missing.exit_code == 1 and "is not a database" in missing.output and "QQQQ" in missing.output


@pytest.mark.parametrize(("name", "language", "canonical"), [
    ("chinchon", "es", ("draw ", "discard ")), ("truco_paulista", "pt-br", ("play ", "hide ")),
])
def test_a_replay_prints_each_move_once_in_the_games_words(
    home: Path, tmp_path: Path, name: str, language: str, canonical: tuple[str, ...]
) -> None:
    registry = get_registry()
    game = registry.game(name)
    state = game.start({}, seed=4)
    bots = [registry.bot(name, "medium")(seat) for seat in range(state.table.n_seats)]
    while not state.is_over and len(state.history) < 60:
        seat = state.to_act[0]
        state.apply(bots[seat].choose(SeatView(state, seat)), seat)
    path = tmp_path / f"{name}.json"
    save_record(record_of(state, {seat: "medium" for seat in range(state.table.n_seats)}), path)
    for view in ([], ["--reveal"], ["--seat", "0"]):
        out = _cartas("replay", str(path), "--ascii", "--lang", language, *view).output
        numbered = [line for line in out.splitlines() if re.match(r"[0-9]+\. ", line)]
        assert [int(line.split(".")[0]) for line in numbered] == list(range(1, len(state.history) + 1))
        assert not any(line.split(": ", 1)[-1].startswith(canonical) for line in out.splitlines()), out
