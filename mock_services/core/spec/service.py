"""What a service tells the core about itself: name, port, models, seed schema and blueprints."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Blueprint
from sqlalchemy.orm import DeclarativeBase, Session

from mock_services.core.body_limit import DEFAULT_MAX_BODY_BYTES

if TYPE_CHECKING:
    from mock_services.core.api import Api
    from mock_services.core.auth import UserMixin
    from mock_services.core.seeding import SeedContext, ServiceSeed


@dataclass(frozen=True)
class ServiceSpec:
    """One mock service. ``load`` writes a validated seed into a session; ``dump`` reads it back."""

    name: str
    port: int
    title: str
    base: type[DeclarativeBase]
    user_model: type[UserMixin]
    seed_model: type[ServiceSeed]
    load: Callable[[Session, Any, SeedContext], None]  # Any: each takes its own seed_model
    dump: Callable[[Session, SeedContext], ServiceSeed]
    apis: tuple[Api, ...]
    default_seed: Callable[[], dict[str, Any]]
    description: str = ""
    ui_blueprint: Blueprint | None = None
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    """Request bodies over this many bytes are refused with 413 (a seed may set its own)."""


def json_seed(path: Path) -> Callable[[], dict[str, Any]]:
    """A ``default_seed`` callable reading a JSON file once and handing out fresh copies."""

    @cache
    def text() -> str:
        return path.read_text()

    def load() -> dict[str, Any]:
        return json.loads(text())

    return load
