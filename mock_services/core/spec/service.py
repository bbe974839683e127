"""What a service tells the core about itself: name, port, models, seed schema and blueprints."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Blueprint
from sqlalchemy.orm import DeclarativeBase, Session

from mock_services.core.base.body_limit import DEFAULT_MAX_BODY_BYTES
from mock_services.core.base.clock import WorldClock
from mock_services.core.seeding.seed import SeedContext, ServiceSeed
from mock_services.core.spec.brand import Brand
from mock_services.core.spec.hearing import Hearing

if TYPE_CHECKING:
    from mock_services.core.base.auth import UserMixin
    from mock_services.core.spec.api import Api


@dataclass(frozen=True)
class MainRecord:
    """The service's main kind of record as its API serves it: ``GET /api/<resource>/<key>``
    reads one (the row of ``table`` whose ``key`` column holds it), ``listing`` (a path and
    query of the API) lists those the first seeded user may read, and ``example``, where given,
    is a body ``POST /api/<resource>`` accepts to make a new one. Benchmarks read (and, with an
    example, write) a service through these."""

    resource: str
    table: str
    listing: str
    key: str = "id"
    example: Mapping[str, Any] | None = field(default=None, compare=False)


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
    default_clock: WorldClock = field(default_factory=WorldClock)
    """The clock of a world seeded from this service's document alone (its default data,
    ``mock-services seed``/``serve`` without a task, an export seeded back): the zone its users
    live in and a ``now`` that is the morning there, as a task's ``seed.json`` header names
    its own ``now`` and ``timezone``."""
    brand: Brand = field(default_factory=Brand)
    """The web UI's colours, after the site the service copies."""
    ui_blueprint: Blueprint | None = None
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    """Request bodies over this many bytes are refused with 413 (a seed may set its own)."""
    canonical_params: Mapping[str, Callable[[str], str]] = field(
        default_factory=dict, compare=False
    )
    """A path parameter's one spelling, by name (shop ``code``: ``ord-1 `` is ``ORD-1``), for
    keys the service accepts in several: routes and forms receive it, and the audit log names
    it, canonical on every channel, so a verifier compares one value."""
    asked_first: frozenset[str] = frozenset()
    """Operations its pages offer only behind a confirmation although they can be undone,
    because undoing them does not give back all they did (social's ``block`` ends follows both
    ways, which an unblock does not restore); what cannot be undone at all asks anyway
    (``core/web/ui.py``'s ``IRREVERSIBLE``). A name its API lacks stops the app."""
    showcase: tuple[str, str] | None = None
    """The list page and the record page its pictures show (``invoke screenshots``), as its
    model site is known by (shop: ``("/orders", "/products/12")``); None: the first of each
    the crawl finds."""
    hearing: Hearing | None = None
    """How people talk on the service (a chat, a mail), if they do: what personas hear."""
    domain: str = field(kw_only=True)
    """The LiveClawBench domain of a task on this service (one of ``taskkit.task_model.DOMAINS``,
    e.g. ``"E-commerce & Daily Svcs"``): ``invoke new-task`` writes it into ``task.toml``."""
    main_change: tuple[str, str] = field(kw_only=True)
    """The ``(table, column)`` a task on this service typically changes (shop: orders' status):
    the change a verifier scaffolded by ``invoke new-task`` checks first."""
    main_record: MainRecord | None = field(default=None, kw_only=True)
    """Its main kind of record as the API serves it (shop: products, by id); every shipped
    service declares one."""


def json_seed(path: Path) -> Callable[[], dict[str, Any]]:
    """A ``default_seed`` callable reading a JSON file once and handing out fresh copies."""

    @cache
    def text() -> str:
        return path.read_text()

    def load() -> dict[str, Any]:
        seed: dict[str, Any] = json.loads(text())
        return seed

    return load
