"""The history's dates as the reader's language writes them (online/static/dates.js, run under node): never the
server's "2026-12-07T18:47:00Z"."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

DATES = Path(__file__).resolve().parents[2] / "online" / "static" / "dates.js"
NODE = shutil.which("node")


def run(expression: str) -> object:
    assert NODE is not None
    program = f"import {{ dateText, dayText }} from {json.dumps(DATES.as_uri())};\nconsole.log(JSON.stringify({expression}));"
    done = subprocess.run([NODE, "--input-type=module"], input=program.encode(), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return json.loads(done.stdout)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_a_time_reads_in_the_reader_s_language() -> None:
    at = "2026-12-07T18:47:00Z"
    texts = run(f"['es-AR', 'pt-BR', 'en'].map((lang) => dateText({json.dumps(at)}, lang, 'UTC'))")
    assert texts == ["7 dic 2026, 6:47 p. m.", "7 de dez. de 2026, 18:47", "Dec 7, 2026, 6:47 PM"]
    assert run(f"dayText({json.dumps(at)}, 'es', 'UTC')") == "7 dic 2026"


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_what_is_no_date_is_shown_as_it_came() -> None:
    assert run("[dateText('soon', 'es'), dateText(null, 'es')]") == ["soon", ""]
