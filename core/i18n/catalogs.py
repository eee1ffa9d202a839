"""Keeping the gettext catalogs of a domain true to its code: extract, update, compile and check, with Babel.

A domain is a :class:`~cartas.core.i18n.Catalog` and the source folders its messages come from. The framework's
domain (``cartas``) reads ``core/``, ``cli/`` and ``online/``; a game's domain reads its own package, found
through the package's ``i18n`` module (the ``_`` it defines). The same commands serve a third-party plugin::

    python -m cartas.core.i18n.catalogs extract              # every built-in domain: locale/<domain>.pot
    python -m cartas.core.i18n.catalogs update --add es      # merge the code into each .po (and start es)
    python -m cartas.core.i18n.catalogs compile              # each .po to its .mo, beside it
    python -m cartas.core.i18n.catalogs check                # what a translator still owes, and stale .mo files
    python -m cartas.core.i18n.catalogs check my_game        # a plugin's package

Babel is needed only here (the ``test`` extra has it); playing reads the compiled ``.mo`` files with the
standard library.
"""

from __future__ import annotations

import argparse
import gettext
import importlib
import string
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .catalog import FRAMEWORK, Catalog

KEYWORDS: dict[str, Any] = {"_": None, "mark": None, "plural": (1, 2)}
"""The calls that carry a message: ``_("...")``, ``mark("...")`` for constants, ``_.plural("...", "...", n)``."""

BUILT_IN_GAMES = ("cartas.games.truco", "cartas.games.truco_paulista", "cartas.games.chinchon", "cartas.games.tresillo",
                  "cartas.games.escoba")


@dataclass(frozen=True)
class Domain:
    """A gettext domain: where its catalogs live and which source folders speak through it."""

    name: str
    localedir: Path
    sources: tuple[Path, ...]

    def po_files(self) -> list[Path]:
        """The shipped translations, one per language directory (``es``, ``es_AR``, ``pt``)."""
        return sorted(self.localedir.glob(f"*/LC_MESSAGES/{self.name}.po"))

    def language_of(self, po: Path) -> str:
        return po.parent.parent.name


def framework_domain() -> Domain:
    """The framework's ``cartas`` domain: the core, the command line and the server."""
    core = Path(FRAMEWORK.localedir).parent.parent
    sources = [core]
    for package in ("cartas.cli", "cartas.online"):
        module = importlib.import_module(package)
        if module.__file__ is not None:
            sources.append(Path(module.__file__).parent)
    return Domain(FRAMEWORK.domain, Path(FRAMEWORK.localedir), tuple(sources))


def package_domain(package: str) -> Domain:
    """A game's domain, from the ``_`` catalog its ``<package>.i18n`` module defines; its sources are the package."""
    module = importlib.import_module(f"{package}.i18n")
    catalog = getattr(module, "_", None)
    if not isinstance(catalog, Catalog):
        raise SystemExit(f"{package}.i18n defines no Catalog named _")
    localedir = Path(catalog.localedir)
    return Domain(catalog.domain, localedir, (localedir.parent,))


def domains(packages: Sequence[str] = ()) -> list[Domain]:
    """The domains named (``cartas`` is the framework), or the framework's and every built-in game's."""
    names = list(packages) or ["cartas", *BUILT_IN_GAMES]
    found: dict[str, Domain] = {}
    for name in names:
        domain = framework_domain() if name == "cartas" else package_domain(name)
        found.setdefault(domain.name, domain)  # chinchón and remigio share a domain
    return list(found.values())


# --- extracting ------------------------------------------------------------------------------------


def extract(domain: Domain) -> Any:
    """The messages the code of ``domain`` uses, as a Babel catalog (a template)."""
    from babel.messages.catalog import Catalog as BabelCatalog
    from babel.messages.extract import extract_from_dir

    template = BabelCatalog(domain=domain.name, project="cartas", charset="utf-8")
    for source in domain.sources:
        for filename, lineno, message, comments, context in extract_from_dir(
            source, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
        ):
            path = source / filename
            template.add(message, None, [(str(path.relative_to(source.parent)), lineno)],
                         auto_comments=comments, context=context)
    return template


def msgids(domain: Domain) -> set[str]:
    """Every message id the code uses (a plural by its singular)."""
    return {_msgid(message.id) for message in extract(domain) if message.id}


def _msgid(message_id: str | Sequence[str]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


# --- the commands ----------------------------------------------------------------------------------


def write_template(domain: Domain) -> Path:
    from babel.messages.pofile import write_po

    path = domain.localedir / f"{domain.name}.pot"
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_atomically(path, lambda out: write_po(out, extract(domain), width=120, omit_header=False))
    return path


def update(domain: Domain, add: Iterable[str] = ()) -> list[Path]:
    """Merge the code's messages into every ``.po`` (new ones untranslated, gone ones obsolete); start ``add``."""
    from babel.messages.catalog import Catalog as BabelCatalog
    from babel.messages.pofile import read_po, write_po

    template = extract(domain)
    paths = domain.po_files()
    for language in add:
        path = domain.localedir / language / "LC_MESSAGES" / f"{domain.name}.po"
        if path not in paths:
            path.parent.mkdir(parents=True, exist_ok=True)
            start = BabelCatalog(locale=language, domain=domain.name, project="cartas")
            start.fuzzy = False
            _write_atomically(path, lambda out, c=start: write_po(out, c, width=120, no_location=True))
            paths.append(path)
    for path in paths:
        with path.open("rb") as source:
            catalog = read_po(source, locale=domain.language_of(path))
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        # No source locations: they would change with every edit of the code and make merges of catalogs fight.
        _write_atomically(path, lambda out, c=catalog: write_po(
            out, c, width=120, ignore_obsolete=True, no_location=True, omit_header=False))
    return paths


def compile_catalogs(domain: Domain) -> list[Path]:
    """Each ``.po`` to the ``.mo`` beside it (what :class:`~cartas.core.i18n.Catalog` reads)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for path in domain.po_files():
        with path.open("rb") as source:
            catalog = read_po(source, locale=domain.language_of(path))
        target = path.with_suffix(".mo")
        _write_atomically(target, lambda out, c=catalog: write_mo(out, c))
        written.append(target)
    return written


def problems(domain: Domain) -> list[str]:
    """What keeps ``domain``'s catalogs from matching its code, one line each (empty when complete):
    a message used in the code and missing, fuzzy or untranslated in a language; placeholders that differ
    between a message and its translation; a ``.mo`` that does not say what its ``.po`` says."""
    from babel.messages.pofile import read_po

    used = msgids(domain)
    found: list[str] = []
    for path in domain.po_files():
        language = domain.language_of(path)
        where = f"{domain.name} [{language}]"
        with path.open("rb") as source:
            catalog = read_po(source, locale=language)
        translated: dict[str, Any] = {}
        for message in catalog:
            if not message.id:
                continue
            key = _msgid(message.id)
            if message.fuzzy or not all(message.string if isinstance(message.string, tuple) else (message.string,)):
                continue
            translated[key] = message
            found.extend(f"{where}: {problem}" for problem in _placeholder_problems(message))
        found.extend(f"{where}: untranslated: {key!r}" for key in sorted(used - set(translated)))
        found.extend(f"{where}: {problem}" for problem in _stale(path, translated.values()))
    return found


def _fields(text: str) -> set[str]:
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return {"<unbalanced braces>"}


def _placeholder_problems(message: Any) -> list[str]:
    if isinstance(message.id, str):
        if _fields(message.id) != _fields(message.string):
            return [f"placeholders differ: {message.id!r} -> {message.string!r}"]
        return []
    # The first form answers the singular, the others the plural; a form may leave out {count} (``one point``),
    # and the singular and plural may name different things (click's ``{possibility}`` and ``{possibilities}``).
    allowed = _fields(message.id[0]) | _fields(message.id[1])
    return [f"placeholders differ: {message.id[index > 0]!r} -> {form!r}" for index, form in enumerate(message.string)
            if not _fields(message.id[index > 0]) - {"count"} <= _fields(form) <= allowed]


def _stale(po: Path, messages: Iterable[Any]) -> list[str]:
    mo = po.with_suffix(".mo")
    if not mo.exists():
        return [f"{mo.name} missing: compile the catalogs"]
    with mo.open("rb") as source:
        compiled = gettext.GNUTranslations(source)
    for message in messages:
        if isinstance(message.id, str):
            stale = compiled.gettext(message.id) != message.string
        else:
            stale = compiled.ngettext(message.id[0], message.id[1], 1) != message.string[0]
        if stale:
            return [f"{mo} is stale against its .po: compile the catalogs"]
    return []


def _write_atomically(path: Path, write: Any) -> None:
    temporary = path.with_name(path.name + ".tmp")
    with temporary.open("wb") as out:
        write(out)
    temporary.replace(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cartas.core.i18n.catalogs", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "check"))
    parser.add_argument("packages", nargs="*", help="cartas (the framework) or a game's package; all built-in if none")
    parser.add_argument("--add", action="append", default=[], metavar="LANG", help="start a language (update)")
    args = parser.parse_args(argv)
    failed = False
    for domain in domains(args.packages):
        if args.command == "extract":
            print(write_template(domain))
        elif args.command == "update":
            for path in update(domain, args.add):
                print(path)
        elif args.command == "compile":
            for path in compile_catalogs(domain):
                print(path)
        else:
            found = problems(domain)
            failed = failed or bool(found)
            print("\n".join(found) if found else f"{domain.name}: complete")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
