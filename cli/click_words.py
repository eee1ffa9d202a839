"""click's own words (``Usage:``, ``Error:``, ``No such option``, ``Show this message and exit.``) in the
language the command speaks, from the framework's catalog.

click marks its messages for the standard library's global gettext (``from gettext import gettext as _``) and
ships no translations. Its calls read the process's default domain (``gettext.textdomain``) from the folder
bound to it (``gettext.bindtextdomain``), in the languages of the ``LANGUAGE`` variable: the way any gettext
program is told its message language. So the command line binds the framework's domain as the default one and
sets ``LANGUAGE`` to the language chosen (:func:`click_speaking`, around the whole command, restored after it);
click's messages that cartas users meet are listed here, so the catalogs carry them and their test checks them.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

import click.types

from cartas.core.i18n import FRAMEWORK, gettext_languages, mark


def plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message click translates with ``ngettext`` (extracted as a plural, like ``_.plural``)."""
    return singular, plural


CLICK_MESSAGES: tuple[str | tuple[str, str], ...] = (
    # the help page
    mark("Usage:"),
    mark("Options"),
    mark("Commands"),
    mark("Show this message and exit."),
    mark("Show the version and exit."),
    mark("%(prog)s, version %(version)s"),
    mark("default: {default}"),
    mark("required"),
    mark("env var: {var}"),
    # errors
    mark("Error: {message}"),
    mark("Try '{command} {option}' for help."),
    mark("Aborted!"),
    mark("Missing command."),
    mark("No such command {name!r}."),
    mark("No such option {name!r}."),
    plural("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    plural("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    plural("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    mark("Option {name!r} does not take a value."),
    mark("Missing argument"),
    mark("Missing option"),
    mark("Missing parameter"),
    mark("Invalid value: {message}"),
    mark("Invalid value for {param_hint}: {message}"),
    plural("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    mark("{value!r} is not a valid {number_type}."),
    mark("{value} is not in the range {range}."),
    mark("{value!r} is not a valid boolean. Recognized values: {states}"),
    mark("{name} {filename!r} does not exist."),
    mark("{name} {filename!r} is a directory."),
    mark("{name} {filename!r} is not readable."),
    mark("file"),
    mark("directory"),
    mark("path"),
    # prompts
    mark("Error: invalid input"),
    mark("Press any key to continue..."),
)
"""The messages of click a person meets at cartas's command line, marked so the framework's catalogs carry them."""

NUMBER_TYPE_NAMES: dict[str, str] = {
    "IntParamType": mark("integer"),
    "IntRange": mark("integer range"),
    "FloatParamType": mark("float"),
    "FloatRange": mark("float range"),
}
"""click's number types by class, with the name click puts in a refusal (``'x' is not a valid integer``) and,
upper-cased, in the help (``INTEGER RANGE``). click reads the class's ``name`` as it is, untranslated, so the
command line sets it to the language spoken (:func:`speak_to_click`) and back to English after."""

LANGUAGE_ENV = "LANGUAGE"
"""The gettext variable that names the message language, ahead of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``."""

_SPEAKING: ContextVar[bool] = ContextVar("cartas_click_speaking", default=False)


def speak_to_click(language: str) -> None:
    """From now on click's messages are in ``language`` (a BCP-47 tag), from the framework's catalog."""
    gettext.bindtextdomain(FRAMEWORK.domain, FRAMEWORK.localedir)
    gettext.textdomain(FRAMEWORK.domain)
    os.environ[LANGUAGE_ENV] = ":".join(gettext_languages(language))
    _name_number_types(gettext.gettext)


def _name_number_types(translate: Callable[[str], str]) -> None:
    """Give click's number types their names as ``translate`` says them (see :data:`NUMBER_TYPE_NAMES`)."""
    for class_name, message in NUMBER_TYPE_NAMES.items():
        setattr(getattr(click.types, class_name), "name", translate(message))


@contextmanager
def click_speaking(language: str) -> Iterator[None]:
    """click speaks ``language`` inside the block (and whatever a command inside changes it to, so an error
    raised there is shown in the language of its message); the process's gettext settings are restored after.

    Nested blocks only change the language: the outermost one restores, after click has shown the error."""
    if _SPEAKING.get():
        speak_to_click(language)
        yield
        return
    domain, variable = gettext.textdomain(), os.environ.get(LANGUAGE_ENV)
    token = _SPEAKING.set(True)
    try:
        speak_to_click(language)
        yield
    finally:
        _SPEAKING.reset(token)
        _name_number_types(str)
        gettext.textdomain(domain)
        if variable is None:
            os.environ.pop(LANGUAGE_ENV, None)
        else:
            os.environ[LANGUAGE_ENV] = variable


def asked_language(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` in a command line (``--lang es`` or ``--lang=es``), before click has read it:
    the language of the help and the errors click shows while it parses."""
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--lang="):
            return word.partition("=")[2]
    return None
