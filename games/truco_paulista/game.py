"""Truco paulista: the game's options, its words on screen and its table, and the start of a match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import Field

from cartas.core import (
    FACE_DOWN, FRENCH, PUBLIC_SEAT, Action, Card, Event, Game, GameOptions, Observation, Position, Presentation,
    TableNames, TableView, by_suit_then_rank, card_label, current_deck, cutter_seat, generic_names,
    seat_side_names,
)
from cartas.core.i18n import FRAMEWORK, mark

from .actions import Action as PaulistaAction
from .actions import Word, parse_action
from .cards import DECK
from .i18n import _
from .presentation import view, words
from .state import TARGET, PaulistaState


class PaulistaOptions(GameOptions):
    """The house rules of truco paulista; the defaults are the resolved rules of the project."""

    players: Literal[2, 4] = Field(
        default=2, title=mark("Players"), description=mark("2 (one against one) or 4 (partners sit opposite)"),
    )
    manilhas: Literal["vira", "fixas"] = Field(
        default="vira", title=mark("Manilhas"), description=mark("By the vira: the card turned after the deal names the manilhas. Fixed (truco mineiro): "
        "no vira, the manilhas are always the 4 of clubs (zap), the 7 of cups (copas), the ace of swords (espadilha) "
        "and the 7 of coins (pica-fumo)"),
        json_schema_extra={"choice_labels": {"vira": mark("by the vira"), "fixas": mark("fixed (truco mineiro)")}},
    )
    no_useless_raise: bool = Field(
        default=False, title=mark("No useless raise"),
        description=mark("a side that would reach 12 by winning the hand as it stands may not raise"),
    )
    mao_de_ferro_blind: bool = Field(
        default=False, title=mark("Blind mão de ferro"),
        description=mark("at 11-11 the cards are played unseen, chosen by their place in the hand"),
    )
    deck: Literal["french", "spanish"] = Field(
        default="french", title=mark("Deck"), description=mark("The French deck is the one Brazilians play with (ace, 2 to 7, queen, jack and king of "
        "diamonds, spades, hearts and clubs); the Spanish deck has 1 to 7, sota, caballo and rey of coins, cups, "
        "swords and clubs"),
        json_schema_extra={"choice_labels": {"french": mark("French deck"), "spanish": mark("Spanish deck")}},
    )


CALLS = {
    "truco": mark("Truco!"), "seis": mark("Seis!"), "nove": mark("Nove!"), "doze": mark("Doze!"),
    "aceito": mark("I accept!"), "corro": mark("I run!"), "jogo": mark("We play! (mão de onze, worth 3)"),
}
"""Each word as it is said at the table."""
ONZE_OURS = (mark("You are in the mão de onze: play it or run"), mark("We are in the mão de onze: play it or run"))
ONZE_OURS_NOW = (mark("You are in the mão de onze"), mark("We are in the mão de onze"))
"""The mão de onze of the reader's own side, said from it (alone, then with a partner), rather than "Mão de onze
for You"."""
FERRO = {"": mark("Mão de ferro (11 to 11): whoever wins the hand wins the match"),
         "blind": mark("Mão de ferro (11 to 11): whoever wins the hand wins the match; cards played unseen")}


def _viewers_side(names: TableNames, team: int) -> bool:
    """Whether ``team`` is the reader's side, as the table's names say: "You" alone or "Us" with a partner
    (:func:`~cartas.core.naming.viewer_names`); an event carries no viewer of its own."""
    return names.side(team) in (FRAMEWORK("You"), FRAMEWORK("Us"))


class PaulistaGame(Game):
    """Truco paulista with the vira and its manilhas (or truco mineiro's fixed manilhas), 2 or 4 players, to 12."""

    summary_kinds = view.SUMMARY_KINDS

    name = "truco_paulista"
    title = mark("Truco paulista")
    language = "pt-BR"
    match_points = TARGET
    """The match's fixed target, for the analysis's chance of winning (``cartas.core.analysis.odds``): paulista
    has no ``points`` option."""
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

    def deck_art(self, options: GameOptions) -> str:
        """The French-suited deck unless the table chose the Spanish one (``-o deck=spanish``)."""
        return str(getattr(options, "deck", "french"))

    def teams(self, options: GameOptions) -> tuple[int, ...] | None:
        return tuple(seat % 2 for seat in range(options.players))

    def action_text(self, action: Action) -> str:
        return words.action_text(action)  # type: ignore[arg-type]  # the state hands only paulista's actions

    def action_said(self, action: Action) -> str:
        """The word as it is shouted ("Truco!", "Seis!", "Aceito!", "Corro!"); a card as written."""
        said = CALLS.get(str(action))
        return _(said) if said is not None else super().action_said(action)

    def understand(self, text: str, legal: Sequence[Action]) -> Action | None:
        ours: list[PaulistaAction] = list(legal)  # type: ignore[arg-type]
        return words.understand(text, ours)

    def presentation(self) -> PaulistaPresentation:
        return PaulistaPresentation(self)


class PaulistaPresentation(Presentation):
    """How truco paulista reads and draws, in the language being spoken: its events, and the table with the
    vira, the score from the viewer's side and the rodadas."""

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        """The event as the table hears it: "Você: Truco!", "Rodada de Eles (Bot 1)", "2 pontos para Nós"."""
        kind, seat, detail = event.kind, event.seat, event.detail
        seated = names is not None  # the table's own names, one per seat: the seat that cuts can be named
        names = names or generic_names(4, (0, 1, 0, 1))  # no one in particular: Player 1-4, Team 1-2
        who = names.seat(seat) if 0 <= seat < len(names.seats) else ""
        if kind == "deal":
            cutter = cutter_seat(len(names.seats), seat) if who and seated else seat
            if cutter == seat:
                return _("{who}: deals", who=who)
            return _("{who}: shuffles and deals · cut: {cutter}", who=who, cutter=names.seat(cutter))
        if kind == "vira":
            return _("Vira: {card}", card=words.card_said(detail))
        if kind == "onze":
            if _viewers_side(names, int(detail)):
                return _(ONZE_OURS[len(names.seats) > 2])
            return _("Mão de onze for {side}: play it or run", side=names.side(int(detail)))
        if kind == "ferro":
            return _(FERRO[detail])
        if kind == "play":
            return _("{who}: plays {card}", who=who, card=words.card_said(detail))
        if kind == "hide":
            if detail:
                return _("{who}: plays {card} face down", who=who, card=words.card_said(detail))
            return _("{who}: plays a card face down", who=who)
        if kind in CALLS:
            return _("{who}: {call}", who=who, call=_(CALLS[kind]))
        if kind == "trick":
            if detail == "parda":
                return _("Tied rodada; {who} to lead again", who=who)
            side = names.side(int(detail))
            if side == who:  # two players: the side is the player, named once
                return _("Rodada to {side}", side=side)
            return _("Rodada to {side} ({who})", side=side, who=who)
        if kind == "hand":
            if detail == "empate":
                return _("Three tied rodadas: the same dealer deals the hand again")
            team, points = detail.split()
            return _.plural("{count} point for {side}", "{count} points for {side}", int(points),
                            side=names.side(int(team)))
        if kind == "forfeit":
            return _("Truco in a mão de onze: match to {side}", side=names.side(int(detail)))
        if kind == "match":
            return _("Match to {side}", side=names.side(int(detail)))
        return super().describe(event, names)

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        """The vira and its manilhas, the score from the seat's side, the stake, the rodadas, the partner's hand."""
        table = observation.table
        names = names or seat_side_names(observation.players, observation.teams, observation.seat)
        lines = []
        french = current_deck().name == FRENCH
        if table.get("vira"):
            order = _("clubs (zap) > hearts > spades > diamonds") if french else _("clubs (zap) > cups > swords > coins")
            lines.append(_("Vira: {card}   manilhas: the {rank}s ({manilhas})", card=words.card_said(table["vira"]),
                           rank=current_deck().rank_label(int(table["manilha"])), manilhas=order))
        else:
            fixed = (_("4 of clubs > 7 of hearts > ace of spades > 7 of diamonds") if french
                     else _("4 of clubs > 7 of cups > ace of swords > 7 of coins"))
            lines.append(_("Fixed manilhas: {manilhas}", manilhas=fixed))
        stake = _("worth {stake}", stake=table["stake"])
        if table.get("pending"):
            stake += _(", {call} asked by {side} (waiting for the answer)", call=table["pending"],
                       side=names.side(table["caller"]))
        first = 0 if observation.seat == PUBLIC_SEAT else observation.teams[observation.seat]
        scores = observation.scores
        lines.append(_("Score: {side} {score} x {other_score} {other}   {stake}", side=names.side(first),
                       score=scores[first], other_score=scores[1 - first], other=names.side(1 - first), stake=stake))
        if table.get("mao_de_onze") is not None:
            team = table["mao_de_onze"]
            if observation.seat != PUBLIC_SEAT and observation.teams[observation.seat] == team:
                lines.append(_(ONZE_OURS_NOW[observation.players > 2]))
            else:
                lines.append(_("Mão de onze for {side}", side=names.side(team)))
        if table.get("mao_de_ferro"):
            lines.append(_("Mão de ferro, unseen") if table.get("blind") else _("Mão de ferro"))
        for number, (plays, winner) in enumerate(zip(table["tricks"], table["trick_winners"]), start=1):
            outcome = _("tied") if winner < 0 else names.side(winner)
            lines.append(_("Rodada {number}: {plays} → {outcome}", number=number, plays=_plays_text(plays, names),
                           outcome=outcome))
        if table["current_trick"]:
            lines.append(_("On the table: {plays}", plays=_plays_text(table["current_trick"], names)))
        if table.get("partner_hand") is not None:
            lines.append(_("Partner's hand: {cards}", cards=" ".join(map(card_label, table["partner_hand"])) or "-"))
        if table.get("blind") and observation.seat != PUBLIC_SEAT:
            lines.append(_("Your cards (face down): {count}", count=table["hand_sizes"][observation.seat]))
        return lines

    def table_view(self, observation: Observation, names: TableNames | None = None) -> TableView:
        """The cards each seat has played (an encoberta as its back, even to the seat that hid it), the
        rodada on the table, the vira, and the hand by suit then rank."""
        return view.table_view(observation, self.table_lines(observation, names))


def _face(play: dict[str, Any]) -> str:
    return FACE_DOWN if play["face_down"] else str(play["card"])


def _plays_text(plays: list[dict[str, Any]], names: TableNames) -> str:
    parts = []
    for play in plays:
        if not play["card"]:
            card = _("face down")
        elif play["face_down"]:
            card = _("{card} face down", card=card_label(play["card"]))
        else:
            card = card_label(str(play["card"]))
        parts.append(f"{card} ({names.seat(play['seat'])})")
    return ", ".join(parts)
