"""The guide's example answers, as the service gives them: each example request is run in
process on a scratch copy of the default data (``scratch_settings``), logged in as a seeded
user, and the copy is put back to its seeded state after every call that may change it, so
each example is answered as on a freshly seeded service and the served DB is never touched.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import Flask
from flask.testing import FlaskClient

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seeded_values import EXAMPLE_USER, scratch_settings
from mock_services.core.web.runtime import restore_pristine

if TYPE_CHECKING:
    from mock_services.core.spec.service import ServiceSpec

VOLATILE_FIELDS = frozenset({"token"})
"""Answer fields that differ on every service (a login's token is signed with its own key)."""
SHOWN_ITEMS = 2
"""A list in an answer is shown cut to its first items (``shown``)."""
SHOWN_LINES = 4
"""A text answer (a CSV export) is shown cut to its first lines."""
MAX_TRIES = 24
"""Calls tried per example before it falls back to a schema-built answer."""


@dataclass(frozen=True)
class Call:
    """An example request: method, URL (with its query), JSON body or None, and the seeded
    user it is sent as (None: without logging in)."""

    method: str
    url: str
    body: Any
    user: str | None


@dataclass(frozen=True)
class Answer:
    """What the service answered: its status and its JSON, or its text, or ``None``."""

    status: int
    json: Any
    text: str | None
    mimetype: str

    @property
    def accepted(self) -> bool:
        return 200 <= self.status < 300

    @property
    def refusal(self) -> str:
        """The error's code and message, for a refused call."""
        error = (self.json or {}).get("error", {}) if isinstance(self.json, dict) else {}
        return f"{self.status} {error.get('code', '')}: {error.get('message', '')}"


def shown(value: Any) -> Any:
    """``value`` as the guide shows it: every list cut to its first ``SHOWN_ITEMS`` items, and
    the ``VOLATILE_FIELDS`` given as ``"..."``."""
    if isinstance(value, list):
        return [shown(item) for item in value[:SHOWN_ITEMS]]
    if isinstance(value, dict):
        return {k: "..." if k in VOLATILE_FIELDS else shown(v) for k, v in value.items()}
    return value


def shown_text(text: str) -> str:
    """A text answer as the guide shows it: its first ``SHOWN_LINES`` lines."""
    return "\n".join(text.splitlines()[:SHOWN_LINES])


AppFactory = Callable[["ServiceSpec", Settings], Flask]
"""How the top floor makes a service's app (``create_app``): handed down, never imported."""


class ScratchService:
    """A service on its scratch copy of the default data, answering example calls in process;
    one per service and process (``scratch_service``), one call at a time."""

    def __init__(self, spec: ServiceSpec, make_app: AppFactory) -> None:
        self.spec = spec
        self.settings = scratch_settings(spec)
        self.client: FlaskClient = make_app(spec, self.settings).test_client(use_cookies=False)
        self.passwords = {
            user["username"]: user["password"]
            for user in spec.default_seed().get("users", [])
            if "password" in user
        }
        self._tokens: dict[str, str] = {}
        self._lock = threading.Lock()

    def users(self) -> Iterator[str]:
        """The seeded users a call may be sent as: the guide's user first."""
        yield EXAMPLE_USER
        yield from (name for name in self.passwords if name != EXAMPLE_USER)

    def answer(self, call: Call, *, changes_data: bool) -> Answer:
        """The service's answer to ``call``; the scratch copy is reset after it if it
        ``changes_data`` (or was refused: a refused write is logged)."""
        with self._lock:
            headers = {"Authorization": f"Bearer {self._token(call.user)}"} if call.user else {}
            response = self.client.open(
                call.url,
                method=call.method,
                headers=headers,
                data=None if call.body is None else json.dumps(call.body),
                content_type="application/json" if call.body is not None else None,
            )
            if changes_data or response.status_code >= 300:
                restore_pristine(self.settings, self.spec.name)
        mimetype = response.mimetype or ""
        if response.is_json:
            return Answer(response.status_code, response.get_json(), None, mimetype)
        text = response.get_data(as_text=True) if mimetype.startswith("text/") else None
        return Answer(response.status_code, None, text, mimetype)

    def _token(self, user: str) -> str:
        """A bearer token of ``user`` (logging in does not change the data: kept across
        resets, and a logout's revocation is undone by the reset after it)."""
        if user not in self._tokens:
            login = {"username": user, "password": self.passwords[user]}
            response = self.client.post("/api/auth/login", json=login)
            self._tokens[user] = response.get_json()["token"]
        return self._tokens[user]


_SERVICES: dict[str, ScratchService] = {}
_SERVICES_LOCK = threading.Lock()


def scratch_service(spec: ServiceSpec, make_app: AppFactory) -> ScratchService:
    """The process's ``ScratchService`` of ``spec`` (its app made by ``make_app``), made on
    first use."""
    with _SERVICES_LOCK:
        if spec.name not in _SERVICES:
            _SERVICES[spec.name] = ScratchService(spec, make_app)
        return _SERVICES[spec.name]
