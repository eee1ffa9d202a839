"""Truco argentino: the game's options, its registration data and how its events and table read
(in Argentine Spanish, as the table speaks: "Jugador 1: ¡Truco!", "El equipo 0 suma 2 (envido)")."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from cartas.core.cards import Card
from cartas.core.events import Event
from cartas.core.naming import TableNames
from cartas.core.game import Game
from cartas.core.observation import Observation
from cartas.core.options import GameOptions
from cartas.core.position import Position
from cartas.core.state import PUBLIC_SEAT
from cartas.core.table import Table
from cartas.core.views import TableView, by_suit_then_rank
from cartas.games.truco import view
from cartas.games.truco.actions import CARDS, TrucoAction, parse_action
from cartas.games.truco.state import TrucoState


class TrucoOptions(GameOptions):
    """The options of truco argentino; the defaults are the rules as the seeds describe them."""

    players: Literal[2, 4, 6] = 2
    points: Literal[15, 30] = Field(default=30, description="the score that wins the match")
    third_tie: Literal["mano", "first"] = Field(
        default="mano", description="who wins a hand of one trick each and a tied third: the mano, or the first trick's winner"
    )
    falta_mode: Literal["malas_buenas", "to_game"] = Field(
        default="malas_buenas", description="falta envido counts to 15 while the leader is in the malas, or always to the target"
    )
    envido_callers: Literal["pies", "all"] = Field(
        default="pies", description="with 4 or 6 players, who may call and raise the envido: the two pies, or anyone"
    )
    flor: bool = Field(default=False, description="play with flor, contraflor and contraflor al resto")
    pica_pica: bool = Field(default=True, description="with 6 players, alternate redondas and pica-pica hands")
    senas_caught: float = Field(
        default=0.0, ge=0.0, le=1.0, description="the chance that the opponents catch a seña"
    )


SEAT = "Jugador {}"
HAND_SIZE = 3
"""Cards dealt to each seat; a seat holds those it has not played."""
ORDINAL = {"1": "primera", "2": "segunda", "3": "tercera"}
"""The tricks as players name them: la primera, la segunda, la tercera."""
CALLS = {
    "truco": "¡Truco!", "retruco": "¡Quiero retruco!", "vale cuatro": "¡Quiero vale cuatro!",
    "envido": "¡Envido!", "real envido": "¡Real envido!", "falta envido": "¡Falta envido!",
    "flor": "¡Flor!", "contraflor": "¡Contraflor!", "contraflor al resto": "¡Contraflor al resto!",
    "con flor me achico": "Con flor me achico.",
}
"""Each call as it is sung at the table; a raise of the truco is sung with its quiero."""
ANSWERS = {"quiero": "¡Quiero!", "no_quiero": "¡No quiero!"}
HAND_STAKE = {1: "", 2: " (truco)", 3: " (retruco)", 4: " (vale cuatro)"}
"""What was accepted, told by what a hand played out scores."""
REFUSED = {1: "truco", 2: "retruco", 3: "vale cuatro"}
"""The call refused, told by what the refusal scores."""
SIGN_TEXT = {
    "ancho_espada": "el ancho de espada", "ancho_basto": "el ancho de basto", "siete_espada": "el siete de espada",
    "siete_oro": "el siete de oro", "tres": "un tres", "dos": "un dos", "ancho_falso": "un ancho falso",
    "flor": "flor", "envido": "buen envido", "nada": "nada",
}
"""What each seña tells the partner."""
ACCEPTED = ("", "Truco", "Retruco", "Vale cuatro")
FLOR_CALLS = ("flor", "contraflor", "contraflor al resto")


class TrucoGame(Game):
    """Truco argentino for 2, 4 or 6 players, with envido, truco, optional flor and partners' señas."""

    summary_kinds = view.SUMMARY_KINDS

    name = "truco"
    title = "Truco argentino"
    language = "es-AR"
    aliases = ("truco_argentino", "argentino")
    Options = TrucoOptions

    def _start(self, options: GameOptions, seed: int, position: Position | None) -> TrucoState:
        return TrucoState(self, options, seed, position)

    def parse_action(self, text: str) -> TrucoAction:
        return parse_action(text)

    def deck(self, options: GameOptions) -> list[Card]:
        return list(CARDS)

    def teams(self, options: GameOptions) -> tuple[int, ...]:
        return Table.partnership(options.players).teams

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        """The event as the table hears it, in Argentine Spanish: "Jugador 1: ¡Truco!", "Parda la primera"."""
        kind, detail = event.kind, event.detail
        who = SEAT.format(event.seat)
        if kind == "deal":
            return f"{who} reparte"
        if kind == "duel":
            return f"Pica-pica: {who} contra {SEAT.format(detail)}"
        if kind == "play":
            return f"{who} tira {detail}"
        if kind == "trick":
            return f"{who} gana la {ORDINAL[detail]}"
        if kind == "parda":
            return f"Parda la {ORDINAL[detail]}"
        if kind in ("truco", "envido", "flor"):
            return f"{who}: {CALLS[detail]}"
        if kind in ANSWERS:
            return f"{who}: {ANSWERS[kind]}"
        if kind == "mazo":
            return f"{who} se va al mazo"
        if kind == "tanto":
            return f"{who}: Tengo {detail}"
        if kind == "flor_tanto":
            return f"{who}: Tengo {detail} de flor"
        if kind == "points":
            # A team's events name its first seat, which is the team's number since partners alternate.
            return _points(event.seat % 2, detail)
        if kind == "match":
            team = event.seat % 2
            scores = detail.split("-")
            return f"Equipo {team} gana el partido {scores[team]} a {scores[1 - team]}"
        if kind == "seña":
            return f"{who} le hace seña al compañero: {SIGN_TEXT[detail]}"
        if kind == "seña_vista":
            return f"¡Seña vista! {who} le marcó al compañero {SIGN_TEXT[detail]}"
        return super().describe(event)

    def table_lines(self, observation: Observation) -> list[str]:
        """The score from the seat's side (nosotros, ellos), who deals and who is mano, the tricks, the stake."""
        table = observation.table
        points = table["points"]
        scores = observation.scores
        if observation.seat == PUBLIC_SEAT:
            score = (f"Equipo 0 {_team_score(scores[0], points)} – "
                     f"Equipo 1 {_team_score(scores[1], points)}, a {points}")
        else:
            ours = observation.teams[observation.seat]
            theirs = 1 - ours
            score = (f"Nosotros (equipo {ours}) {_team_score(scores[ours], points)} – "
                     f"Ellos (equipo {theirs}) {_team_score(scores[theirs], points)}, a {points}")
        lines = [score, f"{SEAT.format(observation.dealer)} reparte, {SEAT.format(observation.mano)} es mano"]
        if table["pica_pica"]:
            lines.append("Pica-pica: {} contra {}".format(*(SEAT.format(seat) for seat in table["playing"])))
        for number, (plays, result) in enumerate(zip(table["tricks"], table["results"]), 1):
            outcome = "parda" if result == "parda" else f"equipo {result}"
            lines.append(f"{ORDINAL[str(number)].capitalize()}: {_plays(plays)} → {outcome}")
        if table["trick"]:
            lines.append(f"En la mesa: {_plays(table['trick'])}")
        lines.append(_stake(table))
        pending = table["pending"]
        if table["envido"]:
            lines.append(f"Envido {'en juego' if pending == 'envido' else 'jugado'}: {', '.join(table['envido'])}")
        if pending in FLOR_CALLS:
            lines.append(f"Flor en juego: {pending}")
        if "tanto" in table:
            mine = f"Tenés {table['tanto']} de envido"
            if table["flor"]:
                mine += f" y flor de {table['flor']}"
            lines.append(mine)
        return lines

    def table_view(self, observation: Observation) -> TableView:
        """The cards each seat has played this hand, the trick on the table, the hand by suit then rank."""
        return view.table_view(observation, self.table_lines(observation))


def _points(team: int, detail: str) -> str:
    """A team's points and why: the hand won (at its stake), a refused call, a mazo, an envido or a flor."""
    text, _, why = detail.partition(" ")
    points = int(text)
    if why == "hand":
        return f"Gana la mano el equipo {team} y suma {points}{HAND_STAKE[points]}"
    reason = f"{REFUSED[points]} no querido" if why == "truco" else why
    return f"El equipo {team} suma {points} ({reason})"


def _team_score(score: int, points: int) -> str:
    """A team's score, in the malas (up to 14) or the buenas (from 15) of a 30-point match."""
    if points != 30:
        return str(score)
    return f"{score} ({'buenas' if score >= 15 else 'malas'})"


def _plays(plays: list[list[Any]]) -> str:
    return ", ".join(f"J{seat} {card}" for seat, card in plays)


def _stake(table: dict[str, Any]) -> str:
    """What the hand is worth now, who holds el quiero, and a truco call waiting for its answer."""
    level = table["truco"]
    text = f"{ACCEPTED[level]} querido: vale {table['hand_worth']}" if level else f"La mano vale {table['hand_worth']}"
    if table["el_quiero"] >= 0:
        text += f"; el quiero lo tiene el equipo {table['el_quiero']}"
    if table["pending"] in REFUSED.values():
        text += f"; cantaron {table['pending']}, falta la respuesta"
    return text
