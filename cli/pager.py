"""Long texts (a game's rules) through a pager at a terminal, so they can be scrolled and searched.

Without a terminal the text is written straight out, so ``cartas rules truco > reglas.txt`` and a piped
``rules`` command get the whole document and never wait for a key.
"""

from __future__ import annotations

import click

from .prompt import at_terminal
from .render import Renderer


def show_document(renderer: Renderer, markdown: str, *, terminal: bool | None = None) -> None:
    """Render ``markdown`` as the renderer would, through ``$PAGER`` (or ``less``) at a terminal."""
    if not (at_terminal() if terminal is None else terminal):
        renderer.markdown(markdown)
        return
    with renderer.console.capture() as captured:
        renderer.markdown(markdown)
    click.echo_via_pager(captured.get())  # click sets LESS=-R for less, so colours survive
