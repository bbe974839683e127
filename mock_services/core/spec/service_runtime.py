"""What a request handler (its ``Ctx``) and the request machinery of ``api.py`` use of the
service's per-process runtime: the web floor's ``Runtime`` has all of it and more, and sets
itself in each request's environ (``RUNTIME_KEY``) before any view runs."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Protocol

from flask import Request
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from mock_services.core.base.auth import Caller, TokenSigner
from mock_services.core.base.clock import Clock
from mock_services.core.base.current import RUNTIME_KEY
from mock_services.core.base.settings import Settings
from mock_services.core.data.transaction import Transaction
from mock_services.core.seeding.seed import NotificationTarget
from mock_services.core.seeding.world_events import WorldEvent
from mock_services.core.spec.service import ServiceSpec


class Authenticating(Protocol):
    """Who is calling (``core.web.authenticator.Authenticator``)."""

    @property
    def signer(self) -> TokenSigner: ...

    @property
    def cookie(self) -> str: ...

    def authenticate(self, tx: Transaction, request: Request) -> Caller | None: ...

    def revoke(self, tx: Transaction, request: Request) -> None: ...

    def require_admin(self, request: Request) -> None: ...

    def require_delivery(self, request: Request) -> None: ...


class SeededWorld(Protocol):
    """A world that moves (``core.web.world.World``), as a request sees it."""

    @property
    def events(self) -> Sequence[WorldEvent]: ...


class ServiceRuntime(Protocol):
    """A service's per-process state as a request sees it (``core.web.runtime.Runtime``)."""

    @property
    def spec(self) -> ServiceSpec: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def clock(self) -> Clock:
        """The task clock: its zone and the moment of each tick."""
        ...

    @property
    def auth(self) -> Authenticating: ...

    @property
    def notifications(self) -> NotificationTarget | None:
        """Where the service mails and notifies others, as the seed wires it."""
        ...

    @property
    def world(self) -> SeededWorld | None:
        """The running world of the seed's events and personas, if it has any."""
        ...

    @property
    def engine(self) -> Engine: ...

    def transaction(
        self,
        *,
        write: bool,
        audited: bool = False,
        single_statements: bool = False,
        begun: bool = True,
    ) -> Transaction: ...

    def begin_write(self, tx: Transaction) -> bool: ...

    def session(self, *, write: bool) -> AbstractContextManager[Session]: ...

    def reset_to_seed(self) -> None: ...


def serving_runtime(request: Request) -> ServiceRuntime:
    """The runtime of the service serving ``request``."""
    runtime: ServiceRuntime = request.environ[RUNTIME_KEY]
    return runtime
