"""An interrupted ``cartas arena --jobs 2`` keeps the matches that finished: it says how many, prints their report
and writes its files, and exits as a process stopped by that signal would (128 + its number).

A gate bot (a plugin written for this test) tells on standard error each match it starts, and from match
:data:`GATE` on waits for a file that never comes (at most :data:`GATE_SECONDS`), so the run is certainly still
going, with whole chunks finished, when the signal is sent: the test waits for lines, never for time.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

GATE = 53
"""The first match that waits: with 200 matches on 2 workers a chunk is 13 matches, so one worker has finished at
least two chunks (26 matches) before the gate."""
GATE_SECONDS = 30

PLUGIN = f'''
import os, sys, time
from pathlib import Path
from cartas.core import hookimpl

FOLDER = Path(os.environ["GATE_FOLDER"])


class GateBot:
    def __init__(self, seed: int = 0) -> None:
        fd = os.open(FOLDER / "started", os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        os.write(fd, b"x")
        os.close(fd)
        self.number = (FOLDER / "started").stat().st_size
        os.write(2, f"started {{self.number}}\\n".encode())  # one write: the workers' lines never interleave

    def choose(self, view):
        if self.number >= {GATE}:
            waited = 0.0
            while not (FOLDER / "open").exists() and waited < {GATE_SECONDS}:
                time.sleep(0.05)
                waited += 0.05
        return view.legal_actions()[0]


@hookimpl
def register_bots(register):
    register("alta", "gate", GateBot)
'''


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupted_arena_keeps_the_matches_that_finished(
    number: signal.Signals, tmp_path: Path, subprocess_env: dict[str, str]
) -> None:
    (tmp_path / "arena_gate.py").write_text(PLUGIN)
    env = dict(subprocess_env, GATE_FOLDER=str(tmp_path), CARTAS_PLUGINS="cartas_tiny,arena_gate")
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env["PYTHONPATH"]])
    out = tmp_path / "out"
    arena = subprocess.Popen(
        [sys.executable, "-m", "cartas.cli.main", "arena", "alta", "gate", "easy", "-n", "200", "-j", "2",
         "--seed", "4", "--out", str(out), "-q"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert arena.stderr is not None
        seen = []
        for line in arena.stderr:  # the workers' lines, until one of them reaches the gate
            seen.append(line)
            if line.startswith("started ") and int(line.split()[1]) >= GATE:
                break
        assert seen and seen[-1].startswith("started "), "".join(seen[-20:])
        arena.send_signal(number)
        stdout, stderr = arena.communicate(timeout=GATE_SECONDS * 3)
    finally:
        if arena.poll() is None:
            arena.kill()
            arena.wait()
    assert "Traceback" not in stderr, stderr
    summary = json.loads((out / "arena.json").read_text())
    kept = summary["played"]
    assert 26 <= kept <= GATE and summary["planned"] == 200 and summary["interrupted"] is True
    assert len(summary["matches"]) == kept and len((out / "matches.csv").read_text().splitlines()) == kept + 1
    assert (f"Interrupted: kept the {kept} matches that finished, of 200 planned; the ones in progress were "
            "dropped.") in stderr.splitlines()
    assert f"alta: {kept} matches of 200 planned" in stdout
    assert arena.returncode == 128 + number
