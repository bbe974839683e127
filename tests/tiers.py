"""The test tiers: a test is marked by what it starts, and a test without such a marker may start
nothing (the guard fails it, naming the marker it needs).

Tiers: ``process`` (a subprocess, or a server on a port, even in a thread), ``docker``,
``browser``, ``harbor`` (the real Harbor package); unmarked tests start nothing and make the
fast tier (``invoke test --fast``).
"""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any
from unittest import mock

import pytest

TIER_MARKERS = ("process", "docker", "browser", "harbor")

FIXTURE_TIERS: dict[str, str] = {
    # tests/conftest.py
    "live_service": "process",
    "browser": "browser",
    "page": "browser",
    # tests/core/conftest.py
    "notes_server": "process",
    # tests/mcp/conftest.py: one real server per service for the package
    "services": "process",
    # tests/images/conftest.py
    "fixture_images": "docker",
    "start_container": "docker",
    "notes_container": "docker",
    "local_registry": "docker",
}
"""Each fixture of a conftest that starts something, and the marker its tests get."""


class TierError(AssertionError):
    """An unmarked test started something; the message names the marker it needs."""


def fixture_markers(fixturenames: Iterable[str]) -> set[str]:
    """The tier markers that using ``fixturenames`` brings."""
    return {FIXTURE_TIERS[name] for name in fixturenames if name in FIXTURE_TIERS}


def mark_by_fixtures(items: Iterable[pytest.Item]) -> None:
    """Give each test the markers of the process-starting fixtures it uses."""
    for item in items:
        for marker in sorted(fixture_markers(getattr(item, "fixturenames", ()))):
            if item.get_closest_marker(marker) is None:
                item.add_marker(marker)


def is_tiered(item: pytest.Item) -> bool:
    """Whether the test carries a marker that allows it to start something."""
    return any(item.get_closest_marker(marker) for marker in TIER_MARKERS)


COMMAND_HINTS = {"docker": "docker", "harbor": "harbor", "chrom": "browser"}
"""A word in a command line and the marker a test running it needs (else ``process``)."""


def command_line(args: Any) -> str:
    """A ``Popen`` argument as one line."""
    return str(args) if isinstance(args, str | bytes) else " ".join(map(str, args))


def marker_for_command(args: Any) -> str:
    """The marker a test running the command ``args`` needs."""
    command = command_line(args).lower()
    return next((m for hint, m in COMMAND_HINTS.items() if hint in command), "process")


@contextmanager
def starting_nothing(test: str) -> Iterator[None]:
    """During the block, starting a subprocess or listening on a TCP port raises ``TierError``
    naming ``test`` and the marker it needs."""
    real_listen = socket.socket.listen

    def refuse_popen(popen: subprocess.Popen, args: Any, *rest: Any, **options: Any) -> None:
        marker = marker_for_command(args)
        raise TierError(
            f"{test} starts a subprocess ({command_line(args)[:80]}) but has no tier marker: "
            f"mark it @pytest.mark.{marker} (or pytestmark in its module)"
        )

    def refuse_listen(sock: socket.socket, *backlog: int) -> None:
        if sock.family not in (socket.AF_INET, socket.AF_INET6):
            return real_listen(sock, *backlog)
        raise TierError(
            f"{test} listens on TCP port {sock.getsockname()[1]} (a server, even in a thread) "
            "but has no tier marker: mark it @pytest.mark.process"
        )

    with ExitStack() as patches:
        patches.enter_context(mock.patch.object(subprocess.Popen, "__init__", refuse_popen))
        patches.enter_context(mock.patch.object(socket.socket, "listen", refuse_listen))
        yield


@contextmanager
def guarded(item: pytest.Item) -> Iterator[None]:
    """The guard for one test phase: none for a marked test, ``starting_nothing`` otherwise."""
    if is_tiered(item):
        yield
        return
    with starting_nothing(item.nodeid):
        yield
