"""Driving ``cartas`` at a real terminal (a pty through pexpect): the prompt, the pause between hands and the
rematch offer, shared by the terminal tests."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pexpect

SCRIPT = Path(sys.executable).with_name("cartas")
PROMPT = re.escape("Move (number or words, ? for help): ")
PAUSE = re.escape("Press Enter to deal the next hand")


def spawn(env: dict[str, str], *args: str, timeout: int = 30) -> pexpect.spawn:
    """``cartas ARGS`` in a 40x100 xterm."""
    env = dict(env, TERM="xterm-256color", COLUMNS="100")
    return pexpect.spawn(str(SCRIPT), list(args), env=env, encoding="utf-8", timeout=timeout, dimensions=(40, 100))


def expect_prompt(child: pexpect.spawn) -> None:
    """Wait for the move prompt, pressing Enter at the pause between hands on the way."""
    while child.expect([PROMPT, PAUSE]) == 1:
        child.sendline("")


def expect_end(child: pexpect.spawn) -> None:
    """Wait for the program to end, declining the rematch offered at the end of a match on the way."""
    if child.expect([pexpect.EOF, re.escape("a new deal? [y/N] ")]) == 1:
        child.sendline("n")
        child.expect(pexpect.EOF)


def interrupt(child: pexpect.spawn, then: object, tries: int = 4) -> None:
    """Ctrl-C at a prompt, then wait for ``then`` (a pattern, or ``pexpect.EOF``).

    CPython's readline acts on a SIGINT that arrives just as it starts to wait only when the next key comes: a
    person is never that quick, a test can be. So the prompt is given half a second first, and when nothing has
    come ten seconds after the Ctrl-C (CI missed it twice at load 3), a Ctrl-G, which readline takes as "abort
    the key sequence" and nothing else, wakes it.
    """
    time.sleep(0.5)
    child.sendintr()
    if child.expect([then, pexpect.TIMEOUT], timeout=10) == 0:
        return
    for _ in range(tries):
        child.sendcontrol("g")
        if child.expect([then, pexpect.TIMEOUT], timeout=5) == 0:
            return
    child.expect(then)
