"""Websocket clients and lobby shortcuts for the online tests (imported by the tests and their conftest).

Starlette's TestClient runs the app in its own event loop thread; a :class:`Player` reads frames with a
timeout (through the session's portal), so a test that waits for a frame that never comes fails instead of
hanging.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
from starlette.testclient import TestClient


class Player:
    """One websocket connection: the frames it got, in order, and helpers to wait for the next ones."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.frames: list[dict[str, Any]] = []
        self.closed: int | None = None
        self.view: dict[str, Any] | None = None
        """The latest view frame (a snapshot's view counts) not yet taken by :meth:`my_turn`."""
        self.messages: list[str] = []
        """Every websocket message received, as its text (a batch holds several frames, one a line)."""
        self._lines: list[str] = []

    def hello(self, token: str | None, v: int | None = None, lang: str | None = None, batch: bool = False) -> Player:
        frame: dict[str, Any] = {"type": "hello", "token": token, "v": v}
        if lang is not None:
            frame["lang"] = lang
        if batch:
            frame["batch"] = True
        self.send(frame)
        return self

    def send(self, frame: dict[str, Any]) -> None:
        self.session.send_text(json.dumps(frame))

    def receive(self, timeout: float = 5.0) -> dict[str, Any] | None:
        """The next frame, or None after ``timeout`` seconds (or once closed)."""
        if self.closed is not None:
            return None

        async def get() -> Any:
            with anyio.move_on_after(timeout):
                return await self.session._send_rx.receive()
            return None

        if not self._lines:
            message = self.session.portal.call(get)
            if message is None:
                return None
            if message["type"] == "websocket.close":
                self.closed = message.get("code", 1000)
                return None
            self.messages.append(message["text"])
            self._lines = message["text"].split("\n")
        frame: dict[str, Any] = json.loads(self._lines.pop(0))
        self.frames.append(frame)
        if frame["type"] == "view" or (frame["type"] == "snapshot" and frame["view"] is not None):
            self.view = {"type": "view", "v": frame["v"], "view": frame["view"]}
        return frame

    def my_turn(self, timeout: float = 5.0) -> dict[str, Any]:
        """The latest view in which this seat has moves, waiting for one if needed; each is returned once."""
        while self.view is None or not self.view["view"]["legal"]:
            frame = self.receive(timeout)
            assert frame is not None, f"no view with moves came; got {[f.get('type') for f in self.frames[-8:]]}"
        view, self.view = self.view, None
        return view

    def until(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        """Read frames until one of type ``kind``; fail if none comes."""
        while True:
            frame = self.receive(timeout)
            assert frame is not None, f"no {kind!r} frame came; got {[f.get('type') for f in self.frames[-8:]]}"
            if frame["type"] == kind:
                return frame

    def drain(self, quiet: float = 0.05) -> list[dict[str, Any]]:
        """Every frame that arrives until none has for ``quiet`` seconds."""
        got = []
        while (frame := self.receive(quiet)) is not None:
            got.append(frame)
        return got

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((f for f in reversed(self.frames) if f["type"] == kind), None)

    @property
    def version(self) -> int:
        """The last version this connection saw."""
        return max((f["v"] for f in self.frames if "v" in f and f["type"] != "view"), default=0)


class Server:
    """A TestClient over the app, with shortcuts for the lobby API."""

    def __init__(self, client: TestClient, app: Any) -> None:
        self.client = client
        self.app = app
        self._sockets: list[Any] = []

    def hub(self) -> Any:
        return self.app.state.hub()

    def table(self, code: str) -> Any:
        return self.hub().tables[code]

    def create(self, game: str = "truco", name: str = "Ana", **options: Any) -> dict[str, Any]:
        extra = options.pop("_body", {})
        response = self.client.post("/api/tables", json={"game": game, "options": options, "name": name, **extra})
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def join(self, code: str, name: str, seat: int | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"name": name}
        if seat is not None:
            body["seat"] = seat
        response = self.client.post(f"/api/tables/{code}/join", json=body)
        assert response.status_code == 200, response.text
        joined: dict[str, Any] = response.json()
        return joined

    def host(self, code: str, token: str, op: str = "seating", body: dict[str, Any] | None = None) -> Any:
        return self.client.post(f"/api/tables/{code}/{op}", json=body or {}, headers={"Authorization": f"Bearer {token}"})

    def bots(self, code: str, host_token: str, seats: list[int], level: str = "random") -> None:
        for seat in seats:
            response = self.host(code, host_token, body={"op": "bot", "seat": seat, "level": level})
            assert response.status_code == 200, response.text

    def connect(
        self, code: str, token: str | None = None, v: int | None = None, lang: str | None = None, batch: bool = False
    ) -> Player:
        session = self.client.websocket_connect(f"/ws/{code}")
        session.__enter__()
        self._sockets.append(session)
        return Player(session).hello(token, v, lang, batch)

    def close_all(self) -> None:
        for session in self._sockets:
            try:
                session.__exit__(None, None, None)
            except Exception:
                pass
        self._sockets.clear()
