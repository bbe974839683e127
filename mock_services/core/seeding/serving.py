"""Which services a server is serving from a data directory: a lock file per service, held
shared by the serving process for its lifetime and taken exclusively, without waiting, by
whatever replaces the DB (seeding, ``mock-services reset``), which a running server would
otherwise keep answering from the old, deleted file.

An ``flock`` ends with its process, so a crashed server leaves no stale lock behind.
Standard library only: the server's supervising process imports this without the web stack.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from mock_services.core.base.settings import Settings
from mock_services.core.base.write_lock import open_lock_file

_excluding: set[Path] = set()
"""The serving locks this process holds exclusively now (``unserved`` blocks nest)."""


class ServedNow(RuntimeError):
    """A server holds the service's data directory; the message names its pid."""


def hold_while_serving(settings: Settings, service: str) -> None:
    """Mark ``service`` as served from ``settings.data_dir`` until this process ends (waits
    for a seeding in progress to finish first)."""
    fd = open_lock_file(settings.serving_lock_path(service))
    fcntl.flock(fd, fcntl.LOCK_SH)  # never closed: held until this process ends


@contextmanager
def unserved(settings: Settings, services: Iterable[str], action: str) -> Iterator[None]:
    """Keep servers of ``services`` from starting on ``settings.data_dir`` during the block;
    raise ``ServedNow`` (before the block) if one serves any of them already."""
    if not settings.data_dir.is_dir():  # nothing is served from a folder that does not exist
        yield
        return
    with ExitStack() as stack:
        for service in services:
            path = settings.serving_lock_path(service)
            if path in _excluding:
                continue  # an outer block of this process holds it
            fd = open_lock_file(path)
            stack.callback(os.close, fd)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise ServedNow(_served_message(settings, service, action, path)) from None
            _excluding.add(path)
            stack.callback(_excluding.discard, path)
        yield


def _served_message(settings: Settings, service: str, action: str, lock: Path) -> str:
    pids = ", ".join(map(str, lock_holders(lock))) or "unknown"
    return (
        f"cannot {action} {service}: a server (pid {pids}) is serving "
        f"{settings.db_path(service)}; stop it, or POST /admin/reset to return to the seed"
    )


def lock_holders(path: Path) -> list[int]:
    """The pids holding an ``flock`` on ``path``, from ``/proc/locks`` (empty where unreadable).

    Matched by device and inode, else by inode alone: on overlayfs (a container) ``stat``
    and ``/proc/locks`` may name different devices for one file."""
    stat = os.stat(path)
    device = f"{os.major(stat.st_dev):02x}:{os.minor(stat.st_dev):02x}"
    try:
        lines = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return []
    by_inode: dict[str, set[int]] = {}
    for line in lines:
        fields = line.split()
        if len(fields) != 8 or fields[1] != "FLOCK" or fields[4] == "0":
            continue  # a waiter ("->"), another kind of lock, or a pid outside our namespace
        where, _, inode = fields[5].rpartition(":")
        if inode == str(stat.st_ino):
            by_inode.setdefault(where, set()).add(int(fields[4]))
    pids = by_inode.get(device) or set().union(*by_inode.values())
    return sorted(pids)
