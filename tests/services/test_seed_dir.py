"""``seed_dir``, the test helper most service fixtures seed with: the default seed is built once
per run and copied (the same bytes a seeding gives); a document or a clock is seeded each time."""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.conftest
from mock_services.core.base.settings import Settings
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec
from tests.conftest import seed_dir


def test_the_default_seed_is_copied_with_the_bytes_a_seeding_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed_dir(tmp_path / "first", "kb")  # builds the run's copy unless an earlier test did

    def seeded_again(*args: object, **kwargs: object) -> None:
        raise AssertionError("seed_dir seeded the default seed again instead of copying it")

    monkeypatch.setattr(tests.conftest, "seed_service", seeded_again)
    copied = seed_dir(tmp_path / "copied", "kb")
    monkeypatch.undo()
    spec, seeded = get_spec("kb"), Settings(data_dir=tmp_path / "seeded")
    seed_service(spec, spec.default_seed(), seeded)
    for path in (Settings.db_path, Settings.pristine_path):
        assert path(copied, "kb").read_bytes() == path(seeded, "kb").read_bytes(), path.__name__


def test_a_document_a_clock_or_a_seeded_folder_is_seeded_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed_dir(tmp_path / "first", "kb")  # builds the run's copy unless an earlier test did
    calls: list[str] = []
    real = tests.conftest.seed_service

    def counted(spec: object, document: dict, settings: Settings, **clock: object) -> Path:
        calls.append(settings.data_dir.name)
        return real(spec, document, settings, **clock)  # type: ignore[arg-type]

    monkeypatch.setattr(tests.conftest, "seed_service", counted)
    seed_dir(tmp_path / "document", "kb", get_spec("kb").default_seed())
    seed_dir(tmp_path / "clock", "kb", timezone="Europe/Paris")
    seed_dir(tmp_path / "copied", "kb")
    seed_dir(tmp_path / "copied", "kb")  # a folder with a DB of the service: seeded over it
    assert calls == ["document", "clock", "copied"]
