"""Pins, ``--source`` resolution (NAME:PATH, the cache, the offline switch), the warning log."""

from __future__ import annotations

from pathlib import Path

import pytest

from taskkit.importers import ADAPTERS
from taskkit.importers.base import AdapterWarning, ImportLog, pins
from taskkit.importers.sources import (
    OFFLINE_ENV,
    SourceError,
    SourceRef,
    cache_dir,
    parse_source,
    resolve,
)


def test_every_adapter_is_pinned_to_a_full_commit_with_a_licence() -> None:
    for name in ADAPTERS:
        pin = pins()[name]
        assert len(pin.commit) == 40 and int(pin.commit, 16) >= 0
        assert pin.license
    assert pins()["claw-eval"].license == "unverified"
    assert not pins()["claw-eval"].license_verified


def test_name_and_path_and_unknown_names() -> None:
    known = list(ADAPTERS)
    assert parse_source("webarena", known) == SourceRef("webarena", None)
    assert parse_source("webarena:/x/y", known) == SourceRef("webarena", Path("/x/y"))
    with pytest.raises(SourceError, match="no adapter 'webarna'; registered: claw-eval"):
        parse_source("webarna", known)


def test_an_explicit_path_must_exist(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no such file or folder"):
        resolve(SourceRef("webarena", tmp_path / "missing"), pins()["webarena"])


def test_offline_with_an_empty_cache_says_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(OFFLINE_ENV, "1")
    with pytest.raises(SourceError) as caught:
        resolve(SourceRef("webarena", None), pins()["webarena"])
    message = str(caught.value)
    assert OFFLINE_ENV in message and str(tmp_path / "liveclaw" / "sources" / "webarena") in message
    assert pins()["webarena"].commit in message and "webarena:PATH" in message


def test_a_cached_checkout_is_used_without_the_network(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(OFFLINE_ENV, "1")
    folder = cache_dir("mind2web")
    folder.mkdir(parents=True)
    (folder / "Online_Mind2Web.json").write_text("[]")
    assert resolve(SourceRef("mind2web", None), pins()["mind2web"]) == folder


def test_a_warning_names_source_commit_task_field_kind_and_default() -> None:
    warning = AdapterWarning("webarena", "f" * 40, "webarena-7", "time_limit", "300 s", False)
    assert str(warning) == f"webarena@{'f' * 12} webarena-7: time_limit (informational): 300 s"
    lossy = AdapterWarning("webarena", "f" * 40, "webarena-8", "eval", "dropped", True)
    log = ImportLog()
    log.warn(warning)
    log.warn(lossy)
    assert log.counts() == {"lossy": 1, "informational": 1}
    assert log.lossy_tasks() == {"webarena-8"}
