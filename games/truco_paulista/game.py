"""Truco paulista: the game's options, its words on screen and its table, and the start of a match."""

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
from cartas.core.state import PUBLIC_SEAT, Action
from cartas.core.views import FACE_DOWN, TableView, by_suit_then_rank
from cartas.games.truco_paulista import view
from cartas.games.truco_paulista.actions import Word, parse_action
from cartas.games.truco_paulista.cards import DECK
from cartas.games.truco_paulista.state import PaulistaState


class PaulistaOptions(GameOptions):
    """The house rules of truco paulista; the defaults are the resolved rules of the project."""

    players: Literal[2, 4] = Field(default=2, description="2 (one against one) or 4 (partners sit opposite)")
    manilhas: Literal["vira", "fixas"] = Field(
        default="vira", description="vira: the card turned after the deal names the manilhas; "
        "fixas: truco mineiro's fixed manilhas 4B > 7C > 1E > 7O, no vira",
    )
    no_useless_raise: bool = Field(
        default=False, description="a side that would reach 12 by winning the hand as it stands may not raise",
    )
    mao_de_ferro_blind: bool = Field(
        default=False, description="at 11-11 the cards are played unseen, chosen by their place in the hand",
    )


SEAT = "Jogador {}"
WORDS = {
    "truco": "Truco!", "seis": "Seis!", "nove": "Nove!", "doze": "Doze!",
    "aceito": "Aceito!", "corro": "Corro!", "jogo": "Jogo! (mão de onze valendo 3)",
}


class PaulistaGame(Game):
    """Truco paulista with the vira and its manilhas (or truco mineiro's fixed manilhas), 2 or 4 players, to 12."""

    summary_kinds = view.SUMMARY_KINDS

    name = "truco_paulista"
    title = "Truco paulista"
    language = "pt-BR"
    aliases = ("paulista",)
    Options = PaulistaOptions

    def _start(self, options: GameOptions, seed: int, position: Position | None) -> PaulistaState:
        assert isinstance(options, PaulistaOptions)
        return PaulistaState(self, options, seed, position)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def loses_match_now(self, observation: Observation, action: Action) -> bool:
        """Truco called in a mão de onze: the rules give the match to the other side at once."""
        return observation.table.get("mao_de_onze") is not None and action is Word.TRUCO

    def deck(self, options: GameOptions) -> list[Card]:
        return list(DECK)

    def teams(self, options: GameOptions) -> tuple[int, ...] | None:
        return tuple(seat % 2 for seat in range(options.players))

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        kind, seat, detail = event.kind, event.seat, event.detail
        who = SEAT.format(seat)
        if kind == "deal":
            return f"{who} dá as cartas"
        if kind == "vira":
            return f"Vira: {detail}"
        if kind == "onze":
            return f"Mão de onze do time {detail}: o time decide se joga ou corre"
        if kind == "ferro":
            return "Mão de ferro (11 a 11): quem ganhar a mão vence a partida" + (
                "; cartas jogadas às cegas" if detail == "blind" else ""
            )
        if kind == "play":
            return f"{who} joga {detail}"
        if kind == "hide":
            return f"{who} joga {detail} encoberta" if detail else f"{who} joga uma carta encoberta"
        if kind in WORDS:
            return f"{who}: {WORDS[kind]}"
        if kind == "trick":
            if detail == "parda":
                return f"Rodada empatada; {who} torna"
            return f"Rodada do time {detail} ({who})"
        if kind == "hand":
            if detail == "empate":
                return "Três rodadas empatadas: a mão é jogada de novo, pelo mesmo carteador"
            team, points = detail.split()
            return f"Time {team} marca {points} ponto{'s' if points != '1' else ''}"
        if kind == "forfeit":
            return f"Truco na mão de onze: o time {detail} vence a partida"
        if kind == "match":
            return f"O time {detail} vence a partida"
        return super().describe(event)

    def table_lines(self, observation: Observation) -> list[str]:
        table = observation.table
        lines = []
        if table.get("vira"):
            lines.append(f"Vira: {table['vira']}   manilhas: os {table['manilha']} ({table['manilhas']})")
        else:
            lines.append(f"Manilhas fixas: {table['manilhas']}")
        stake = f"valendo {table['stake']}"
        if table.get("pending"):
            stake += f", {table['pending']} pedido pelo time {table['caller']} (aguardando resposta)"
        lines.append(f"Placar: time 0 {observation.scores[0]} x {observation.scores[1]} time 1   {stake}")
        if table.get("mao_de_onze") is not None:
            lines.append(f"Mão de onze do time {table['mao_de_onze']}")
        if table.get("mao_de_ferro"):
            lines.append("Mão de ferro" + (" (às cegas)" if table.get("blind") else ""))
        for number, (plays, winner) in enumerate(zip(table["tricks"], table["trick_winners"]), start=1):
            outcome = "empate" if winner < 0 else f"time {winner}"
            lines.append(f"{number}ª rodada: {_plays_text(plays)} -> {outcome}")
        if table["current_trick"]:
            lines.append(f"Na mesa: {_plays_text(table['current_trick'])}")
        if table.get("partner_hand") is not None:
            lines.append(f"Mão do parceiro: {' '.join(table['partner_hand']) or '-'}")
        if table.get("blind") and observation.seat != PUBLIC_SEAT:
            lines.append(f"Suas cartas (viradas): {table['hand_sizes'][observation.seat]}")
        return lines

    def table_view(self, observation: Observation) -> TableView:
        """The cards each seat has played (an encoberta as its back, even to the seat that hid it), the
        rodada on the table, the vira, and the hand by suit then rank."""
        return view.table_view(observation, self.table_lines(observation))


def _face(play: dict[str, Any]) -> str:
    return FACE_DOWN if play["face_down"] else str(play["card"])


def _plays_text(plays: list[dict[str, object]]) -> str:
    parts = []
    for play in plays:
        card = play["card"] or "encoberta"
        if play["face_down"] and play["card"]:
            card = f"{card} (encoberta)"
        parts.append(f"J{play['seat']} {card}")
    return ", ".join(parts)
