"""The bare reference's same-JSON routes (``bench/bare_app.py``): one module per service whose
loaded requests the bare app answers with the JSON ours answers, each with a ``register(bare)``
that adds its routes. A service without a module is answered one row by id."""

from __future__ import annotations

import importlib
import pkgutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask


@dataclass(frozen=True)
class Bare:
    """What a service's routes need: the app, the thread's ``sqlite3`` connection (rows by
    column name) and the caller's user id from the bearer token (401 without one)."""

    app: Flask
    db: Callable[[], sqlite3.Connection]
    caller: Callable[[], int]


def iso(stored: str | None) -> str | None:
    """A naive UTC timestamp as SQLite holds it (``2026-03-02 09:00:00.000000``) as ours
    renders it (``2026-03-02T09:00:00Z``)."""
    return None if stored is None else stored[:19].replace(" ", "T") + "Z"


def services() -> list[str]:
    """The services that have same-JSON routes."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__))


def register(service: str, bare: Bare) -> bool:
    """Add ``service``'s same-JSON routes to ``bare.app``; False when it has none."""
    try:
        module = importlib.import_module(f"{__name__}.{service}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{service}":
            raise
        return False
    module.register(bare)
    return True
