"""Match records: atomic saves, refusal of damaged files with the reason, exact replays."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from cartas.core import Game, RecordError
from cartas.core.bench import random_playout
from cartas.core.record import FORMAT, MatchRecord, load_record, record_of, replay, save_record
from cartas.testing import fingerprint


@pytest.fixture
def finished(example_game: Game) -> MatchRecord:
    state = example_game.start({"players": 3, "hands": 2}, seed=42)
    random_playout(state, random.Random(1))
    return record_of(state, {0: "human", 1: "easy", 2: "random"})


def test_a_record_holds_the_match_and_replays_it_exactly(example_game: Game) -> None:
    state = example_game.start({"players": 3, "hands": 2}, seed=42)
    random_playout(state, random.Random(1))
    record = record_of(state, {0: "human"})
    assert record.format == FORMAT
    assert (record.game, record.seed, record.finished) == ("siete_y_medio", 42, True)
    assert record.options == {"players": 3, "hands": 2, "natural_pays_double": True}
    assert record.actions == [(seat, str(action)) for seat, action in state.history]
    assert record.players == {"0": "human"}
    assert record.winners == list(state.result().winners)
    assert fingerprint(replay(record, example_game)) == fingerprint(state)


def test_replay_upto_a_move(example_game: Game, finished: MatchRecord) -> None:
    partial = replay(finished, example_game, upto=3)
    assert len(partial.history) == 3
    assert [(s, str(a)) for s, a in partial.history] == finished.actions[:3]


def test_a_stacked_position_is_kept_and_replayed(example_game: Game) -> None:
    position = {"dealer": 0, "hands": [["5E"], ["3O"]], "stock": ["2B"]}
    state = example_game.start({"players": 2}, seed=3, position=position)
    state.apply("carta")
    again = replay(record_of(state), example_game)
    assert [str(c) for c in again.hand_of(1)] == ["3O", "2B"]


def test_save_and_load_round_trip(tmp_path: Path, finished: MatchRecord) -> None:
    path = tmp_path / "sub" / "match.json"
    save_record(finished, path)
    assert load_record(path) == finished
    assert os.listdir(path.parent) == ["match.json"]


def test_a_failing_save_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, finished: MatchRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "match.json"
    save_record(finished, path)
    before = path.read_bytes()

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    changed = finished.model_copy(update={"seed": 7})
    with pytest.raises(OSError, match="No space"):
        save_record(changed, path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["match.json"]


def test_load_refuses_corrupt_json_and_leaves_it(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text('{"format": "cartas-record/1", "game":', encoding="utf-8")
    with pytest.raises(RecordError, match=r"match\.json is not valid JSON \(Expecting value at column 38; .*\); it was left as it is"):
        load_record(path)
    assert path.read_text(encoding="utf-8") == '{"format": "cartas-record/1", "game":'


@pytest.mark.parametrize("content", [{"format": "other/1", "game": "x"}, {"game": "x"}, [1, 2], "text"])
def test_load_refuses_a_file_of_another_format(tmp_path: Path, content: object) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    with pytest.raises(RecordError, match="is not a cartas match record \\(expected format 'cartas-record/1'\\)"):
        load_record(path)


@pytest.mark.parametrize(
    ("change", "where"),
    [({"seed": "abc"}, "seed"), ({"actions": [[0, "carta", 3]]}, "actions.0"), ({"surprise": 1}, "surprise"),
     ({"game": None}, "game")],
)
def test_load_refuses_damaged_fields_with_the_field(
    tmp_path: Path, finished: MatchRecord, change: dict[str, object], where: str
) -> None:
    path = tmp_path / "match.json"
    data = json.loads(finished.model_dump_json())
    data.update(change)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=f"is damaged: {where}"):
        load_record(path)


def test_load_refuses_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read .*missing.json"):
        load_record(tmp_path / "missing.json")


def test_replay_refuses_a_move_that_does_not_replay(example_game: Game, finished: MatchRecord) -> None:
    actions = list(finished.actions)
    seat, _ = actions[2]
    actions[2] = (seat, "doblo")
    with pytest.raises(RecordError, match="move 3 \\('doblo' by seat .\\) does not replay: cannot read 'doblo'"):
        replay(finished.model_copy(update={"actions": actions}), example_game)


def test_replay_refuses_a_move_by_the_wrong_seat(example_game: Game, finished: MatchRecord) -> None:
    actions = list(finished.actions)
    seat, text = actions[0]
    actions[0] = ((seat + 1) % 3, text)
    with pytest.raises(RecordError, match="move 1 .* does not replay: .* does not act now"):
        replay(finished.model_copy(update={"actions": actions}), example_game)


def test_replay_refuses_a_record_of_another_game(example_game: Game, finished: MatchRecord) -> None:
    with pytest.raises(RecordError, match="the record is of 'truco', not 'siete_y_medio'"):
        replay(finished.model_copy(update={"game": "truco"}), example_game)


def _dead_pid() -> int:
    """The id of a process that has ended (and been reaped), so no process runs under it for now."""
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", ""])
    child.wait()
    return child.pid


def test_stale_temporary_files_are_removed_and_live_ones_kept(tmp_path: Path, finished: MatchRecord) -> None:
    from cartas.core.record import _HOST, remove_stale_temps, temp_file

    save = tmp_path / "m.json"
    save_record(finished, save)
    old = os.stat(save).st_mtime - 120  # two minutes before the save: longer than any write
    other_host = "0badc0de" if _HOST != "0badc0de" else "0badbeef"
    files = {
        # (name, old?) -> removed?
        (f".m.json.{_dead_pid()}.{_HOST}.ab12_cd3.tmp", False): True,  # its writer was killed
        (f".m.json.{os.getpid()}.{_HOST}.live_one.tmp", False): False,  # a live writer's, being written
        (f".m.json.{os.getppid()}.{_HOST}.slow_one.tmp", True): True,  # too old for any writer
        (f".m.json.{_dead_pid()}.{other_host}.elsewhr.tmp", False): False,  # another machine's pid says nothing
        (f".m.json.{_dead_pid()}.{other_host}.elsewhr.tmp", True): True,
        ("m.jsonk3j4_x9q.tmp", True): True,  # an earlier version's temporary file
        ("m.jsonk3j4_x9q.tmp", False): False,
        (".write-test-a1b2c3d4", True): True,
        ("notes.tmp", True): False,  # not a temporary file of cartas
        ("m.json.lock", True): False,
    }
    for number, ((name, is_old), _) in enumerate(files.items()):
        path = tmp_path / str(number) / name
        path.parent.mkdir()
        path.write_text("{")
        if is_old:
            os.utime(path, (old, old))
    removed = []
    for number in range(len(files)):
        removed += [p.name for p in remove_stale_temps(tmp_path / str(number), now=old + 120)]
    assert sorted(removed) == sorted(name for (name, _), gone in files.items() if gone)
    for number, ((name, _), gone) in enumerate(files.items()):
        assert (tmp_path / str(number) / name).exists() is not gone, name
    remove_stale_temps(tmp_path)
    assert load_record(save) == finished
    fd, temp = temp_file(save)  # what save_record writes through: named so that its writer can be told
    os.close(fd)
    assert Path(temp).parent == tmp_path and Path(temp).name.startswith(f".m.json.{os.getpid()}.{_HOST}.")
    assert remove_stale_temps(tmp_path) == []  # this process runs: its file stays
