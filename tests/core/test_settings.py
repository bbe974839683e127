"""Where a service keeps its data when MOCK_DATA_DIR is not set."""

from __future__ import annotations

from pathlib import Path

import pytest

from mock_services.core.base import settings as settings_module
from mock_services.core.base.settings import Settings


def test_env_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MOCK_DATA_DIR", str(tmp_path))
    assert Settings.from_env().data_dir == tmp_path


def test_unwritable_system_dir_falls_back_to_the_user_data_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("MOCK_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(settings_module, "DEFAULT_DATA_DIR", "/proc/no-such-dir/mock-data")
    assert Settings.from_env().data_dir == tmp_path / "mock-services"


def test_bad_mock_now_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MOCK_NOW", "yesterday-ish")
    with pytest.raises(ValueError, match="MOCK_NOW: 'yesterday-ish' is not an ISO 8601"):
        Settings.from_env()
