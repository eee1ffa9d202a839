"""The arena: duplicate-deal scheduling, its statistics, the sequential test, its files, and reproducibility."""

from __future__ import annotations

import csv
import json
import math
import struct
import sys
import zlib
from dataclasses import replace
from functools import partial
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from minitrick import CartaAlta, HighCardBot, LowCardBot

from cartas.cli.arena_command import arena_command, duel_line
from cartas.core.arena.runner import ArenaRun, Contestant, MatchResult, deal_scores, run_arena, schedule, sides_of
from cartas.core.arena.report import summarise, write_outputs
from cartas.core.bots.base import RandomBot, SeatView
from cartas.core.arena.chart import plain_bar_chart
from cartas.core.bots.external import ExternalBot, ExternalBotError, external_bot_factory
from cartas.core.arena.ratings import Sprt, elo_difference, expected_score, head_to_head, openskill_ratings, wilson_interval
from cartas.core.plugins.registry import Registry
from cartas.core.bots.rollout import RolloutBot
from cartas.core.bots.search import ISMCTSBot

GAME = CartaAlta()
OPTIONS = GAME.options({})
HIGH_LOW = [Contestant("high", HighCardBot), Contestant("low", LowCardBot)]


def without_times(results: list[MatchResult]) -> list[MatchResult]:
    return [replace(result, seconds=0.0) for result in results]


# --- scheduling ----------------------------------------------------------------------------------


def test_every_deal_is_played_twice_with_the_sides_swapped() -> None:
    plans = schedule(2, 2, 6, seed=100)
    assert [(p.index, p.deal, p.seed, p.lineup) for p in plans] == [
        (0, 0, 100, (0, 1)), (1, 0, 100, (1, 0)),
        (2, 1, 101, (0, 1)), (3, 1, 101, (1, 0)),
        (4, 2, 102, (0, 1)), (5, 2, 102, (1, 0)),
    ]


def test_games_are_rounded_up_to_whole_deals() -> None:
    assert len(schedule(2, 2, 5, seed=0)) == 6
    assert len(schedule(2, 3, 4, seed=0)) == 6


def test_more_sides_than_bots_rotate_every_bot_through_every_side() -> None:
    plans = schedule(3, 3, 3, seed=7)
    assert [p.lineup for p in plans] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert {p.seed for p in plans} == {7}


def test_more_bots_than_sides_meet_in_turn() -> None:
    plans = schedule(3, 2, 12, seed=0)
    pairs = [frozenset(p.lineup) for p in plans]
    assert pairs == [frozenset({0, 1})] * 2 + [frozenset({0, 2})] * 2 + [frozenset({1, 2})] * 2 + pairs[:6]


def test_a_match_needs_two_bots() -> None:
    with pytest.raises(ValueError, match="two bots"):
        schedule(1, 2, 10, seed=0)


def test_sides_are_teams_or_seats() -> None:
    assert sides_of(GAME, OPTIONS) == [[0], [1]]
    partners = SimpleNamespace(teams=lambda options: (0, 1, 0, 1))
    assert sides_of(partners, SimpleNamespace(players=4)) == [[0, 2], [1, 3]]  # type: ignore[arg-type]


def test_both_matches_of_a_deal_start_from_the_same_cards() -> None:
    run = run_arena(GAME, OPTIONS, HIGH_LOW, games=4, seed=5, jobs=1)
    first, swapped = (GAME.start(OPTIONS, seed=r.seed) for r in run.results[:2])
    assert first.hands == swapped.hands
    assert run.results[0].lineup == (0, 1) and run.results[1].lineup == (1, 0)


# --- statistics ----------------------------------------------------------------------------------


def test_wilson_interval_on_known_numbers() -> None:
    low, high = wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_elo_difference_on_known_numbers() -> None:
    assert elo_difference(0.5) == 0.0
    assert elo_difference(0.75) == pytest.approx(400 * math.log10(3))
    assert round(elo_difference(0.75), 2) == 190.85
    assert elo_difference(0.25) == pytest.approx(-190.848, abs=1e-3)
    assert elo_difference(1.0) == math.inf and elo_difference(0.0) == -math.inf
    assert expected_score(elo_difference(0.64)) == pytest.approx(0.64)


def test_head_to_head_counts_and_maps_the_interval_to_elo() -> None:
    duel = head_to_head([1.0] * 6 + [0.5] * 2 + [0.0] * 2)
    assert (duel.wins, duel.draws, duel.losses, duel.score, duel.win_rate) == (6, 2, 2, 7.0, 0.7)
    assert duel.elo == pytest.approx(elo_difference(0.7))
    assert duel.elo_low == pytest.approx(elo_difference(wilson_interval(7, 10)[0]))
    assert duel.as_dict()["elo_high"] == pytest.approx(elo_difference(wilson_interval(7, 10)[1]))
    assert head_to_head([1.0, 1.0]).as_dict()["elo"] is None


def test_sprt_bounds_and_decisions() -> None:
    sprt = Sprt(elo0=0, elo1=50, alpha=0.05, beta=0.05)
    assert sprt.bounds == pytest.approx((math.log(0.05 / 0.95), math.log(0.95 / 0.05)))
    assert sprt.decision([1.0] * 30) == "H1"
    assert sprt.decision([0.0] * 30) == "H0"
    assert sprt.decision([1.0, 0.0] * 3) is None


def test_sprt_llr_follows_the_normal_approximation() -> None:
    sprt = Sprt(elo0=0, elo1=100)
    scores = [1.0, 1.0, 0.5, 0.0, 1.0]
    values = [*scores, 0.0, 1.0]
    mean = sum(values) / 7
    var = sum((v - mean) ** 2 for v in values) / 7
    s0, s1 = 0.5, expected_score(100)
    assert sprt.llr(scores) == pytest.approx(7 * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var))


def test_sprt_stops_a_lopsided_match_early() -> None:
    run = run_arena(GAME, OPTIONS, HIGH_LOW, games=400, seed=1, jobs=1, sprt=Sprt())
    assert run.decision == "H1"
    assert len(run.results) < 100 and len(run.results) % 2 == 0
    assert summarise(run)["sprt"]["llr"] >= Sprt().bounds[1]


def test_sprt_accepts_h0_between_equal_bots() -> None:
    bots = [Contestant("a", LowCardBot), Contestant("b", LowCardBot)]
    run = run_arena(GAME, OPTIONS, bots, games=2000, seed=3, jobs=1, sprt=Sprt(elo0=0, elo1=100))
    assert run.decision == "H0"
    assert deal_scores(run.results) == [0.5] * (len(run.results) // 2)


def test_openskill_ranks_the_stronger_bot_first() -> None:
    pytest.importorskip("openskill")
    matches = [[(0, 0), (1, 1)], [(1, 0), (2, 1)], [(0, 0), (2, 1)]] * 10
    ratings = openskill_ratings(["a", "b", "c"], matches)
    assert ratings[0].mu > ratings[1].mu > ratings[2].mu
    assert ratings == openskill_ratings(["a", "b", "c"], matches)


# --- running -------------------------------------------------------------------------------------


def test_same_seed_same_results_with_one_job_or_two() -> None:
    bots = [Contestant("search", partial(ISMCTSBot, simulations=20)), Contestant("random", RandomBot)]
    one = run_arena(GAME, OPTIONS, bots, games=8, seed=42, jobs=1)
    two = run_arena(GAME, OPTIONS, bots, games=8, seed=42, jobs=2)
    assert [r.index for r in two.results] == list(range(8))
    assert without_times(one.results) == without_times(two.results)


def test_sequential_test_stops_at_the_same_deal_with_two_jobs() -> None:
    one = run_arena(GAME, OPTIONS, HIGH_LOW, games=400, seed=1, jobs=1, sprt=Sprt())
    two = run_arena(GAME, OPTIONS, HIGH_LOW, games=400, seed=1, jobs=2, sprt=Sprt())
    assert without_times(one.results) == without_times(two.results)
    assert one.decision == two.decision


def test_progress_is_reported_for_every_match() -> None:
    seen: list[tuple[int, int]] = []
    run_arena(GAME, OPTIONS, HIGH_LOW, games=4, seed=0, jobs=1, progress=lambda r, done, total: seen.append((done, total)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_three_bots_get_openskill_ratings() -> None:
    pytest.importorskip("openskill")
    bots = [Contestant("high", HighCardBot), Contestant("random", RandomBot), Contestant("low", LowCardBot)]
    summary = summarise(run_arena(GAME, OPTIONS, bots, games=60, seed=2, jobs=1))
    assert "head_to_head" not in summary
    assert [r["bot"] for r in summary["ratings"]] == ["high", "random", "low"]
    assert [b["matches"] for b in summary["per_bot"]] == [40, 40, 40]


def test_without_openskill_three_bots_still_get_win_rates(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    bots = [Contestant("high", HighCardBot), Contestant("random", RandomBot), Contestant("low", LowCardBot)]
    run = run_arena(GAME, OPTIONS, bots, games=6, seed=2, jobs=1)
    summary = summarise(run)
    assert "ratings" not in summary and "openskill" in summary["ratings_missing"]
    assert len(summary["per_bot"]) == 3
    assert write_outputs(run, summary, tmp_path)["png"].exists()


# --- files ---------------------------------------------------------------------------------------


def read_png(path: Path) -> tuple[int, int, bytes]:
    """Width, height and the raw scanlines of an 8-bit RGB PNG, checking every chunk's CRC."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, {}
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks[kind] = chunks.get(kind, b"") + body
        at += 12 + length
    width, height = struct.unpack(">II", chunks[b"IHDR"][:8])
    return width, height, zlib.decompress(chunks[b"IDAT"])


def test_json_csv_and_png_are_written_and_read_back(tmp_path: Path) -> None:
    run = run_arena(GAME, OPTIONS, HIGH_LOW, games=10, seed=9, jobs=1)
    summary = summarise(run)
    paths = write_outputs(run, summary, tmp_path / "out")
    data = json.loads(paths["json"].read_text())
    assert data["format"] == "cartas-arena/1" and data["played"] == 10 and len(data["matches"]) == 10
    assert data["head_to_head"]["score"] == sum(r.score_of(0) for r in run.results)
    with paths["csv"].open() as handle:
        rows = list(csv.DictReader(handle))
    assert [int(row["index"]) for row in rows] == list(range(10))
    assert rows[1]["side_0"] == "low" and rows[1]["side_1"] == "high"
    assert all(float(row["score_high"]) + float(row["score_low"]) == 1.0 for row in rows)
    assert paths["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_plain_chart_is_a_valid_png(tmp_path: Path) -> None:
    path = tmp_path / "chart.png"
    plain_bar_chart(path, [0.7, 0.3], [(0.6, 0.8), (0.2, 0.4)], reference=0.5, height=100)
    width, height, raw = read_png(path)
    assert (width, height) == (32 + 2 * 80, 100)
    assert len(raw) == height * (1 + 3 * width)
    assert raw[1:4] == b"\xff\xff\xff"


def test_the_chart_is_drawn_without_matplotlib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    run = run_arena(GAME, OPTIONS, HIGH_LOW, games=2, seed=0, jobs=1)
    paths = write_outputs(run, summarise(run), tmp_path)
    assert read_png(paths["png"])[0] == 32 + 2 * 80


def test_a_run_with_no_match_still_writes_its_files(tmp_path: Path) -> None:
    run = ArenaRun("carta_alta", {}, 0, ["a", "b"], 0)
    paths = write_outputs(run, summarise(run), tmp_path)
    assert json.loads(paths["json"].read_text())["played"] == 0


# --- external bots -------------------------------------------------------------------------------

PROGRAM = '''
import json, os, sys
hello = json.loads(sys.stdin.readline())
assert hello["type"] == "hello" and hello["seed"] == int(os.environ["CARTAS_BOT_SEED"])
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "decision":
        print(json.dumps({"action": message["legal"][-1]}), flush=True)
'''


def write_program(tmp_path: Path, text: str = PROGRAM) -> str:
    path = tmp_path / "bot.py"
    path.write_text(text)
    return str(path)


def test_an_external_program_plays_a_match(tmp_path: Path) -> None:
    bots = [Contestant("cmd", external_bot_factory(write_program(tmp_path))), Contestant("random", RandomBot)]
    run = run_arena(GAME, OPTIONS, bots, games=2, seed=4, jobs=1)
    assert len(run.results) == 2 and all(r.decisions > 10 for r in run.results)


class SeedTakingBot(RandomBot):
    """Notes the seed it was made with (the arena plays in this process with one job)."""

    seeds: list[int] = []

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        SeedTakingBot.seeds.append(seed)


def seeds_given(external: bool, seed: int, **kwargs: object) -> tuple[list[int], ArenaRun]:
    SeedTakingBot.seeds = []
    bots = [Contestant("outside", SeedTakingBot, external=external), Contestant("high", HighCardBot)]
    run = run_arena(GAME, OPTIONS, bots, games=4, seed=seed, jobs=1, **kwargs)  # type: ignore[arg-type]
    return list(SeedTakingBot.seeds), run


def test_an_external_bots_seed_tells_nothing_about_the_deals() -> None:
    """A cmd: bot is told its seed; derived from a small known arena seed it could be searched back to the deals,
    so it comes from a key of its own: random for each run, reported, and reproducible when given."""
    inside, inside_run = seeds_given(False, 3)
    assert inside == seeds_given(False, 3)[0] and inside_run.external_seed is None
    first, run = seeds_given(True, 3)
    second, again = seeds_given(True, 3)
    assert len(first) == 4 and not set(first) & set(inside) and not set(first) & set(second)
    assert run.external_seed is not None and run.external_seed != again.external_seed
    assert [r.seed for r in run.results] == [r.seed for r in again.results] == [3, 3, 4, 4]  # the same deals
    replayed, rerun = seeds_given(True, 3, external_seed=run.external_seed)
    assert replayed == first and rerun.external_seed == run.external_seed
    assert summarise(run)["external_seed"] == run.external_seed and "external_seed" not in summarise(inside_run)


def test_an_external_program_that_answers_nonsense_stops_the_match(tmp_path: Path) -> None:
    program = write_program(
        tmp_path, 'import sys\nfor line in sys.stdin:\n    if "decision" in line:\n        print("{\\"action\\": \\"7X\\"}", flush=True)\n'
    )
    bot = ExternalBot(0, command=program, timeout=5)
    state = GAME.start(OPTIONS, seed=0)
    with pytest.raises(ExternalBotError, match="3 times.*7X"):
        bot.choose(SeatView(state, state.to_act[0]))
    bot.close()


def test_an_external_program_that_says_nothing_times_out(tmp_path: Path) -> None:
    program = write_program(tmp_path, "import time\ntime.sleep(5)\n")
    bot = ExternalBot(0, command=program, timeout=0.3)
    state = GAME.start(OPTIONS, seed=0)
    with pytest.raises(ExternalBotError, match="did not answer"):
        bot.choose(SeatView(state, state.to_act[0]))
    bot.close()


# --- the command ---------------------------------------------------------------------------------


def registry() -> SimpleNamespace:
    reg = Registry()
    reg.add_game(GAME)
    reg.add_bot("*", "random", RandomBot)
    reg.add_bot("carta_alta", "high", HighCardBot)
    reg.add_bot("carta_alta", "low", LowCardBot)
    return SimpleNamespace(registry=reg)


def test_the_command_runs_and_writes_its_files(tmp_path: Path) -> None:
    program = write_program(tmp_path)
    result = CliRunner().invoke(
        arena_command,
        ["carta_alta", "high", f"cmd:{program}", "--games", "4", "--seed", "3", "--jobs", "1", "-o", "target=30",
         "--out", str(tmp_path / "out"), "--json"],
        obj=registry(),
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["played"] == 4 and summary["options"]["target"] == 30
    assert summary["bots"] == ["high", f"cmd:{program}"] and summary["external_seed"] >= 0
    assert (tmp_path / "out" / "ratings.png").exists()


def test_the_command_plays_a_bot_against_itself_and_stops_with_sprt() -> None:
    result = CliRunner().invoke(
        arena_command, ["carta_alta", "high", "low", "--games", "400", "--seed", "1", "--jobs", "1", "--sequential", "-q"],
        obj=registry(),
    )
    assert result.exit_code == 0, result.output
    assert "H1 accepted" in result.output
    twice = CliRunner().invoke(arena_command, ["carta_alta", "low", "low", "-n", "2", "-j", "1", "--json"], obj=registry())
    assert json.loads(twice.output)["bots"] == ["low", "low#2"]


def test_the_command_explains_bad_input() -> None:
    runner = CliRunner()
    unknown = runner.invoke(arena_command, ["carta_alta", "high", "genius"], obj=registry())
    assert unknown.exit_code != 0 and "no bot 'genius'" in unknown.output and "high" in unknown.output
    alone = runner.invoke(arena_command, ["carta_alta", "high"], obj=registry())
    assert alone.exit_code != 0 and "at least two bots" in alone.output
    option = runner.invoke(arena_command, ["carta_alta", "high", "low", "-o", "colour=red"], obj=registry())
    assert option.exit_code != 0 and "unknown option colour" in option.output


# --- what the search bots searched, and a sweep ---------------------------------------------------


def test_the_json_report_counts_each_search_bots_decisions_and_samples() -> None:
    """Four sampled states for every decision with a choice: the counts add up exactly, per bot and per match."""
    reg = registry()
    reg.registry.add_bot("carta_alta", "rollout", partial(RolloutBot, base=HighCardBot, samples=4))
    result = CliRunner().invoke(
        arena_command, ["carta_alta", "rollout", "high", "-n", "4", "--seed", "5", "-j", "1", "--json"], obj=reg,
    )
    assert result.exit_code == 0, result.output
    rollout, high = json.loads(result.output)["per_bot"]
    assert high["search"] is None
    search = rollout["search"]
    run = run_arena(GAME, OPTIONS, [Contestant("r", partial(RolloutBot, base=HighCardBot, samples=4)),
                                    Contestant("h", HighCardBot)], games=4, seed=5, jobs=1)
    assert search["decisions"] == sum(r.decisions for r in run.results) // 2  # two seats play alike many cards
    assert 0 < search["searched"] < search["decisions"]  # a last card is played without a search
    assert search["samples"] == 4 * search["searched"] and search["samples_per_decision"] == 4.0
    assert [r.search_of(0).searched for r in run.results] == [r.search[r.lineup.index(0)].searched for r in run.results]
    assert all(r.search_of(1) is None for r in run.results)


def test_the_table_shows_the_decisions_each_bot_searched() -> None:
    reg = registry()
    reg.registry.add_bot("carta_alta", "search", partial(ISMCTSBot, simulations=10))
    result = CliRunner().invoke(arena_command, ["carta_alta", "search", "low", "-n", "2", "-j", "1", "-q"], obj=reg)
    assert result.exit_code == 0, result.output
    searched = [line for line in result.output.splitlines() if line.startswith("│ search ")]
    assert len(searched) == 1 and "10.0 each" in searched[0], result.output


def test_a_sweep_reads_as_one() -> None:
    """0 of 20: no infinite Elo estimate, only the bound the interval has (its upper end, -287)."""
    lost = {**head_to_head([0.0] * 20).as_dict(), "bot": "easy", "against": "hard"}
    assert duel_line(lost) == "easy against hard: +0 =0 -20, lost every match: Elo below -287 (95%)"
    won = {**head_to_head([1.0] * 20).as_dict(), "bot": "hard", "against": "easy"}
    assert duel_line(won) == "hard against easy: +20 =0 -0, won every match: Elo above +287 (95%)"
    mixed = {**head_to_head([1.0] * 15 + [0.0] * 5).as_dict(), "bot": "a", "against": "b"}
    assert duel_line(mixed) == "a against b: +15 =0 -5, Elo +191 (95%: +22 to +360)"


def test_the_json_summary_marks_a_sweep() -> None:
    run = run_arena(GAME, OPTIONS, HIGH_LOW, games=2, seed=0, jobs=1)
    run.results = [replace(r, shares=(1.0, 0.0) if r.lineup == (0, 1) else (0.0, 1.0)) for r in run.results]
    assert summarise(run)["head_to_head"]["sweep"] == "won"
    run.results = [replace(r, shares=(0.0, 1.0) if r.lineup == (0, 1) else (1.0, 0.0)) for r in run.results]
    assert summarise(run)["head_to_head"]["sweep"] == "lost"


def test_jobs_go_to_workers_in_chunks_of_a_fair_size() -> None:
    from cartas.core.arena.runner import MAX_CHUNK, chunk_size

    assert chunk_size(1, 2) == 1
    assert chunk_size(300, 2) == 19  # about eight chunks per worker
    assert chunk_size(10_000, 2) == MAX_CHUNK
    assert chunk_size(5, 8) == 1
