"""Truco argentino: the game's options, its registration data and how its events and table read, in the
language being spoken (Argentine Spanish at its own table: "Vos: ¡Truco!", "Ellos: +2 puntos (envido)")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import Field

from cartas.core import (
    Action, Card, Event, Game, GameOptions, Observation, Position, Presentation, Table, TableNames,
    TableView, by_suit_then_rank, cutter_seat, generic_names,
)
from cartas.core.i18n import mark

from .actions import CARDS, TrucoAction, parse_action
from .i18n import _
from .presentation import lines, shown, view, words
from .presentation.lines import ACCEPTED, FLOR_CALLS, TRICK_NAMES  # noqa: F401  # named here before
from .state import TrucoState


class TrucoOptions(GameOptions):
    """The options of truco argentino; the defaults are the rules as the seeds describe them."""

    players: Literal[2, 4, 6] = 2
    points: Literal[15, 30] = Field(default=30, title=mark("Points"), description=mark("the score that wins the match"))
    third_tie: Literal["mano", "first"] = Field(
        default="mano", title=mark("Third trick tied"), description=mark("who wins a hand of one trick each and a tied third: the mano, or the first trick's winner"),
        json_schema_extra={"choice_labels": {"mano": mark("the mano"), "first": mark("the first trick's winner")}},
    )
    falta_mode: Literal["malas_buenas", "to_game"] = Field(
        default="malas_buenas", title=mark("Falta envido"), description=mark("falta envido counts to 15 while the leader is in the malas, or always to the target"),
        json_schema_extra={"choice_labels": {"malas_buenas": mark("malas and buenas"), "to_game": mark("to the target")}},
    )
    envido_callers: Literal["pies", "all"] = Field(
        default="pies", title=mark("Who may call envido"), description=mark("with 4 or 6 players, who may call and raise the envido: the two pies, or anyone"),
        json_schema_extra={"choice_labels": {"pies": mark("the pies"), "all": mark("anyone")}},
    )
    flor: bool = Field(default=False, title=mark("Flor"), description=mark("play with flor, contraflor and contraflor al resto"))
    pica_pica: bool = Field(default=True, title=mark("Pica-pica"), description=mark("with 6 players, alternate redondas and pica-pica hands"))
    senas_caught: float = Field(
        default=0.0, ge=0.0, le=1.0, title=mark("Señas caught"),
        description=mark("the chance that the opponents catch a seña"),
    )


HAND_SIZE = 3
"""Cards dealt to each seat; a seat holds those it has not played."""
TRICK_WON = {
    "1": mark("First trick: {who}"), "2": mark("Second trick: {who}"), "3": mark("Third trick: {who}"),
}
TRICK_TIED = {"1": mark("The first trick is tied (parda)"), "2": mark("The second trick is tied (parda)"),
              "3": mark("The third trick is tied (parda)")}
CALLS = {
    "truco": mark("Truco!"), "retruco": mark("Retruco!"), "vale cuatro": mark("Vale cuatro!"),
    "envido": mark("Envido!"), "real envido": mark("Real envido!"), "falta envido": mark("Falta envido!"),
    "flor": mark("Flor!"), "contraflor": mark("Contraflor!"), "contraflor al resto": mark("Contraflor al resto!"),
    "con flor me achico": mark("With a flor against me, I back down (con flor me achico)."),
}
"""Each call as it is sung at the table; a raise of the truco is sung with its quiero."""
ANSWERS = {"quiero": mark("Quiero!"), "no_quiero": mark("No quiero!")}
HAND_STAKE = {1: "", 2: " (truco)", 3: " (retruco)", 4: " (vale cuatro)"}
"""What was accepted, told by what a hand played out scores."""
REFUSED = {1: mark("truco refused"), 2: mark("retruco refused"), 3: mark("vale cuatro refused")}
"""The call refused, told by what the refusal scores."""
REASONS = {"envido": mark("envido"), "flor": mark("flor"), "mazo": mark("mazo")}


class TrucoGame(Game):
    """Truco argentino for 2, 4 or 6 players, with envido, truco, optional flor and partners' señas."""

    summary_kinds = view.SUMMARY_KINDS

    name = "truco"
    title = mark("Argentine truco")
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

    def action_text(self, action: Action) -> str:
        assert isinstance(action, TrucoAction)
        return words.action_text(action)

    def action_said(self, action: Action) -> str:
        """The call as it is sung ("¡Truco!", "¡Quiero retruco!", "¡No quiero!"); a card or a seña as written."""
        text = str(action)
        if text in CALLS:
            return _(CALLS[text])
        answer = text.replace(" ", "_")
        if answer in ANSWERS:
            return _(ANSWERS[answer])
        return super().action_said(action)

    def understand(self, text: str, legal: Sequence[Action]) -> Action | None:
        return words.understand(text, [action for action in legal if isinstance(action, TrucoAction)])

    def presentation(self) -> TrucoPresentation:
        return TrucoPresentation(self)


class TrucoPresentation(Presentation):
    """How truco reads and draws, in the language being spoken: its events as the table hears them, the
    hand told with the tantos shown, and the table from the viewer's side."""

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        """The event as the table hears it: "Vos: ¡Truco!", "Parda la primera", "Ellos: +2 puntos (envido)"."""
        kind, detail = event.kind, event.detail
        seated = names is not None  # the table's own names, one per seat: the seat that cuts can be named
        names = names or generic_names(6, (0, 1) * 3)  # no one in particular: Player 1-6, Team 1-2
        who = names.seat(event.seat) if 0 <= event.seat < len(names.seats) else ""
        if kind == "deal":
            cutter = cutter_seat(len(names.seats), event.seat) if who and seated else event.seat
            if cutter == event.seat:
                return _("{who}: deals", who=who)
            return _("{who}: shuffles and deals · cut: {cutter}", who=who, cutter=names.seat(cutter))
        if kind == "duel":
            return _("Pica-pica: {who} against {other}", who=who, other=names.seat(int(detail)))
        if kind == "play":
            return _("{who}: plays {card}", who=who, card=detail)
        if kind == "trick":
            return _(TRICK_WON[detail], who=who)
        if kind == "parda":
            return _(TRICK_TIED[detail])
        if kind in ("truco", "envido", "flor"):
            return _("{who}: {call}", who=who, call=_(CALLS[detail]))
        if kind in ANSWERS:
            return _("{who}: {call}", who=who, call=_(ANSWERS[kind]))
        if kind == "mazo":
            return _("{who}: goes to the mazo", who=who)
        if kind == "tanto":
            return _("{who}: I have {points}", who=who, points=detail)
        if kind == "flor_tanto":
            return _("{who}: I have {points} of flor", who=who, points=detail)
        if kind == "son_buenas":
            return _("{who}: Yours are good", who=who)
        if kind in shown.SHOWN_KINDS:
            return shown.describe_shown(event, who)
        if kind == "points":
            # A team's events name its first seat, which is the team's number since partners alternate.
            return _points(names.side(event.seat % 2), detail)
        if kind == "match":
            team = event.seat % 2
            scores = detail.split("-")
            return _("Match to {side}, {score} to {other_score}", side=names.side(team), score=scores[team],
                     other_score=scores[1 - team])
        if kind == "seña":
            return _("{who}: signals {sign} to the partner", who=who, sign=_(words.SIGN_NAMES[detail]))
        if kind == "seña_vista":
            return _("Signal seen! {who} showed the partner {sign}", who=who, sign=_(words.SIGN_NAMES[detail]))
        return super().describe(event, names)

    def hand_summary(self, events: Sequence[Event], names: TableNames | None = None) -> list[str]:
        """The envido and the flor with the cards shown ("Envido: Nosotros 33 (el 7 y el 6 de espadas), Ellos
        29"), then the tricks and the points."""
        said = names or generic_names(6, (0, 1) * 3)
        return shown.summary_lines(events, said, lambda event: self.describe(event, said), self.game.summary_kinds)

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        """The score from the seat's side (nosotros, ellos), who deals and who is mano, the tricks, the stake
        (:func:`cartas.games.truco.presentation.lines.table_lines`, compiled with the engine in the compiled build)."""
        return lines.table_lines(observation, names)

    def table_view(self, observation: Observation, names: TableNames | None = None) -> TableView:
        """The cards each seat has played this hand, the trick on the table, the hand by suit then rank; the
        lines name the players as ``names`` (the viewer's) do, like the events."""
        return view.table_view(observation, self.table_lines(observation, names))


def _points(side: str, detail: str) -> str:
    """A side's points and why: the hand won (at its stake), a refused call, a mazo, an envido or a flor."""
    text, _space, why = detail.partition(" ")
    points = int(text)
    if why == "hand":
        return _.plural("The hand goes to {side}: {count} point{stake}", "The hand goes to {side}: {count} points{stake}",
                        points, side=side, stake=HAND_STAKE[points])
    reason = _(REFUSED[points]) if why == "truco" else _(REASONS[why])
    return _.plural("{count} point for {side} ({reason})", "{count} points for {side} ({reason})", points,
                    side=side, reason=reason)
