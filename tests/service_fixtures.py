"""The fixtures of a service's API tests, built by one factory for every service folder.

A test module shares one seeded service (the Flask app in this process by default; a real
server when a test is parametrized with ``OVER_HTTP_TOO``), and each test gets it back in its
seeded state, with anonymous and logged-in clients and a read-only DB query.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pytest
from flask import Flask

from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.process import ServiceProcess
from mock_services.registry import get_spec
from tests.conftest import running_service, seed_dir
from tests.helpers import ApiClient, expect, fake_inbox

Transport = Literal["app", "http"]
"""How tests reach a service: its app called in this process, or a real server over HTTP."""

OVER_HTTP = pytest.param("http", marks=pytest.mark.process, id="http")
OVER_HTTP_TOO = pytest.mark.parametrize("served_over", ["app", OVER_HTTP], indirect=True)
"""Runs a test on the in-process app and again on a real server (the real-server sample)."""
ON_REAL_SERVER = pytest.mark.parametrize("served_over", [OVER_HTTP], indirect=True)
"""Runs a test on a real server only (it needs a port: a browser, another service calling)."""


@dataclass
class ServedService:
    """A seeded service tests share: its app in this process, or a real server's process."""

    name: str
    data_dir: Path
    app: Flask | None = None
    process: ServiceProcess | None = None

    @property
    def url(self) -> str:
        """The base URL clients use (an in-process app answers any host; this one names it)."""
        return self.process.url if self.process is not None else f"http://{self.name}.test"

    @property
    def admin_token(self) -> str:
        return (self.data_dir / "secrets" / "admin.token").read_text().strip()

    def client(self) -> ApiClient:
        """A new anonymous client (own cookies, no login)."""
        return ApiClient(self.url, self.admin_token, self.app)

    def query(self, sql: str) -> list[tuple]:
        """Run a read-only query on the served DB, as a verifier does."""
        path = self.data_dir / f"{self.name}.db"
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return db.execute(sql).fetchall()


@contextmanager
def serve(
    service: str,
    data_dir: Path,
    seed: dict[str, Any] | None = None,
    transport: Transport = "app",
    **process: Any,
) -> Iterator[ServedService]:
    """Seed ``service`` into ``data_dir`` (its default seed when ``seed`` is None) and serve it
    by ``transport`` until the block ends; ``process`` options go to a real server."""
    if transport == "http":
        with running_service(service, data_dir, seed, **process) as server:
            yield ServedService(service, data_dir, process=server)
        return
    seed_dir(data_dir, service, seed)
    app = create_app(get_spec(service), Settings.from_env(data_dir))
    yield ServedService(service, data_dir, app=app)


Scope = Literal["module", "package"]


def served_over_fixture(scope: Scope = "module") -> Any:
    """The ``served_over`` fixture: how the shared service is reached, ``app`` unless a test is
    parametrized otherwise (``OVER_HTTP_TOO``, ``ON_REAL_SERVER``)."""

    @pytest.fixture(scope=scope)
    def served_over(request: pytest.FixtureRequest) -> Transport:
        return getattr(request, "param", "app")

    return served_over


def service_fixtures(
    service: str,
    passwords: Mapping[str, str],
    *,
    server: str,
    client: str,
    db: str | None = None,
    scope: Scope = "module",
) -> dict[str, Any]:
    """The fixtures of a service folder, for its conftest's ``globals().update(...)``:
    ``served_service`` (also named ``server``), shared per ``scope``; ``service_client``
    (also named ``client``), an anonymous client after a reset to the seed; one logged-in
    client per user of ``passwords``; and the DB query helper named ``db``."""

    @pytest.fixture(scope=scope)
    def served_service(
        served_over: Transport, tmp_path_factory: pytest.TempPathFactory
    ) -> Iterator[ServedService]:
        with serve(service, tmp_path_factory.mktemp(service), transport=served_over) as served:
            yield served

    @pytest.fixture
    def service_client(served_service: ServedService) -> ApiClient:
        anonymous = served_service.client()
        expect(anonymous.admin("POST", "/admin/reset"), 200)
        return anonymous

    @pytest.fixture(scope=scope, name=server)
    def same_served(served_service: ServedService) -> ServedService:
        return served_service

    @pytest.fixture(name=client)
    def same_client(service_client: ApiClient) -> ApiClient:
        return service_client

    fixtures: dict[str, Any] = {
        "served_over": served_over_fixture(scope),
        "served_service": served_service,
        "service_client": service_client,
        "pytest_generate_tests": browser_tests_on_real_server,
        server: same_served,
        client: same_client,
    }
    for username, password in passwords.items():
        fixtures[username] = pytest.fixture(name=username)(_logged_in(username, password))
    if db is not None:

        @pytest.fixture(name=db)
        def db_query(served_service: ServedService) -> Callable[[str], list[tuple]]:
            return served_service.query

        fixtures[db] = db_query
    return fixtures


def browser_tests_on_real_server(metafunc: pytest.Metafunc) -> None:
    """A ``pytest_generate_tests`` hook: a test driving a browser ``page`` at the service gets
    a real server (a browser cannot reach an app in this process)."""
    names = metafunc.fixturenames
    chosen = any(
        "served_over" in str(mark.args[0])
        for mark in metafunc.definition.iter_markers("parametrize")
    )
    if "page" in names and "served_over" in names and not chosen:
        metafunc.parametrize("served_over", [OVER_HTTP], indirect=True)


def _logged_in(username: str, password: str) -> Callable[[ApiClient], ApiClient]:
    """A fixture body: ``username`` logged in on a fresh client of the reset service."""

    def logged_in(service_client: ApiClient) -> ApiClient:
        return service_client.as_user(username, password)

    return logged_in


def mail_fixtures(service: str, **notifications: str) -> dict[str, Any]:
    """The fixtures of a service's mail tests, for a module's ``globals().update(...)``:
    ``wired``, a real server of ``service`` whose mails go to a stand-in inbox (its client and
    the mails received; ``notifications``: more of the seed's ``notifications`` section),
    shared by the module; ``inbox``, the same reset to its seed with the inbox emptied."""

    @pytest.fixture(scope="module")
    def wired(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ApiClient, list]]:
        with fake_inbox() as (url, received):
            seed = get_spec(service).default_seed()
            seed["notifications"] = {"email_url": url, **notifications}
            data_dir = tmp_path_factory.mktemp(f"{service}-mail")
            with running_service(service, data_dir, seed) as process:
                yield ApiClient(process.url, process.admin_token), received

    @pytest.fixture
    def inbox(wired: tuple[ApiClient, list]) -> tuple[ApiClient, list]:
        client, received = wired
        expect(client.admin("POST", "/admin/reset"), 200)
        received.clear()
        return client, received

    return {"wired": wired, "inbox": inbox}
