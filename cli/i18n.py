"""The framework's own messages in English, Spanish and Portuguese.

Only what the framework says is translated (prompts, help, results); what a game says (its events, its table,
its rules) comes from the game in its own words. A missing translation falls back to English, so adding a
message never breaks a language.
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "es", "pt")

_MESSAGES: dict[str, dict[str, str]] = {
    "your_turn": {"en": "Your turn, seat {seat}.", "es": "Te toca, asiento {seat}.", "pt": "Sua vez, assento {seat}."},
    "legal_moves": {"en": "Legal moves:", "es": "Jugadas posibles:", "pt": "Jogadas possíveis:"},
    "prompt": {
        "en": "Move (number or words, ? for help): ",
        "es": "Jugada (número o palabras, ? para ayuda): ",
        "pt": "Jogada (número ou palavras, ? para ajuda): ",
    },
    "help": {
        "en": "Type the number of a move or its words (any case, accents optional).\n"
              "Commands: help or ? (this list), hint (what the strongest bot would do), rules (the rules),\n"
              "table (show the table again), quit (save and leave; continue later with 'cartas resume').",
        "es": "Escribí el número de una jugada o sus palabras (mayúsculas y acentos dan igual).\n"
              "Comandos: ayuda o ? (esta lista), pista (lo que haría el mejor bot), reglas (el reglamento),\n"
              "mesa (ver la mesa otra vez), salir (guardar y salir; seguir luego con 'cartas resume').",
        "pt": "Digite o número de uma jogada ou suas palavras (maiúsculas e acentos tanto faz).\n"
              "Comandos: ajuda ou ? (esta lista), dica (o que o melhor bot faria), regras (as regras),\n"
              "mesa (mostrar a mesa de novo), sair (salvar e sair; continuar depois com 'cartas resume').",
    },
    "bad_number": {
        "en": "There is no move {number}: choose 1 to {count}.",
        "es": "No hay jugada {number}: elegí de 1 a {count}.",
        "pt": "Não existe a jogada {number}: escolha de 1 a {count}.",
    },
    "not_understood": {
        "en": "Not understood: {reason} Type ? for help.",
        "es": "No se entiende: {reason} Escribí ? para ayuda.",
        "pt": "Não entendi: {reason} Digite ? para ajuda.",
    },
    "not_legal": {
        "en": "{move} is not a legal move now. Legal: {legal}.",
        "es": "{move} no se puede jugar ahora. Posibles: {legal}.",
        "pt": "{move} não pode ser jogada agora. Possíveis: {legal}.",
    },
    "hint": {
        "en": "The {level} bot would play: {move}",
        "es": "El bot {level} jugaría: {move}",
        "pt": "O bot {level} jogaria: {move}",
    },
    "hint_estimate": {
        "en": "  {move}: wins {value:.0%} of its tries ({visits})",
        "es": "  {move}: gana el {value:.0%} de sus pruebas ({visits})",
        "pt": "  {move}: ganha {value:.0%} das suas tentativas ({visits})",
    },
    "no_hint": {
        "en": "No bot is available for a hint.", "es": "No hay bot para dar pistas.", "pt": "Não há bot para dar dicas.",
    },
    "saved": {
        "en": "Match saved to {path}. Continue it with: cartas resume",
        "es": "Partida guardada en {path}. Seguila con: cartas resume",
        "pt": "Partida salva em {path}. Continue com: cartas resume",
    },
    "not_saved": {
        "en": "Match left unsaved (--no-save).",
        "es": "La partida no se guardó (--no-save).",
        "pt": "A partida não foi salva (--no-save).",
    },
    "winners": {"en": "Winners: {seats}.", "es": "Ganadores: {seats}.", "pt": "Vencedores: {seats}."},
    "you_win": {"en": "You win!", "es": "¡Ganaste!", "pt": "Você ganhou!"},
    "you_lose": {"en": "You lose.", "es": "Perdiste.", "pt": "Você perdeu."},
    "final_scores": {"en": "Final scores: {scores}", "es": "Tantos finales: {scores}", "pt": "Placar final: {scores}"},
    "scores": {"en": "Scores", "es": "Tantos", "pt": "Placar"},
    "dealer": {"en": "Dealer", "es": "Reparte", "pt": "Dá as cartas"},
    "mano": {"en": "Mano", "es": "Es mano", "pt": "É mão"},
    "turn": {"en": "To act", "es": "Juega", "pt": "Joga"},
    "your_cards": {"en": "Your cards", "es": "Tus cartas", "pt": "Suas cartas"},
    "hand_number": {"en": "Hand {number}", "es": "Mano {number}", "pt": "Mão {number}"},
    "just_now": {"en": "Just now:", "es": "Recién:", "pt": "Agora há pouco:"},
    "seat": {"en": "seat {seat}", "es": "asiento {seat}", "pt": "assento {seat}"},
    "you": {"en": "you", "es": "vos", "pt": "você"},
    "team": {"en": "team {team}", "es": "equipo {team}", "pt": "time {team}"},
    "match_over": {"en": "The match is over.", "es": "Terminó la partida.", "pt": "A partida terminou."},
    "ask_players": {"en": "Number of players", "es": "Cantidad de jugadores", "pt": "Número de jogadores"},
    "ask_points": {"en": "Points to play to", "es": "A cuántos puntos", "pt": "Até quantos pontos"},
    "ask_seat": {"en": "Your seat", "es": "Tu asiento", "pt": "Seu assento"},
    "ask_bot": {"en": "Bot level", "es": "Nivel de los bots", "pt": "Nível dos bots"},
    "seating": {"en": "Seats:", "es": "Asientos:", "pt": "Assentos:"},
    "seat_title": {"en": "Seat {seat}", "es": "Asiento {seat}", "pt": "Assento {seat}"},
    "players_list": {"en": "Players:", "es": "Jugadores:", "pt": "Jogadores:"},
    "ask_teams": {
        "en": "Teams (players by name or number, / between teams)",
        "es": "Equipos (jugadores por nombre o número, / entre equipos)",
        "pt": "Times (jogadores por nome ou número, / entre times)",
    },
    "ask_order": {
        "en": "Seat order, from seat 0 (partners alternate)",
        "es": "Orden en la mesa, desde el asiento 0 (los compañeros se alternan)",
        "pt": "Ordem na mesa, a partir do assento 0 (os parceiros se alternam)",
    },
    "resuming": {
        "en": "Resuming {game} after {moves} moves ({path}).",
        "es": "Retomando {game} tras {moves} jugadas ({path}).",
        "pt": "Retomando {game} após {moves} jogadas ({path}).",
    },
}


class Messages:
    """The framework's messages in one language: ``msg("your_turn", seat=2)``."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LANGUAGES)}")
        self.lang = lang

    def __call__(self, key: str, **values: object) -> str:
        texts = _MESSAGES[key]
        return texts.get(self.lang, texts["en"]).format(**values)


COMMAND_WORDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "?", "ayuda", "ajuda", "h"),
    "hint": ("hint", "pista", "dica"),
    "rules": ("rules", "reglas", "regras", "reglamento"),
    "table": ("table", "mesa", "t"),
    "quit": ("quit", "exit", "salir", "sair", "q"),
}
"""Words that are commands rather than moves, in every language (a game's moves never use these words)."""


def command_of(word: str) -> str | None:
    """The command a typed word names, or ``None`` if it is not a command."""
    for command, words in COMMAND_WORDS.items():
        if word in words:
            return command
    return None
