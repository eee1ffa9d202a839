"""A database of three tables in play, and a way to damage the page of the file that holds one table's moves."""

from __future__ import annotations

from pathlib import Path

from cartas.core.plugins.registry import Registry
from cartas.online.store.sqlite import SQLiteStore
from cartas.online.store.tables import SeatRow, TableRow

PAGE = 4096
CODES = ("AAAAAA", "BBBBBB", "CCCCCC")


def played_moves(registry: Registry, seed: int, count: int) -> tuple[dict, list[tuple[int, str]]]:  # type: ignore[type-arg]
    """The options and the first ``count`` moves (always the first legal one) of a 2-player truco match."""
    game = registry.game("truco")
    options = game.options({"players": 2, "points": 30}).model_dump()
    state = game.start(options, seed=seed)
    moves = []
    while len(moves) < count and not state.is_over:
        seat = min(state.to_act)
        action = state.legal_actions(seat)[0]
        state.apply(action, seat)
        moves.append((seat, str(action)))
    return options, moves


def three_tables(registry: Registry, path: Path) -> dict[str, int]:
    """Three truco tables in play, their moves written one table after the other; the moves each has."""
    store = SQLiteStore(path)
    counts = {}
    for number, code in enumerate(CODES):
        options, moves = played_moves(registry, 11 + number, 400)
        store.create_table(TableRow(
            code, "truco", options, 11 + number, "playing", 60, "random", "h", f"2026-01-0{number + 1}",
            version=len(moves), seats=[SeatRow(0, "bot", level="random"), SeatRow(1, "bot", level="random")],
        ))
        for n, (seat, action) in enumerate(moves):
            store.add_move(code, n, seat, action, n + 1, None)
        counts[code] = len(moves)
    store.close()
    return counts


def damage_moves_of(path: Path, code: str) -> int:
    """Overwrite the middle of a page that holds ``code``'s moves and no other table's rows; its number."""
    data = bytearray(path.read_bytes())
    others = [other.encode() for other in CODES if other != code]
    for number in range(1, len(data) // PAGE):
        page = data[number * PAGE:(number + 1) * PAGE]
        if page[0] == 0x0D and page.count(code.encode()) > 20 and not any(other in page for other in others):
            data[number * PAGE + 8:number * PAGE + 8 + 64] = b"\xff" * 64
            path.write_bytes(bytes(data))
            return number
    raise AssertionError(f"no page holds only {code}'s moves")
