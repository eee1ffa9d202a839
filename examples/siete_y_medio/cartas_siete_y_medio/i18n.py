"""The plugin's own gettext domain, ``cartas_siete_y_medio``: its events, table and moves in every language it
speaks, with the same machinery as the built-in games.

A plugin author copies this file and the layout beside it: messages written in English in the code
(``_("{who}: me planto", who=...)``), ``locale/<lang>/LC_MESSAGES/cartas_siete_y_medio.po`` and its compiled
``.mo`` shipped as package data. The language is the one the front end is speaking
(:func:`cartas.core.i18n.speaking`); a message without a translation shows in English. To refresh the catalog::

    pybabel extract -k mark -o messages.pot cartas_siete_y_medio
    pybabel update -i messages.pot -D cartas_siete_y_medio -d cartas_siete_y_medio/locale
    pybabel compile -D cartas_siete_y_medio -d cartas_siete_y_medio/locale
"""

from __future__ import annotations

from pathlib import Path

from cartas.core.i18n import Catalog

_ = Catalog("cartas_siete_y_medio", Path(__file__).parent / "locale")
