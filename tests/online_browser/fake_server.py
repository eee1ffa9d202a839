"""A small stand-in for `cartas serve`, speaking the ONLINE-SPEC contract, for the browser tests.

The browser side was built before the server branch had its routes; this app runs the real game engine with the
contract's HTTP routes and websocket frames (no store, no reconnect buffer: a reconnect gets a snapshot), so the
pages can be driven end to end. The tests use the real server when ``cartas.online.app`` exists.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from cartas.core.cards import Card
from cartas.core.plugins import get_registry

STATIC = Path(__file__).resolve().parents[2] / "online" / "static"
LANGUAGES = {"truco": "es-AR", "truco_paulista": "pt-BR", "chinchon": "es", "remigio": "es", "tresillo": "es"}
LEVELS = ["random", "easy", "medium"]


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class FakeTable:
    code: str
    game: Any
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    teams: list[int] | None
    host_hash: str
    status: str = "lobby"
    version: int = 0
    state: Any = None
    conns: dict[WebSocket, int | None] = field(default_factory=dict)
    seen_events: int = 0
    chat: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def info(self) -> dict[str, Any]:
        return {
            "code": self.code, "game": self.game.name, "title": self.game.title,
            "language": LANGUAGES.get(self.game.name, "en"), "status": self.status, "options": self.options,
            "players": len(self.seats), "teams": self.teams, "grace": 60, "host_seat": 0, "version": self.version,
            "seats": [{k: v for k, v in seat.items() if k != "hash"} for seat in self.seats],
        }

    def view(self, seat: int | None) -> dict[str, Any] | None:
        if self.state is None:
            return None
        obs = self.state.observation(seat if seat is not None else 0)
        dump = obs.model_dump()
        if seat is None:  # a crude public view for the stand-in: no hand, no private fields
            dump.update(seat=-1, hand=[], legal=[], table={k: v for k, v in dump["table"].items()
                                                          if k not in ("tanto", "flor")})
        legal = []
        if seat is not None and seat in self.state.to_act:
            for index, action in enumerate(self.state.legal_actions(seat)):
                text = str(action)
                last = text.split()[-1]
                card = last if text.startswith(("play ", "discard ")) and _is_card(last) else None
                legal.append({"index": index, "text": text, "label": text, "card": card})
        table = dump["table"]
        return {
            "observation": dump,
            "table_view": {"hand": dump["hand"], "played": table.get("played"), "trick": table.get("trick"),
                           "lines": self.game.table_lines(obs) if seat is not None else []},
            "names": {str(s["seat"]): s["name"] for s in self.seats}, "you": seat, "legal": legal,
            "hand_over": False,
        }


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except Exception:
        return False
    return True


def create_fake_app() -> Starlette:
    registry = get_registry()
    tables: dict[str, FakeTable] = {}

    def game_info(game: Any) -> dict[str, Any]:
        options = []
        for name, fld in game.Options.model_fields.items():
            annotation = fld.annotation
            args = getattr(annotation, "__args__", None)
            kind = "bool" if annotation is bool else "int" if annotation is int else "str"
            if args and getattr(annotation, "__origin__", None) is not None and str(annotation).startswith("typing.Literal"):
                kind = "choice"
            options.append({"name": name, "type": kind, "choices": list(args) if kind == "choice" else None,
                            "default": fld.default, "description": fld.description or ""})
        teams = {str(n): (list(t) if (t := game.teams(game.options({"players": n}))) else None)
                 for n in game.player_counts()}
        return {"name": game.name, "title": game.title, "language": LANGUAGES.get(game.name, "en"),
                "players": list(game.player_counts()), "default_players": game.Options.model_fields["players"].default,
                "teams": teams, "options": options, "levels": LEVELS}

    def error(message: str, status: int = 400) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    def bearer(request: Request) -> str:
        return request.headers.get("authorization", "").removeprefix("Bearer ").strip()

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def games(request: Request) -> Response:
        return JSONResponse([game_info(g) for g in registry.games.values()])

    async def list_tables(request: Request) -> Response:
        return JSONResponse([{"code": t.code, "game": t.game.name, "title": t.game.title, "players": len(t.seats),
                              "points": t.options.get("points"), "host": t.seats[0]["name"], "created": "",
                              "free": sum(s["kind"] == "empty" for s in t.seats)}
                             for t in tables.values() if t.status == "lobby" and any(s["kind"] == "empty" for s in t.seats)])

    async def create(request: Request) -> Response:
        body = await request.json()
        game = registry.game(body["game"])
        try:
            options = game.options(body.get("options") or {})
        except Exception as exc:
            return error(str(exc))
        n = options.players
        code = "".join(random.choice("ABCDEFGHJKMNPQRSTUVWXYZ23456789") for _ in range(6))
        token, host = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        seats = [{"seat": s, "kind": "empty", "name": "", "level": None, "team": None, "presence": None, "hash": None}
                 for s in range(n)]
        seats[0].update(kind="human", name=body.get("name") or "Host", hash=digest(token), presence="online")
        teams = game.teams(options)
        tables[code] = FakeTable(code, game, options.model_dump(), seats, list(teams) if teams else None, digest(host))
        return JSONResponse({"code": code, "seat": 0, "token": token, "host_token": host, "url": f"/t/{code}"}, 201)

    async def table_info(request: Request) -> Response:
        table = tables.get(request.path_params["code"].upper())
        return JSONResponse(table.info()) if table else error("no such table", 404)

    async def join(request: Request) -> Response:
        table = tables.get(request.path_params["code"].upper())
        if table is None:
            return error("no such table", 404)
        body = await request.json()
        free = [s for s in table.seats if s["kind"] == "empty"]
        if table.status != "lobby" or not free:
            return error("the table is full or started", 409)
        seat = free[0] if body.get("seat") is None else table.seats[int(body["seat"])]
        if seat["kind"] != "empty":
            return error("that seat is taken", 409)
        token = secrets.token_urlsafe(24)
        seat.update(kind="human", name=body.get("name") or "Guest", hash=digest(token), presence="online")
        await lobby_changed(table)
        return JSONResponse({"seat": seat["seat"], "token": token})

    async def seating(request: Request) -> Response:
        table = tables.get(request.path_params["code"].upper())
        if table is None or digest(bearer(request)) != table.host_hash:
            return error("only the host may change the seating", 403)
        op = await request.json()
        seats = table.seats
        n = len(seats)
        if op["op"] == "bot":
            seats[op["seat"]].update(kind="bot", name=f"Bot {op['seat']} ({op['level']})", level=op["level"],
                                     presence="bot", hash=None)
        elif op["op"] == "empty":
            seats[op["seat"]].update(kind="empty", name="", level=None, presence=None, hash=None)
        elif op["op"] in ("move", "rotate", "swap"):
            order = list(range(n))
            if op["op"] == "move":
                a, b = op["seat"], op["to"]
                if not (0 <= b < n):
                    return error(f"seat {b} is not a seat")
                order[a], order[b] = order[b], order[a]
            elif op["op"] == "rotate":
                order = [0] + order[2:] + order[1:2]
            else:
                order[1], order[3] = order[3], order[1]
            moved = [dict(seats[i]) for i in order]
            for s, seat in enumerate(moved):
                seat["seat"] = s
            table.seats = moved
        await lobby_changed(table)
        return JSONResponse(table.info())

    async def start(request: Request) -> Response:
        table = tables.get(request.path_params["code"].upper())
        if table is None or digest(bearer(request)) != table.host_hash:
            return error("only the host may start", 403)
        if any(s["kind"] == "empty" for s in table.seats):
            return error("a seat is empty")
        table.state = table.game.start(table.options)
        table.status = "playing"
        await lobby_changed(table)
        await advance(table)
        return JSONResponse({})

    async def record(request: Request) -> Response:
        return JSONResponse({"format": "cartas-record/1"})

    async def send(ws: WebSocket, frame: dict[str, Any]) -> None:
        try:
            await ws.send_json(frame)
        except Exception:
            pass

    async def lobby_changed(table: FakeTable) -> None:
        table.version += 1
        for ws, seat in list(table.conns.items()):
            you = next((s["seat"] for s in table.seats if s.get("hash") and s["hash"] == getattr(ws, "cartas_hash", "")), seat)
            table.conns[ws] = you
            await send(ws, {"type": "lobby", "v": table.version, "table": table.info(), "you": you})

    async def broadcast_progress(table: FakeTable) -> None:
        state = table.state
        for event in state.events[table.seen_events:]:
            table.version += 1
            for ws, seat in list(table.conns.items()):
                visible = event.visible_to is None or (seat is not None and seat in event.visible_to)
                frame = ({"type": "event", "v": table.version, "kind": event.kind, "seat": event.seat,
                          "detail": event.detail, "text": table.game.describe(event)} if visible
                         else {"type": "event", "v": table.version})
                await send(ws, frame)
        table.seen_events = len(state.events)
        for ws, seat in list(table.conns.items()):
            await send(ws, {"type": "view", "v": table.version, "view": table.view(seat)})
        if state.is_over and table.result is None:
            result = state.result()
            table.version += 1
            table.status = "finished"
            table.result = {"type": "result", "v": table.version, "winners": list(result.winners),
                            "scores": list(result.scores), "record": f"/api/tables/{table.code}/record"}
            for ws in list(table.conns):
                await send(ws, table.result)

    async def advance(table: FakeTable) -> None:
        await broadcast_progress(table)
        state = table.state
        while not state.is_over and table.seats[state.to_act[0]]["kind"] == "bot":
            await asyncio.sleep(0.05)
            seat = state.to_act[0]
            state.apply(random.choice(state.legal_actions(seat)), seat)
            await broadcast_progress(table)

    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        table = tables.get(ws.path_params["code"].upper())
        hello = await ws.receive_json()
        if table is None:
            await ws.send_json({"type": "error", "message": "no such table"})
            await ws.close(4404)
            return
        seat = None
        if hello.get("token"):
            hashed = digest(hello["token"])
            match = [s for s in table.seats if s.get("hash") == hashed]
            if not match:
                await ws.send_json({"type": "error", "message": "this token does not hold a seat here"})
                await ws.close(4401)
                return
            seat = match[0]["seat"]
            ws.cartas_hash = hashed  # type: ignore[attr-defined]
            for old, old_seat in list(table.conns.items()):
                if old_seat == seat:
                    await send(old, {"type": "replaced"})
                    table.conns.pop(old, None)
                    await old.close()
        table.conns[ws] = seat
        await ws.send_json({"type": "welcome", "seat": seat, "host": seat == 0, "v": table.version})
        await ws.send_json({"type": "snapshot", "v": table.version, "table": table.info(), "view": table.view(seat),
                            "events": [], "chat": table.chat[-50:], "result": table.result})
        try:
            while True:
                frame = await ws.receive_json()
                seat = table.conns.get(ws)
                if frame.get("type") == "ping":
                    await ws.send_json({"type": "pong"})
                elif frame.get("type") == "chat":
                    table.version += 1
                    name = table.seats[seat]["name"] if seat is not None else "?"
                    chat = {"type": "chat", "v": table.version, "seat": seat, "name": name, "text": str(frame["text"])[:300]}
                    table.chat.append(chat)
                    for other in list(table.conns):
                        await send(other, chat)
                elif frame.get("type") == "move":
                    state = table.state
                    try:
                        state.apply(frame["action"], seat)
                    except Exception as exc:
                        await ws.send_json({"type": "error", "message": str(exc)})
                        await ws.send_json({"type": "view", "v": table.version, "view": table.view(seat)})
                        continue
                    await ws.send_json({"type": "ack", "v": table.version})
                    await advance(table)
        except (WebSocketDisconnect, RuntimeError):
            table.conns.pop(ws, None)

    return Starlette(routes=[
        Route("/", index), Route("/t/{code}", table_page), Route("/api/games", games),
        Route("/api/tables", list_tables), Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{code}", table_info), Route("/api/tables/{code}/join", join, methods=["POST"]),
        Route("/api/tables/{code}/seating", seating, methods=["POST"]),
        Route("/api/tables/{code}/start", start, methods=["POST"]),
        Route("/api/tables/{code}/record", record), WebSocketRoute("/ws/{code}", websocket),
        Mount("/static", StaticFiles(directory=STATIC)),
    ])
