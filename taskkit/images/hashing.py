"""Content hashes of build inputs: an image whose inputs hash did not change is not rebuilt."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

# Never part of an input: caches and build litter that differ between checkouts.
IGNORED_NAMES = {"__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache", ".DS_Store"}
IGNORED_SUFFIXES = (".pyc", ".pyo", ".egg-info")


def iter_files(root: Path, exclude: Iterable[str] = ()) -> Iterator[Path]:
    """Files under ``root`` (or ``root`` itself), sorted, skipping caches and ``exclude`` names."""
    excluded = IGNORED_NAMES | set(exclude)
    if root.is_file():
        yield root
        return
    for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
        dirnames[:] = sorted(
            d for d in dirnames if d not in excluded and not d.endswith(IGNORED_SUFFIXES)
        )
        for name in sorted(filenames):
            if name not in excluded and not name.endswith(IGNORED_SUFFIXES):
                yield Path(dirpath) / name


class InputHash:
    """A sha256 over named parts; each part is length-prefixed so parts cannot run together."""

    def __init__(self, kind: str) -> None:
        self._sha = hashlib.sha256(kind.encode())

    def add_text(self, name: str, text: str) -> InputHash:
        return self.add_bytes(name, text.encode())

    def add_bytes(self, name: str, data: bytes) -> InputHash:
        for part in (name.encode(), data):
            self._sha.update(len(part).to_bytes(8, "big"))
            self._sha.update(part)
        return self

    def add_tree(self, name: str, root: Path, exclude: Iterable[str] = ()) -> InputHash:
        """Paths, the executable bit and contents of every file under ``root``."""
        for path in iter_files(root, exclude):
            rel = path.relative_to(root).as_posix() if path != root else path.name
            executable = "x" if os.access(path, os.X_OK) else "-"
            self.add_bytes(f"{name}/{rel}:{executable}", path.read_bytes())
        return self

    def hexdigest(self) -> str:
        return self._sha.hexdigest()
