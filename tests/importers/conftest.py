"""Fixtures of the importer tests: each source's fixture folder, a copy to break, imports."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from taskkit.importers.base import ImportLog
from taskkit.importers.cli import ImportResult, run_import

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
SOURCES = ("claw-eval", "wild-claw-bench", "webarena", "mind2web", "webvoyager", "clawbench")


def import_fixture(source: str, out: Path, folder: Path | None = None, **options) -> ImportResult:
    return run_import(f"{source}:{folder or FIXTURES / source}", out, **options)


@pytest.fixture(scope="session")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, ImportResult]]:
    """Every source's fixtures imported once (do not modify the folders)."""
    results = {}
    for source in SOURCES:
        out = tmp_path_factory.mktemp(source)
        results[source] = (out, import_fixture(source, out))
    return results


@pytest.fixture
def fixture_copy(tmp_path: Path):
    """``fixture_copy(source)``: a copy of the source's fixture folder a test may change."""

    def copy(source: str) -> Path:
        target = tmp_path / "src" / source
        shutil.copytree(FIXTURES / source, target)
        return target

    return copy


def fields(log: ImportLog) -> list[str]:
    return [w.field for w in log.warnings]
