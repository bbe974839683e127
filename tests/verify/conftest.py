"""Fixtures of the verifier SDK tests: a seeded data directory and a verifier log directory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.serve.seeding import seed_service
from tests.core.notes_service import DEFAULT_SEED, SPEC


@pytest.fixture
def logs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$VERIFIER_LOG_DIR``: where the SDK writes reward files instead of /logs/verifier."""
    directory = tmp_path / "logs" / "verifier"
    monkeypatch.setenv("VERIFIER_LOG_DIR", str(directory))
    return directory


@pytest.fixture
def notes_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data dir with notes.db and its pristine notes.seed.db; ``$MOCK_DATA_DIR`` points at it."""
    data_dir = tmp_path / "mock-data"
    seed = {
        **DEFAULT_SEED,
        "notes": [
            {"owner": "alice", "title": "Buy milk", "due": "+1d 18:00"},
            {"owner": "alice", "title": "Call Bob"},
            {"owner": "alice", "title": "Pay rent"},
        ],
    }
    seed_service(SPEC, seed, Settings(data_dir=data_dir))
    monkeypatch.setenv("MOCK_DATA_DIR", str(data_dir))
    yield data_dir
