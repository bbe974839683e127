"""Fixtures of the dataset tests: the sample dataset, a build of it, and a copy to break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from taskkit.dataset.build import build_dataset

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "datasets" / "office-documents"


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole sample dataset built with the default options (do not modify it)."""
    out = tmp_path_factory.mktemp("built")
    build_dataset(SAMPLE, out)
    return out


@pytest.fixture
def dataset_copy(tmp_path: Path) -> Path:
    """A copy of the sample dataset that a test may change."""
    copy = tmp_path / "office-documents"
    shutil.copytree(SAMPLE, copy)
    return copy
