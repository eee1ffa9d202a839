"""Truco argentino: the game's options, its registration data and how its events and table read."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cartas.core.cards import Card
from cartas.core.events import Event
from cartas.core.game import Game
from cartas.core.observation import Observation
from cartas.core.options import GameOptions
from cartas.core.position import Position
from cartas.core.table import Table
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


EVENT_TEXT = {
    "quiero": "¡Quiero!", "no_quiero": "No quiero.", "mazo": "Me voy al mazo.",
}


class TrucoGame(Game):
    """Truco argentino for 2, 4 or 6 players, with envido, truco, optional flor and partners' señas."""

    name = "truco"
    title = "Truco argentino"
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

    def describe(self, event: Event) -> str:
        who = f"Seat {event.seat}"
        kind, detail = event.kind, event.detail
        if kind == "deal":
            return f"{who} deals."
        if kind == "duel":
            return f"Pica-pica: seat {event.seat} against seat {detail}."
        if kind == "play":
            return f"{who} plays {detail}."
        if kind == "trick":
            return f"{who} wins trick {detail}."
        if kind == "parda":
            return f"Trick {detail} is parda."
        if kind in ("truco", "envido", "flor"):
            return f"{who}: ¡{detail[0].upper()}{detail[1:]}!"
        if kind in EVENT_TEXT:
            return f"{who}: {EVENT_TEXT[kind]}"
        if kind == "tanto":
            return f"{who} has {detail} of envido."
        if kind == "flor_tanto":
            return f"{who} has a flor of {detail}."
        if kind == "points":
            points, _, why = detail.partition(" ")
            return f"Seat {event.seat}'s team scores {points} ({why})."
        if kind == "match":
            return f"Seat {event.seat}'s team wins the match, {detail}."
        if kind == "seña":
            return f"{who} signals to the partner: {detail.replace('_', ' ')}."
        if kind == "seña_vista":
            return f"Caught! {who} signalled {detail.replace('_', ' ')}."
        return super().describe(event)

    def table_lines(self, observation: Observation) -> list[str]:
        table = observation.table
        scores = observation.scores
        lines = [
            f"Score {scores[0]} - {scores[1]} (to {table['points']}); dealer seat {observation.dealer}, "
            f"mano seat {observation.mano}",
        ]
        if table["pica_pica"]:
            lines.append("Pica-pica duel: seat {} against seat {}".format(*table["playing"]))
        for number, trick in enumerate(table["tricks"], 1):
            cards = ", ".join(f"seat {seat} {card}" for seat, card in trick)
            result = table["results"][number - 1]
            lines.append(f"Trick {number}: {cards} -> {'parda' if result == 'parda' else f'team {result}'}")
        if table["trick"]:
            lines.append("On the table: " + ", ".join(f"seat {seat} {card}" for seat, card in table["trick"]))
        worth = f"hand worth {table['hand_worth']}"
        if table["pending"]:
            worth += f", {table['pending']} pending"
        if table["envido"]:
            worth += f", envido chain: {' - '.join(table['envido'])}"
        lines.append(worth + f"; your tanto {table['tanto']}" + (f", flor {table['flor']}" if table["flor"] else ""))
        return lines
