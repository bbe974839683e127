"""Where a source's records come from: ``NAME`` is a cached checkout of the pinned commit under
the user's cache folder, ``NAME:PATH`` an explicit one. ``LIVECLAW_OFFLINE=1`` never touches the
network: an empty cache is then an error that says what to do."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from taskkit.importers.base import Pin

OFFLINE_ENV = "LIVECLAW_OFFLINE"
CACHE_ENV = "XDG_CACHE_HOME"


class SourceError(ValueError):
    """A ``--source`` that cannot be resolved; the message says why and what to do."""


@dataclass(frozen=True)
class SourceRef:
    name: str
    path: Path | None  # None: the cached checkout


def parse_source(text: str, known: list[str]) -> SourceRef:
    """``NAME`` or ``NAME:PATH``; an unknown name lists the registered ones."""
    name, _, path = text.partition(":")
    if name not in known:
        raise SourceError(f"--source {text!r}: no adapter {name!r}; registered: {', '.join(known)}")
    return SourceRef(name, Path(path).expanduser() if path else None)


def cache_dir(name: str) -> Path:
    """``$XDG_CACHE_HOME/liveclaw/sources/NAME`` (default ``~/.cache``)."""
    root = Path(os.environ.get(CACHE_ENV) or Path.home() / ".cache")
    return root / "liveclaw" / "sources" / name


def is_cached(name: str) -> bool:
    folder = cache_dir(name)
    return folder.is_dir() and any(folder.iterdir())


def offline() -> bool:
    return os.environ.get(OFFLINE_ENV, "") not in ("", "0")


def resolve(ref: SourceRef, pin: Pin) -> Path:
    """The checkout folder of ``ref``: the explicit path, or the cache (cloned at the pinned
    commit when empty, unless offline)."""
    if ref.path is not None:
        if not ref.path.exists():
            raise SourceError(f"--source {ref.name}:{ref.path}: no such file or folder")
        return ref.path
    folder = cache_dir(ref.name)
    if is_cached(ref.name):
        return folder
    if offline():
        raise SourceError(
            f"--source {ref.name}: {OFFLINE_ENV} is set and the cache {folder} is empty; "
            f"clone https://github.com/{pin.repo} at {pin.commit} there, or pass "
            f"--source {ref.name}:PATH"
        )
    fetch(pin, folder)
    return folder


def fetch(pin: Pin, folder: Path) -> None:
    """A shallow checkout of exactly the pinned commit into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    url = f"https://github.com/{pin.repo}.git"
    for command in (
        ["git", "init", "-q"],
        ["git", "fetch", "-q", "--depth", "1", url, pin.commit],
        ["git", "checkout", "-q", "FETCH_HEAD"],
    ):
        done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SourceError(f"fetching {url} at {pin.commit}: {done.stderr.strip()[-300:]}")
