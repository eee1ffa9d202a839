"""Mus as players say it: the events of a hand ("Tú: ¡Envido!", "Grande en paso"), the table lines, the moves
and the words players type, understood in Spanish and English; ``str(action)`` stays the text programs use."""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core import Action, Event, Observation, PUBLIC_SEAT, TableNames, cutter_seat
from cartas.core.i18n import fold, mark, spoken_phrases

from ..actions import ALIASES, ENVIDO, ENVIDO_5, MUS, NO_MUS, NO_QUIERO, ORDAGO, PASO, QUIERO
from ..i18n import _

LANCES: dict[str, str] = {
    "grande": mark("grande"), "chica": mark("chica"), "pares": mark("pares"), "juego": mark("juego"),
    "punto": mark("punto"),
}
"""Each lance's name in the language spoken (the Spanish words are the game's own)."""

SAID: dict[str, str] = {
    MUS: mark("mus"), NO_MUS: mark("no mus (cut)"), PASO: mark("pass (paso)"), ENVIDO: mark("envido (2 more)"),
    ENVIDO_5: mark("envido 5 (5 more)"), ORDAGO: mark("órdago (the whole game)"), QUIERO: mark("accept (quiero)"),
    NO_QUIERO: mark("decline (no quiero)"),
}
"""Each spoken move as the player says it."""

CALLED: dict[str, str] = {
    MUS: mark("Mus!"), NO_MUS: mark("No mus!"), PASO: mark("Paso."), ENVIDO: mark("Envido!"),
    ENVIDO_5: mark("Five more!"), ORDAGO: mark("Órdago!"), QUIERO: mark("Quiero!"), NO_QUIERO: mark("No quiero!"),
}
"""Each word as it is said aloud at the table."""

SIGN_NAMES: dict[str, str] = {
    "duples": mark("duples"), "medias": mark("medias"), "dos_reyes": mark("two kings"), "dos_ases": mark("two aces"),
    "treinta_y_una": mark("31"), "juego": mark("juego"), "treinta": mark("30 of punto"), "ciego": mark("nothing (ciego)"),
}
"""What each seña tells the partner."""

GESTURES: dict[str, str] = {
    "duples": mark("raises the eyebrows"), "medias": mark("twists the closed lips to one side"),
    "dos_reyes": mark("bites the lower lip"), "dos_ases": mark("shows the tip of the tongue"),
    "treinta_y_una": mark("winks"), "juego": mark("pushes the closed lips out"),
    "treinta": mark("shrugs both shoulders"), "ciego": mark("closes both eyes"),
}
"""Each seña's gesture, as the partner sees it."""

HOW: dict[str, str] = {
    "paso": mark("en paso"), "querido": mark("bet accepted"), "no_quiero": mark("bet refused"),
    "solo": mark("only one side"), "ordago": mark("órdago"),
}
"""Why a lance pays, at the count or at once."""

SPOKEN_LANGUAGES = ("en", "es")
MORE_WORDS: dict[str, str] = {
    "hay mus": MUS, "quiero mus": MUS, "corto el mus": NO_MUS, "no hay mus": NO_MUS, "paso": PASO, "envido": ENVIDO,
    "envido dos": ENVIDO, "envido cinco": ENVIDO_5, "cinco mas": ENVIDO_5, "ordago": ORDAGO, "orgado": ORDAGO,
    "la quiero": QUIERO, "no la quiero": NO_QUIERO,
}


def action_text(action: Action) -> str:
    """The move in the language being spoken: ``mus``, ``envido (2 more)``, ``discard 1E 4O``, ``signal: duples``."""
    text = str(action)
    if text in SAID:
        return _(SAID[text])
    if text.startswith("seña "):
        return _("signal: {sign}", sign=_(SIGN_NAMES[text[5:]]))
    if text.startswith("descarte "):
        return _("discard {cards}", cards=text[9:])
    return text


def action_said(action: Action) -> str | None:
    text = str(action)
    return _(CALLED[text]) if text in CALLED else None


def understand(text: str, legal: Sequence[Action]) -> Action | None:
    """The legal move ``text`` names in Spanish or English: a word (``mus``, ``paso``, ``quiero``), the move as
    :func:`action_text` says it, or a discard's cards (``descarte 1E 4O``); ``None`` otherwise."""
    said = fold(text)
    if not said:
        return None
    for action in legal:
        if said == fold(str(action)) or said in spoken_phrases(action, action_text, SPOKEN_LANGUAGES):
            return action
    word = MORE_WORDS.get(said, ALIASES.get(said))
    if word == PASO and PASO not in legal:
        word = NO_QUIERO  # facing a bet, "paso" is how the table says no quiero
    if word is not None:
        return next((action for action in legal if str(action) == word), None)
    head, _space, rest = said.partition(" ")
    if head in ("descarte", "discard", "descarto", "tiro") and rest:
        wanted = sorted(rest.upper().split())
        for action in legal:
            parts = str(action).split()
            if parts[0] == "descarte" and sorted(parts[1:]) == wanted:
                return action
    return None


def describe(event: Event, names: TableNames, seated: bool) -> str | None:
    """An event as the table hears it, or ``None`` for the kinds the framework words."""
    kind, detail = event.kind, event.detail
    who = names.seat(event.seat) if 0 <= event.seat < len(names.seats) else ""
    if kind == "deal":
        cutter = cutter_seat(4, event.seat) if seated else event.seat
        if cutter == event.seat:
            return _("{who}: deals", who=who)
        return _("{who}: shuffles and deals · cut: {cutter}", who=who, cutter=names.seat(cutter))
    if kind in ("mus", "no_mus", "paso", "quiero", "no_quiero", "ordago"):
        word = {"no_mus": NO_MUS, "no_quiero": NO_QUIERO, "ordago": ORDAGO}.get(kind, kind)
        return _("{who}: {word}", who=who, word=_(CALLED[word]))
    if kind == "discard":
        return _.plural("{who}: discards {count} card", "{who}: discards {count} cards", int(detail), who=who)
    if kind == "discarded":
        return _("{who}: changes {cards}", who=who, cards=detail)
    if kind == "drew":
        return _("{who}: draws {cards}", who=who, cards=detail)
    if kind == "refill":
        return _("The stock is out: the discards are shuffled into a new stock")
    if kind in ("pares", "juego"):
        lance = _(LANCES[kind])
        return _("{who}: {lance} yes", who=who, lance=lance) if detail == "si" else \
            _("{who}: {lance} no", who=who, lance=lance)
    if kind == "lance":
        return _("Now: {lance}", lance=_(LANCES[detail]))
    if kind == "lance_solo":
        return _("{lance}: only {side} have them, nobody bets", lance=_(LANCES[detail]), side=names.side(event.seat))
    if kind == "lance_none":
        return _("{lance}: nobody has them", lance=_(LANCES[detail]))
    if kind == "en_paso":
        return _("{lance} en paso", lance=_(LANCES[detail]))
    if kind == "envido":
        amount, total, how = detail.split()
        if how == "bet":
            return _("{who}: Envido {amount}!", who=who, amount=amount)
        return _("{who}: {amount} more! ({total} in all)", who=who, amount=amount, total=total)
    if kind == "points":
        points, lance, how = detail.split()
        return _.plural("{side}: +{count} point ({lance}, {how})", "{side}: +{count} points ({lance}, {how})",
                        int(points), side=names.side(event.seat % 2), lance=_(LANCES[lance]), how=_(HOW[how]))
    if kind == "shown":
        return _("{who}: shows {cards}", who=who, cards=detail)
    if kind == "game":
        scores = detail.split("-")
        team = event.seat % 2
        return _("Game to {side}, {score} to {other_score}", side=names.side(team), score=scores[team],
                 other_score=scores[1 - team])
    if kind == "match":
        scores = detail.split(" ")[0].split("-")
        team = event.seat % 2
        if detail.endswith(" games"):
            return _("Match to {side}, {score} games to {other_score}", side=names.side(team), score=scores[team],
                     other_score=scores[1 - team])
        return _("Match to {side}, {score} to {other_score}", side=names.side(team), score=scores[team],
                 other_score=scores[1 - team])
    if kind == "seña":
        return _("{who}: {gesture} (signals {sign} to the partner)", who=who, gesture=_(GESTURES[detail]),
                 sign=_(SIGN_NAMES[detail]))
    if kind == "seña_vista":
        return _("Signal seen! {who} showed the partner {sign}", who=who, sign=_(SIGN_NAMES[detail]))
    return None


def amarracos(points: int) -> str:
    """Points as the table keeps them, in amarracos of five and the stones left over: "3 amarracos + 2"."""
    return _.plural("{count} amarraco + {rest}", "{count} amarracos + {rest}", points // 5, rest=points % 5)


def table_lines(observation: Observation, names: TableNames) -> list[str]:
    """The score from the viewer's side, who deals and who is mano, the lance and the bet on the table."""
    table = observation.table
    scores = observation.scores
    lines = []
    for side in (0, 1):
        line = _("{side}: {points} of {target} ({amarracos})", side=names.side(side), points=scores[side],
                 target=table["points"], amarracos=amarracos(scores[side]))
        if table["games_needed"] > 1:
            line += " · " + _("games: {games}", games=table["games"][side])
        lines.append(line)
    lines.append(_("Deals: {dealer} · mano: {mano}", dealer=names.seat(observation.dealer),
                   mano=names.seat(observation.mano if observation.mano is not None else 0)))
    lines.extend(status(observation, names))
    return lines


def status(observation: Observation, names: TableNames) -> list[str]:
    """The lances played so far, the lance and the bet on the table, and (for a seat) the señas seen."""
    table = observation.table
    lines = []
    done = [_("{lance}: {how}", lance=_(LANCES[lance]), how=_(HOW[how])) for lance, how, _bet, _team
            in table["outcomes"] if how != "none"]
    if done:
        lines.append(" · ".join(done))
    if table["phase"] == "mus":
        lines.append(_("Mus? (stock: {count})", count=table["stock"]))
    elif table["phase"] == "descarte":
        lines.append(_("Discards (stock: {count})", count=table["stock"]))
    elif table["lance"]:
        line = _("Lance: {lance}", lance=_(LANCES[table["lance"]]))
        if table["ordago"]:
            line += " · " + _("órdago on the table, by {side}", side=names.side(table["bettor"]))
        elif table["bet"]:
            line += " · " + _("{bet} on the table, by {side}", bet=table["bet"], side=names.side(table["bettor"]))
        lines.append(line)
    if observation.seat != PUBLIC_SEAT:
        signs = dict.fromkeys((event.seat, event.detail) for event in observation.events
                              if event.kind in ("seña", "seña_vista") and event.seat != observation.seat)
        seen = [_("{who}: {sign}", who=names.seat(seat), sign=_(SIGN_NAMES[sign])) for seat, sign in signs]
        if seen:
            lines.append(_("Señas seen: {signs}", signs=", ".join(seen)))
    return lines
