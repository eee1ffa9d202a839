"""What the command line lets slip about a match in progress: the seed, the save's path, hidden hands.

Each test here reproduces a leak found on the command line (issue 15) and checks it is closed.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from click.testing import Result

from cartas.core.record import load_record


def messages(result: Result) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.output.splitlines()]


def test_hello_saved_and_result_name_the_match_but_carry_no_seed_and_no_path(
    run: Callable[..., Result], home: Path, saves: Callable[[], list[Path]]
) -> None:
    stopped = messages(run("play", "alta", "--json", "--seed", "4242", "--players", "3", input=""))
    finished = messages(run("play", "alta", "--json", "--seed", "4243", input="0\n" * 40))
    hello, saved = stopped[0], stopped[-1]
    result = finished[-1]
    assert (hello["type"], saved["type"], result["type"]) == ("hello", "saved", "result")
    for message in (hello, saved, result, finished[0]):
        text = json.dumps(message)
        assert "seed" not in message and "save" not in message
        assert "4242" not in text and "4243" not in text and str(home) not in text and "/" not in text
    assert saved["match"] == hello["match"] and result["match"] == finished[0]["match"] != hello["match"]
    paths = {path.stem: path for path in saves()}
    assert set(paths) == {hello["match"], result["match"]}
    assert load_record(paths[hello["match"]]).seed == 4242  # the save keeps it: it is needed to continue


def test_resume_and_replay_accept_the_match_id(run: Callable[..., Result]) -> None:
    hello = messages(run("play", "alta", "--json", "--seed", "5", input=""))[0]
    resumed = messages(run("resume", hello["match"], "--json", input="0\n" * 40))
    assert resumed[0]["resumed"] and resumed[0]["match"] == hello["match"] and resumed[-1]["type"] == "result"
    replayed = run("replay", hello["match"], "--ascii")
    assert replayed.exit_code == 0 and "Final scores" in replayed.output
    for bad in ("../saves/" + hello["match"], "no-such-match"):
        refused = run("resume", bad)
        assert refused.exit_code == 1 and "cannot read" in refused.output


def test_saves_are_private_to_the_user(run: Callable[..., Result], home: Path, saves: Callable[[], list[Path]]) -> None:
    (home / "saves").mkdir(parents=True, mode=0o755)
    (home / "saves").chmod(0o755)
    run("play", "alta", "--json", "--seed", "6", input="")
    assert stat.S_IMODE((home / "saves").stat().st_mode) == 0o700
    [save] = saves()
    assert stat.S_IMODE(save.stat().st_mode) == 0o600
