"""benchmarks/bots/habits_arena.py (issue 32 item 3): truco's lines as before, paulista without truco's points
option, julepe's four seats holding the two bots alternately, each distinct lineup once a deal."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from benchmark_scripts import load_script



def _module() -> ModuleType:
    return load_script("bots/habits_arena.py")


ARENA = _module()


def _rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_truco_plays_each_deal_from_both_seats_to_its_points(tmp_path: Path) -> None:
    out = tmp_path / "truco.jsonl"
    ARENA.play("easy", "truco", 4, 15, 77, out, "truco")
    rows = _rows(out)
    assert [(row["deal"], row["bot_seat"], row["points"]) for row in rows] == [(0, 0, 15), (0, 1, 15), (1, 0, 15),
                                                                               (1, 1, 15)]
    assert all("per_deal" not in row and row["score"] in (0.0, 1.0) for row in rows)
    ARENA.play("easy", "truco", 4, 15, 77, out, "truco")  # a finished run plays nothing more
    assert len(_rows(out)) == 4


def test_paulista_is_played_without_truco_points(tmp_path: Path, capsys: object) -> None:
    out = tmp_path / "paulista.jsonl"
    ARENA.play("easy", "onze", 2, 30, 5, out, "truco_paulista")
    rows = _rows(out)
    assert len(rows) == 2
    for row in rows:
        scores = row["scores"]
        assert row["points"] is None and isinstance(scores, list) and max(scores) >= 12


def test_julepe_seats_the_bots_alternately_and_scores_their_share(tmp_path: Path, capsys: object) -> None:
    out = tmp_path / "julepe.jsonl"
    ARENA.play("medium", "juego", 4, 0, 5, out, "tresillo")
    rows = _rows(out)
    assert [(row["deal"], row["bot_seat"]) for row in rows] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    for row in rows:
        scores = row["scores"]
        assert isinstance(scores, list) and len(scores) == 4
        seats = (0, 2) if row["bot_seat"] == 0 else (1, 3)
        best = max(scores)
        winners = [seat for seat in range(4) if scores[seat] == best]
        sides = {seat for seat in winners}
        assert row["score"] == sum(1 / len(sides) for seat in sides if seat in seats)
    ARENA.summary([out])
    assert "tresillo: medium vs juego:" in capsys.readouterr().out  # type: ignore[attr-defined]
