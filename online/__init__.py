"""cartas.online: ``cartas serve``, where people play each other in the browser, with bots in the empty seats.

The package is a front end beside :mod:`cartas.cli` on the same core. It needs the ``online`` extra
(Starlette and uvicorn); :mod:`cartas.online.app` builds the web application, :mod:`cartas.online.game.table`
runs each table, :mod:`cartas.online.store.tables` keeps every table in SQLite so a restart loses no move.
"""
