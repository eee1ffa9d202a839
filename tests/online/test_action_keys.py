"""The action bar's keyboard letters keep their meaning: ``q`` is only ever "quiero" and a raise has its own
letter, so pressing ``q`` twice (to accept a truco, then again by accident) never says "¡Quiero retruco!".

The letters come from online/static/table/keys.js, a module without imports that node runs here, outside a
browser, on the buttons a truco player is offered before and after accepting a truco.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

KEYS = Path(__file__).resolve().parents[2] / "online" / "static" / "table" / "keys.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed: the action bar's letters are not checked")


def keys_for(actions: list[dict[str, Any]]) -> list[str]:
    """The letters keys.js gives ``actions``, each read as its ``said`` (else ``label``) as the bar shows it."""
    assert NODE is not None
    script = (
        f"import {{ moveKeys }} from {json.dumps(KEYS.as_uri())};\n"
        f"const actions = {json.dumps(actions)};\n"
        "console.log(JSON.stringify(moveKeys(actions, (a) => a.said || a.label || a.text)));\n"
    )
    ran = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    keys: list[str] = json.loads(ran.stdout)
    return keys


ANSWERING_A_TRUCO = [
    {"text": "quiero", "said": "¡Quiero!"}, {"text": "no quiero", "said": "No quiero"},
    {"text": "retruco", "said": "¡Quiero retruco!"}, {"text": "envido", "said": "El envido está primero"},
    {"text": "mazo", "said": "Me voy al mazo"},
]
AFTER_ACCEPTING = [{"text": "retruco", "said": "¡Quiero retruco!"}, {"text": "mazo", "said": "Me voy al mazo"}]


def test_q_accepts_and_never_raises() -> None:
    assert keys_for(ANSWERING_A_TRUCO) == ["q", "n", "t", "e", "m"]
    assert keys_for(AFTER_ACCEPTING) == ["t", "m"]


def test_every_raise_of_both_truco_games_is_t() -> None:
    raises = ["truco", "retruco", "vale cuatro", "seis", "nove", "doze"]
    assert keys_for([{"text": text, "said": text.title()} for text in raises]) == ["t"] * len(raises)


def test_paulista_answers_have_their_own_letters() -> None:
    assert keys_for([{"text": "aceito", "said": "Aceito!"}, {"text": "corro", "said": "Corro"},
                     {"text": "seis", "said": "Seis!"}]) == ["a", "c", "t"]


def test_other_buttons_take_a_free_letter_never_a_reserved_one() -> None:
    signs = [{"text": "seña tres", "said": "Seña: un tres"}, {"text": "seña nada", "said": "Seña: nada"}]
    keys = keys_for([*AFTER_ACCEPTING, *signs])
    assert keys[:2] == ["t", "m"]
    assert keys[2:] == ["u", "d"]  # "seña: un tres": s, e, n are reserved; "seña: nada": s, e, n, a too
