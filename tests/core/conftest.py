"""A live server of the core's test service, shared by a module and reset before each test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from mock_services.core.base.settings import Settings
from mock_services.core.data.db import make_engine
from mock_services.core.data.transaction import Transaction
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.core.serve.seeding import seed_service
from tests.core.notes_service import DEFAULT_SEED, SPEC, Base, User
from tests.helpers import ApiClient, expect

NOTES_REF = "tests.core.notes_service:SPEC"


def start_notes(
    data_dir: Path, seed: dict[str, Any] | None = None, *, workers: int = 1, ref: str = NOTES_REF
) -> ServiceProcess:
    """Seed the notes service and serve it (``ref`` may name a variant of its spec)."""
    seed_service(SPEC, DEFAULT_SEED if seed is None else seed, Settings(data_dir=data_dir))
    return ServiceProcess(ref, free_port(), data_dir, workers=workers).start()


@pytest.fixture(scope="module")
def notes_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    process = start_notes(tmp_path_factory.mktemp("notes"))
    yield process
    process.stop()


@pytest.fixture
def notes(notes_server: ServiceProcess) -> ApiClient:
    """A client on the shared notes server, reset to its seed first."""
    client = ApiClient(notes_server.url, notes_server.admin_token)
    expect(client.admin("POST", "/admin/reset"), 200)
    return client


@pytest.fixture
def notes_engine(tmp_path: Path) -> Iterator[Engine]:
    """A DB of the notes service's tables holding one user, Ann (id 1), and no note."""
    engine = make_engine(tmp_path / "notes.db")
    Base.metadata.create_all(engine)
    with Transaction(engine, write=True) as db:
        db.session.add(
            User(id=1, username="ann", display_name="Ann", email="a@x.test", password_hash="x")
        )
        db.commit()
    yield engine
    engine.dispose()
