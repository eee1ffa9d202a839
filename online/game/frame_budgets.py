"""The budget of each websocket frame type (:mod:`cartas.online.game.socket`), listed with the HTTP doors' in
docs/online.md (:mod:`cartas.online.server.budgets`).

Every frame, whatever its type, is charged to its connection's own budget (``Limits.frames``) and to its address's
(``Limits.address_frames``) before it is parsed; a type may draw on more. A test checks that every type the socket
answers is here.
"""

from __future__ import annotations

from ..server.budgets import Budget

EVERY_FRAME = ("address_frames",)
"""Charged to every frame of an address (the connection's own ``frames`` bucket too, per socket)."""

FRAMES: dict[str, Budget] = {
    "hello": Budget(address=EVERY_FRAME, note="the first frame, within 15 s of the upgrade; once per socket"),
    "ping": Budget(address=EVERY_FRAME, note="the connection's own `frames` bucket too"),
    "move": Budget(address=EVERY_FRAME, note="the connection's own `frames` bucket too; the table's actor takes "
                                             "one move at a time, a bot's decision goes to the bot pool"),
    "chat": Budget(address=(*EVERY_FRAME, "chat"), note="and 5 lines per 10 s per connection"),
    "lang": Budget(address=EVERY_FRAME, note="the connection's own `frames` bucket too"),
    "(unknown or malformed)": Budget(address=EVERY_FRAME, note="costs `bad_frame_cost` of both frame buckets"),
}
"""Each frame type's budget; ``(unknown or malformed)`` is what a frame of no known type costs."""
