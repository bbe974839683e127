"""The tier guard: an unmarked test that starts a process or listens on a port fails, naming
the marker it needs; markers come from the fixtures a test uses."""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Callable

import pytest

from tests.helpers import ApiClient, fake_inbox
from tests.tiers import TierError, fixture_markers, starting_nothing


def test_an_unmarked_test_may_not_start_a_subprocess() -> None:
    with pytest.raises(TierError, match=r"starts a subprocess \(true\).*@pytest.mark.process"):
        subprocess.run(["true"], check=True)


def test_an_unmarked_test_may_not_serve_even_in_a_thread() -> None:
    with (
        pytest.raises(TierError, match=r"listens on TCP port \d+.*@pytest.mark.process"),
        fake_inbox(),
    ):
        pass


def test_a_unix_socket_is_no_port() -> None:
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind("\0tiers-test")  # abstract namespace: no file left behind
        sock.listen()


@pytest.mark.process
def test_a_marked_test_may_start_one() -> None:
    assert subprocess.run(["true"], check=False).returncode == 0
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()


@pytest.mark.parametrize(
    ("command", "marker"),
    [
        (["docker", "run", "x"], "docker"),
        ([".venv-harbor/bin/harbor", "run"], "harbor"),
        ("/usr/bin/chromium --headless", "browser"),
        (["python", "-m", "mock_services.cli", "serve", "shop"], "process"),
    ],
)
def test_the_marker_named_follows_the_command(command: list[str] | str, marker: str) -> None:
    with pytest.raises(TierError, match=f"@pytest.mark.{marker}"), starting_nothing("a test"):
        subprocess.Popen(command)


def test_the_table_maps_fixtures_to_markers() -> None:
    assert fixture_markers(["tmp_path", "live_service", "page"]) == {"process", "browser"}
    assert fixture_markers(["tmp_path", "shop"]) == set()


def test_a_process_fixture_marks_its_test(
    request: pytest.FixtureRequest, live_service: Callable[..., ApiClient]
) -> None:
    """``live_service`` starts nothing until called, so this test only reads its markers."""
    assert request.node.get_closest_marker("process") is not None, (
        f"expected the process marker from live_service, got {list(request.node.iter_markers())}"
    )
