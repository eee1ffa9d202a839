"""docs/online.md's table of budgets, made from the route table and the frame types' budgets (a test compares the
two; ``python -m cartas.online.budget_table`` prints it to paste between its markers)."""

from __future__ import annotations

from .game.frame_budgets import FRAMES
from .routes import doors
from .server.budgets import STATIC, Budget, table

START = "<!-- budgets: made by python -m cartas.online.budget_table -->"
END = "<!-- budgets: end -->"


def rows() -> list[tuple[str, Budget]]:
    """Every door (method and path), then the static files, then every websocket frame type."""
    made: list[tuple[str, Budget]] = []
    for door in doors():
        assert door.budget is not None, f"the door {door.name} has no budget"
        method = "WS" if door.socket else "/".join(door.methods or ("GET",))
        made.append((f"`{method} {door.path}`", door.budget))
    made.append(("`GET /static/...`", STATIC))
    made.extend((f"frame `{kind}`", budget) for kind, budget in FRAMES.items())
    return made


def markdown() -> str:
    return table(rows())


if __name__ == "__main__":
    print(markdown(), end="")
