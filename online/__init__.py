"""cartas.online: ``cartas serve``, where people play each other in the browser, with bots in the empty seats.

The package is a front end beside :mod:`cartas.cli` on the same core. It needs the ``online`` extra
(Starlette and uvicorn). It keeps one room per concept: the game server (:mod:`cartas.online.game`, where
:mod:`cartas.online.game.table` runs each table), the store (:mod:`cartas.online.store`, every table in SQLite or
Postgres so a restart loses no move), accounts, quick play, moderation, analysis and the server's plumbing
(:mod:`cartas.online.server`). :mod:`cartas.online.routes` lists every door of the server and
:mod:`cartas.online.app` wires the rooms into the web application (docs/online.md, "Where things are").
"""
