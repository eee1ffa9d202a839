"""Regenerate the screen captures in this folder: each game's table at 80 and 120 columns, and a chinchón hand
with melds, as the terminal draws them (plain text, through rich's export).

    python docs/screens/make_screens.py

Each capture is a scripted match: a fixed seed, easy bots at every seat, played until seat 0 (the viewer,
"You") has a decision in the middle of a hand. The same code draws the table in ``cartas play``
(:func:`cartas.cli.screen.table_screen`), so the captures stay true to what a player sees.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from cartas.cli.screen import table_screen
from cartas.core.bots.base import SeatView
from cartas.core.decks import drawing
from cartas.core.i18n import speaking
from cartas.core.naming import viewer_names
from cartas.core.plugins.manager import get_registry
from cartas.core.state import State

HERE = Path(__file__).parent
WIDTHS = (80, 120)
VIEWER = 0

Ready = Callable[[State], bool]


def played_some(state: State) -> bool:
    """A trick game's table worth showing: the viewer to act, with cards already on the table."""
    return list(state.to_act) == [VIEWER] and sum(e.kind == "play" for e in state.events[state.hand_events_from:]) >= 2


def drawn_with_melds(state: State) -> bool:
    """A rummy table worth showing: the viewer has drawn and holds at least one meld."""
    if list(state.to_act) != [VIEWER]:
        return False
    view = state.game.presentation().table_view(state.observation(VIEWER))
    return view.drawn is not None and bool(view.melds)


def rummy_turn(state: State) -> bool:
    """A rummy table after a turn or two: the viewer has just drawn."""
    return list(state.to_act) == [VIEWER] and state.game.presentation().table_view(state.observation(VIEWER)).drawn is not None


SCREENS: dict[str, tuple[str, dict[str, object], int, Ready]] = {
    "truco": ("truco", {"players": 2}, 3, played_some),
    "truco-4": ("truco", {"players": 4}, 3, played_some),
    "truco_paulista": ("truco_paulista", {"players": 2}, 3, played_some),
    "chinchon": ("chinchon", {"players": 3}, 3, rummy_turn),
    "remigio": ("remigio", {"players": 2}, 3, rummy_turn),
    "tresillo": ("tresillo", {"players": 4}, 3, played_some),
}
"""Each capture: the game, its options, the seed, and when the table is worth capturing."""

MELDS = ("chinchon", {"players": 2}, 1, drawn_with_melds)
"""The chinchón hand with melds: played on until the viewer holds one."""


def scripted(game_name: str, options: dict[str, object], seed: int, ready: Ready, limit: int = 5000) -> State:
    """The match played by easy bots from ``seed`` until ``ready`` (or ``limit`` moves, then an error)."""
    registry = get_registry()
    game = registry.game(game_name)
    state = game.start(options, seed=seed)
    level = "easy" if "easy" in registry.bot_levels(game_name) else registry.bot_levels(game_name)[0]
    bots = {seat: registry.bot(game_name, level)(seed + seat) for seat in range(state.table.n_seats)}
    for _ in range(limit):
        if not state.is_over and ready(state):
            return state
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(bots[seat].choose(SeatView(state, seat)), seat)
    raise RuntimeError(f"{game_name} seed {seed}: no table to capture within {limit} moves")


def capture(state: State, width: int, language: str = "en") -> str:
    """The viewer's table at ``width`` columns, as plain text, in ``language``, the cards in the game's deck."""
    with speaking(language), drawing(state.game.deck_art(state.options)):
        return _capture(state, width)


def _capture(state: State, width: int) -> str:
    game = state.game
    players = state.table.n_seats
    names = viewer_names(players, VIEWER, bots={seat: "easy" for seat in range(1, players)},
                         teams=game.teams(state.options))
    observation = state.observation(VIEWER)
    recent = [game.presentation().describe(e, names) for e in state.events[state.hand_events_from:] if e.visible(VIEWER)]
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(table_screen(game.presentation().table_view(observation, names), names, game.title_text(), VIEWER, recent[-6:]), soft_wrap=False)
    console.file.close()
    return "\n".join(line.rstrip() for line in console.export_text().splitlines()) + "\n"


def make_screens(folder: Path = HERE) -> list[Path]:
    """Write every capture into ``folder``; the paths written."""
    written = []
    for name, (game_name, options, seed, ready) in {**SCREENS, "chinchon-melds": MELDS}.items():
        state = scripted(game_name, options, seed, ready)
        for width in WIDTHS:
            path = folder / f"{name}-{width}.txt"
            path.write_text(capture(state, width, state.game.language), encoding="utf-8")
            written.append(path)
    return written


if __name__ == "__main__":
    for path in make_screens():
        print(path)
