"""Driving ``cartas`` at a real terminal (a pty through pexpect): the prompt, the pause between hands and the
rematch offer, shared by the terminal tests."""

from __future__ import annotations

import re
import signal
import sys
from pathlib import Path

import pexpect

SCRIPT = Path(sys.executable).with_name("cartas")
PROMPT = re.escape("Move (number or words, ? for help): ")
PAUSE = re.escape("Press Enter to deal the next hand")


def _default_interrupt() -> None:
    """Give the child the default Ctrl-C, as a person's interactive shell does.

    A test run started in the background (``nohup``, ``&`` from a script) ignores SIGINT, a child inherits an
    ignored signal through ``exec``, and Python then leaves it ignored instead of raising KeyboardInterrupt:
    the Ctrl-C tests waited out their timeout there and passed in a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(env: dict[str, str], *args: str, timeout: int = 30) -> pexpect.spawn:
    """``cartas ARGS`` in a 40x100 xterm, with Ctrl-C as at a terminal (:func:`_default_interrupt`)."""
    env = dict(env, TERM="xterm-256color", COLUMNS="100")
    return pexpect.spawn(str(SCRIPT), list(args), env=env, encoding="utf-8", timeout=timeout, dimensions=(40, 100),
                         preexec_fn=_default_interrupt)


def expect_prompt(child: pexpect.spawn) -> None:
    """Wait for the move prompt, pressing Enter at the pause between hands on the way."""
    while child.expect([PROMPT, PAUSE]) == 1:
        child.sendline("")


def expect_end(child: pexpect.spawn) -> None:
    """Wait for the program to end, declining the rematch offered at the end of a match on the way."""
    if child.expect([pexpect.EOF, re.escape("a new deal? [y/N] ")]) == 1:
        child.sendline("n")
        child.expect(pexpect.EOF)
