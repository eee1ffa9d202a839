"""Truco's table lines, the text beside the table: the score from the viewer's side, who deals and who is mano,
the tricks, the stake, the envido and the flor, in the language being spoken.

A module of its own, with nothing but typed functions, so that the compiled build compiles it with the engine
(setup.py's truco group): a server writes these lines for every seat and spectator on every move.
"""

from __future__ import annotations

from typing import Any

from cartas.core import PUBLIC_SEAT, Observation, TableNames, seat_side_names
from cartas.core.i18n import mark

from ..i18n import _

TRICK_NAMES = {"1": mark("First"), "2": mark("Second"), "3": mark("Third")}
"""The tricks as players name them: la primera, la segunda, la tercera."""
ACCEPTED = ("", mark("Truco accepted"), mark("Retruco accepted"), mark("Vale cuatro accepted"))
FLOR_CALLS = ("flor", "contraflor", "contraflor al resto")


def table_lines(observation: Observation, names: TableNames | None = None) -> list[str]:
    """The score from the seat's side (nosotros, ellos), who deals and who is mano, the tricks, the stake."""
    table = observation.table
    points: int = table["points"]
    scores = observation.scores
    seat = observation.seat
    said = names or seat_side_names(observation.players, observation.teams, seat)
    if seat == PUBLIC_SEAT:
        first, second = 0, 1
    else:
        first = observation.teams[seat]
        second = 1 - first
    score = _("{side} {score} – {other} {other_score}, to {points}",
              side=said.side(first), score=_team_score(scores[first], points),
              other=said.side(second), other_score=_team_score(scores[second], points), points=points)
    mano = observation.mano
    lines = [score, _("Dealer: {dealer} · mano: {mano}", dealer=said.seat(observation.dealer),
                      mano=said.seat(mano if mano is not None else 0))]
    if table["pica_pica"]:
        one, other = table["playing"]
        lines.append(_("Pica-pica: {who} against {other}", who=said.seat(one), other=said.seat(other)))
    number = 0
    for plays, result in zip(table["tricks"], table["results"]):
        number += 1
        outcome = _("tied (parda)") if result == "parda" else said.side(int(result))
        lines.append(_("{trick}: {plays} → {outcome}", trick=_(TRICK_NAMES[str(number)]),
                       plays=_plays(plays, said), outcome=outcome))
    if table["trick"]:
        lines.append(_("On the table: {plays}", plays=_plays(table["trick"], said)))
    lines.append(_stake(table, said))
    pending = table["pending"]
    if table["envido"]:
        calls = ", ".join(table["envido"])
        lines.append(_("Envido in play: {calls}", calls=calls) if pending == "envido"
                     else _("Envido played: {calls}", calls=calls))
    if pending in FLOR_CALLS:
        lines.append(_("Flor in play: {call}", call=pending))
    if "tanto" in table:
        if table["flor"]:
            lines.append(_("You have {tanto} of envido and a flor of {flor}", tanto=table["tanto"], flor=table["flor"]))
        else:
            lines.append(_("You have {tanto} of envido", tanto=table["tanto"]))
    return lines


def _team_score(score: int, points: int) -> str:
    """A team's score, in the malas (up to 14) or the buenas (from 15) of a 30-point match."""
    if points != 30:
        return str(score)
    return _("{score} (buenas)", score=score) if score >= 15 else _("{score} (malas)", score=score)


def _plays(plays: list[list[Any]], names: TableNames) -> str:
    return ", ".join([f"{card} ({names.seat(seat)})" for seat, card in plays])


def _stake(table: dict[str, Any], names: TableNames) -> str:
    """What the hand is worth now, who holds el quiero, and a truco call waiting for its answer."""
    level: int = table["truco"]
    worth = table["hand_worth"]
    text = _("{accepted}: worth {worth}", accepted=_(ACCEPTED[level]), worth=worth) if level else _(
        "The hand is worth {worth}", worth=worth)
    if table["el_quiero"] >= 0:
        text += _("; el quiero is with {side}", side=names.side(table["el_quiero"]))
    if table["pending"] in ("truco", "retruco", "vale cuatro"):
        text += _("; {call} called, waiting for the answer", call=table["pending"])
    return text
