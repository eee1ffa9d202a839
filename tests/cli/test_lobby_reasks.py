"""A number the game refuses at the lobby's question is a wrong answer: it is said why and asked again, and the
command goes on (it used to end with a usage error, losing the answers already given)."""

from __future__ import annotations

import time

import pytest

pexpect = pytest.importorskip("pexpect")
from pty_helpers import SCRIPT, spawn  # noqa: E402

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
    # A Ctrl-C that arrives as readline starts to wait is only seen with the next key (CPython's readline acts on
    # a signal that interrupts its wait): a person is never that quick, a test is, so it gives the prompt a moment.
    child.expect(r"\(1, 2\) \[1\]: ")  # seats counted from 1 at the question
    time.sleep(0.5)
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
