"""The PEP 517 backend: setuptools', plus mypy among the build's requirements when the compiled build is asked for.

``setup.py`` compiles when ``CARTAS_COMPILE=1`` is set; this backend also takes it as a config setting
(``pip wheel --config-settings compile=1 .``) and adds mypy (which carries mypyc) to what pip installs in the
isolated build environment, so the pure build does not download it.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (every other hook is setuptools' own)

MYPY = "mypy>=1.8"


def _compile(config_settings: dict[str, Any] | None) -> bool:
    value = (config_settings or {}).get("compile")
    if value is not None:
        os.environ["CARTAS_COMPILE"] = str(value)
    return os.environ.get("CARTAS_COMPILE", "").strip().lower() in ("1", "true", "yes", "on")


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    extra = [MYPY] if _compile(config_settings) else []
    required: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    return [*required, *extra]


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    _compile(config_settings)
    name: str = _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
    return name
