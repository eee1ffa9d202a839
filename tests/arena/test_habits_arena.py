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


def test_the_sign_test_is_the_exact_binomial() -> None:
    assert ARENA.sign_test(0, 5) == 2 / 32  # five of five one way: 2 × (1/2)^5
    assert ARENA.sign_test(4, 1) == 2 * 6 / 32  # one or none of five the other way
    assert ARENA.sign_test(3, 3) == 1.0
    assert ARENA.sign_test(0, 0) == 1.0


def test_compare_sets_runs_side_by_side_on_the_matches_both_played(tmp_path: Path, capsys: object) -> None:
    base, other = tmp_path / "base.jsonl", tmp_path / "other.jsonl"
    lines = lambda scores: "".join(  # noqa: E731
        json.dumps({"deal": i // 2, "bot_seat": i % 2, "score": s}) + "\n" for i, s in enumerate(scores))
    base.write_text(lines([1.0, 0.0, 1.0, 1.0, 0.0, 1.0]))
    other.write_text(lines([1.0, 1.0, 0.0, 1.0, 1.0]))  # the sixth match not played yet
    ARENA.compare(base, [other])
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "base.jsonl: 4 of 6" in out
    assert "other.jsonl: 4 of 5 where base.jsonl scored 3; 3 ended differently, 2 better and 1 worse" in out
    assert "(sign test p = 1.00)" in out
