"""A number the game refuses at the lobby's question is a wrong answer: it is said why and asked again, and the
command goes on (it used to end with a usage error, losing the answers already given)."""

from __future__ import annotations

import pytest

pexpect = pytest.importorskip("pexpect")
from pty_helpers import SCRIPT, interrupt, spawn  # noqa: E402

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="the cartas console script is not installed")


def test_points_below_the_minimum_are_asked_again(subprocess_env: dict[str, str]) -> None:
    child = spawn(subprocess_env, "play", "chinchon", "--players", "2", "--bot", "easy", "--lang", "es")
    child.expect("A cuántos puntos")
    child.sendline("1")
    child.expect(r"la opción points=1 no es válida \(se admite: un número entero de 10 a 500\)")
    child.expect("A cuántos puntos")
    child.sendline("50")
    child.expect("Tu asiento")  # the lobby goes on to the next question
    assert "Uso:" not in child.before
    child.expect(r"\(1, 2\) \[1\]: ")  # seats counted from 1 at the question
    interrupt(child, pexpect.EOF)  # (see interrupt: readline may see a quick Ctrl-C only with the next key)
