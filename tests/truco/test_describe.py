"""Truco speaks Argentine Spanish at its table: every event the state emits, and the table as a seat sees it
(with generic names: these tests pass none)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from collections.abc import Callable, Iterator

import pytest

from cartas.core.events import Event
from cartas.core.presentation import Presentation
from cartas.core.i18n import speaking
from cartas.games.truco import state as state_module
from cartas.games.truco.actions import SIGNS
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.state import TrucoState

GAME = TrucoGame()


@pytest.fixture(autouse=True)
def argentine() -> Iterator[None]:
    """Truco's own language, as the terminal speaks it by default."""
    with speaking("es-AR"):
        yield
Start = Callable[..., TrucoState]
Run = Callable[..., None]

# The .py file beside the module: in the compiled build (tools/compiled.py) the module is a .so.
STATE_SOURCE = (Path(state_module.__file__).parent / "state.py").read_text(encoding="utf-8")
EMITTED = frozenset(re.findall(r'self\.emit\(\s*"(\w+)"', STATE_SOURCE))
"""Every event kind the state emits, read from its source so a new kind cannot go unnoticed."""


def generic(event: Event) -> str:
    """What the base class would write, which truco must never fall back to."""
    return Presentation.describe(GAME.presentation(), event)


@pytest.mark.parametrize(("event", "text"), [
    (Event("deal", 3), "Jugador 4: reparto"),
    (Event("duel", 1, "4"), "Pica-pica: Jugador 2 y Jugador 5"),
    (Event("play", 0, "1E"), "Jugador 1: tiro 1E"),
    (Event("trick", 2, "1"), "Primera: Jugador 3"),
    (Event("trick", 1, "3"), "Tercera: Jugador 2"),
    (Event("parda", -1, "2"), "Parda la segunda"),
    (Event("truco", 1, "truco"), "Jugador 2: ¡Truco!"),
    (Event("truco", 0, "retruco"), "Jugador 1: ¡Quiero retruco!"),
    (Event("truco", 1, "vale cuatro"), "Jugador 2: ¡Quiero vale cuatro!"),
    (Event("envido", 1, "envido"), "Jugador 2: ¡Envido!"),
    (Event("envido", 0, "real envido"), "Jugador 1: ¡Real envido!"),
    (Event("envido", 3, "falta envido"), "Jugador 4: ¡Falta envido!"),
    (Event("flor", 0, "flor"), "Jugador 1: ¡Flor!"),
    (Event("flor", 1, "contraflor"), "Jugador 2: ¡Contraflor!"),
    (Event("flor", 1, "contraflor al resto"), "Jugador 2: ¡Contraflor al resto!"),
    (Event("flor", 3, "con flor me achico"), "Jugador 4: Con flor me achico."),
    (Event("quiero", 2), "Jugador 3: ¡Quiero!"),
    (Event("no_quiero", 1), "Jugador 2: ¡No quiero!"),
    (Event("mazo", 3), "Jugador 4: me voy al mazo"),
    (Event("tanto", 0, "33"), "Jugador 1: Tengo 33"),
    (Event("flor_tanto", 1, "38"), "Jugador 2: Tengo 38 de flor"),
    (Event("points", 1, "2 envido"), "Equipo 2: +2 puntos (envido)"),
    (Event("points", 0, "3 flor"), "Equipo 1: +3 puntos (flor)"),
    (Event("points", 0, "2 mazo"), "Equipo 1: +2 puntos (mazo)"),
    (Event("points", 1, "1 truco"), "Equipo 2: +1 punto (truco no querido)"),
    (Event("points", 0, "2 truco"), "Equipo 1: +2 puntos (retruco no querido)"),
    (Event("points", 0, "1 hand"), "Gana la mano: Equipo 1, 1 punto"),
    (Event("points", 1, "3 hand"), "Gana la mano: Equipo 2, 3 puntos (retruco)"),
    (Event("match", 0, "30-24"), "Gana el partido: Equipo 1, 30 a 24"),
    (Event("match", 1, "24-30"), "Gana el partido: Equipo 2, 30 a 24"),
    (Event("seña", 2, "ancho_espada"), "Seña (Jugador 3): el ancho de espada"),
    (Event("seña_vista", 2, "tres"), "¡Seña vista! Jugador 3, al compañero: un tres"),
    (Event("envido_shown", 0, "7E 6E 33"), "Jugador 1: Muestro el 7 y el 6 de espadas (33)"),
    (Event("envido_shown", 1, "12O 10O 20"), "Jugador 2: Muestro el rey y la sota de oros (20)"),
    (Event("envido_shown", 1, "5C 5"), "Jugador 2: Muestro el 5 de copas (5)"),
    (Event("flor_shown", 3, "7B 6B 1B 34"), "Jugador 4: Muestro la flor, el 7, el 6 y el as de bastos (34)"),
])
def test_describe_exact_lines(event: Event, text: str) -> None:
    assert GAME.describe(event) == text


def test_every_emitted_kind_has_its_own_words() -> None:
    samples = {
        "deal": "", "duel": "4", "play": "7O", "trick": "2", "parda": "1", "truco": "truco", "envido": "envido",
        "flor": "flor", "quiero": "", "no_quiero": "", "mazo": "", "tanto": "27", "flor_tanto": "31",
        "son_buenas": "envido", "points": "1 hand", "match": "30-12", "seña": "nada", "seña_vista": "flor", "envido_shown": "7E 6E 33",
        "flor_shown": "7B 6B 1B 34",
    }
    assert EMITTED == set(samples)
    for kind, detail in samples.items():
        event = Event(kind, 1, detail)
        assert GAME.describe(event) != generic(event), kind


def test_every_sena_reads_in_spanish() -> None:
    for sign in SIGNS:
        line = GAME.describe(Event("seña", 0, sign))
        assert "_" not in line and line != generic(Event("seña", 0, sign))


@pytest.mark.parametrize("options", [
    {"players": 2, "flor": True, "points": 15}, {"players": 4, "flor": True, "senas_caught": 0.5}, {"players": 6},
])
def test_random_matches_never_fall_back_to_the_generic_text(options: dict[str, object]) -> None:
    rng = random.Random(4)
    for seed in range(3):
        state = GAME.start(options, seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        for event in state.events:
            assert event.kind in EMITTED
            line = GAME.describe(event)
            assert line != generic(event) and "Seat" not in line
        assert isinstance(state, TrucoState)
        assert all(GAME.table_lines(state.observation(seat)) for seat in range(state.n))


def test_a_hand_told_and_its_table(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 truco", "1 envido", "0 quiero", "1 quiero", "0 play 1B", "1 play 5C", "0 play 7E")
    assert [GAME.describe(e) for e in state.events] == [
        "Jugador 2: reparto", "Jugador 1: ¡Truco!", "Jugador 2: ¡Envido!", "Jugador 1: ¡Quiero!",
        "Jugador 1: Tengo 33", "Jugador 2: Son buenas", "Equipo 1: +2 puntos (envido)", "Jugador 2: ¡Quiero!",
        "Jugador 1: tiro 1B", "Jugador 2: tiro 5C", "Primera: Jugador 1", "Jugador 1: tiro 7E",
    ]
    assert GAME.table_lines(state.observation(1)) == [
        "Nosotros 0 (malas) – Ellos 2 (malas), a 30",
        "Reparte: Jugador 2 · mano: Jugador 1",
        "Primera: 1B (Jugador 1), 5C (Jugador 2) → Ellos",
        "En la mesa: 7E (Jugador 1)",
        "Truco querido: vale 2; el quiero: Nosotros",
        "Envido jugado: envido",
        "Tenés 29 de envido",
    ]


def test_the_score_line_shows_malas_and_buenas_only_to_thirty(start: Start) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O", "4O 5B 6C", "4E 10E 5E"], scores=[16, 12])
    assert GAME.table_lines(state.observation(1))[0] == "Nosotros 12 (malas) – Ellos 16 (buenas), a 30"
    state = start(["7E 6E 1B", "5C 4C 12O"], scores=[3, 7], points=15)
    assert GAME.table_lines(state.observation(0))[0] == "Nosotros 3 – Ellos 7, a 15"


def test_pending_calls_on_the_table(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 truco")
    assert "La mano vale 1; cantaron truco, falta la respuesta" in GAME.table_lines(state.observation(1))
    run(state, "1 envido", "0 envido", "1 real envido")
    assert "Envido en juego: envido, envido, real envido" in GAME.table_lines(state.observation(0))
    state = start(["7O 6O 5O", "4C 5C 6C"], flor=True)
    run(state, "0 flor", "1 contraflor")
    lines = GAME.table_lines(state.observation(0))
    assert "Flor en juego: contraflor" in lines and "Tenés 33 de envido y flor de 38" in lines


def test_table_lines_name_the_duel() -> None:
    state = GAME.start({"players": 6}, seed=11)
    state.apply("mazo", state.to_act[0])
    assert "Pica-pica: Jugador 2 y Jugador 5" in GAME.table_lines(state.observation(1))
