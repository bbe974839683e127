"""One process at a time for work whose result the machine shares (Harbor's venv, the OS image,
a checkout's wheelhouse): an exclusive ``flock`` on a lock file of the system's temporary folder,
named after what it guards. A lock ends with its process, so a crashed holder leaves none."""

from __future__ import annotations

import fcntl
import hashlib
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def lock_path(key: str) -> Path:
    """The lock file for ``key`` (an image tag, a folder's resolved path)."""
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"liveclawbench-{digest}.lock"


@contextmanager
def held(key: str) -> Iterator[None]:
    """Hold the exclusive lock for ``key`` through the block, waiting while another holds it."""
    fd = os.open(lock_path(key), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the only descriptor releases the lock
