"""One process at a time plays a save: no second ``cartas resume`` of a match being played.

Two processes playing one save would each see the other's moves and the bots' answers, and the last to write
would win: unlimited take-backs. So a process holds an exclusive ``flock`` on a lock file beside the save
(``ID.json.lock``) for as long as it plays; the kernel releases it when the process ends, however it ends, so a
killed process never leaves the match locked. The file says which process holds it, for the refusal message.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from .saves import match_id, private_folder
from cartas.core.i18n import FRAMEWORK as _


def lock_path(save: Path) -> Path:
    return save.with_name(save.name + ".lock")


@contextmanager
def playing(save: Path) -> Iterator[None]:
    """Hold ``save``'s lock while the block runs; refuse in one line if another process holds it."""
    private_folder(save.parent)
    path = lock_path(save)
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 200).decode("utf-8", errors="replace").split()
            os.close(fd)
            who = (_("process {pid} (since {since} UTC)", pid=holder[0], since=holder[1]) if len(holder) >= 2
                   else _("another process"))
            raise click.ClickException(_(
                "the match {match} is being played by {who}; continue it there, or quit it there first",
                match=match_id(save), who=who,
            )) from None
        # The last holder removes the file when it is done; if that happened between open and flock, this lock
        # is on a file nobody else will look at, so start again with the file that is there now.
        try:
            same = os.stat(path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()} {time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime())}\n".encode())
        yield
    finally:
        path.unlink(missing_ok=True)
        os.close(fd)
