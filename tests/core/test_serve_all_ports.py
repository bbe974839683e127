"""``mock-services serve all --port-offset K``: every service on its own port + K, wired to
each other there; ``--port`` is refused for 'all', and a busy port names what works."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from mock_services.core.base.lifecycle import PortInUse, ensure_port_free
from mock_services.registry import all_specs, get_spec
from tests.conftest import seed_dir
from tests.core.test_cli import NOTES, cli
from tests.core.test_lifecycle import children, serve
from tests.helpers import ApiClient, expect

pytestmark = pytest.mark.process  # runs a subprocess


def _ephemeral_floor() -> int:
    """The lowest port the kernel hands out to outgoing connections."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _free_offset() -> int:
    """An offset that puts every shipped service on a port nobody serves or holds, below the
    ephemeral range: a probe of a port there that nobody serves yet can connect to itself
    (TCP simultaneous open) and read its own request back as the answer."""
    highest = max(spec.port for spec in all_specs().values())
    for offset in range(10000, _ephemeral_floor() - highest, 997):
        try:
            for spec in all_specs().values():
                ensure_port_free("127.0.0.1", spec.port + offset)
                with socket.socket() as probe:
                    probe.bind(("127.0.0.1", spec.port + offset))
        except (PortInUse, OSError):
            continue
        return offset
    pytest.skip("no offset leaves every service's port free on this machine")


def _seeded_all(data_dir: Path) -> Path:
    """``data_dir`` with every service's default seed copied in (``seed_dir``'s once-built
    copies): ``serve all`` then starts each service without seeding it first."""
    for name in all_specs():
        seed_dir(data_dir, name)
    return data_dir


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/health", timeout=1) as response:
            return response.status == 200
    except (urllib.error.URLError, http.client.HTTPException, OSError):
        return False


@contextmanager
def _serving_all(data_dir: Path, offset: int) -> Iterator[dict[str, str]]:
    """``serve all --port-offset OFFSET`` until the block ends; each service's URL."""
    urls = {name: f"http://127.0.0.1:{spec.port + offset}" for name, spec in all_specs().items()}
    process = serve(data_dir, "all", "--port-offset", str(offset), "--workers", "1")
    try:
        deadline = time.monotonic() + 120
        waiting = set(urls)
        while waiting and time.monotonic() < deadline and process.poll() is None:
            waiting = {name for name in waiting if not _healthy(urls[name])}
            time.sleep(0.2)
        assert not waiting, f"not healthy on their moved ports: {sorted(waiting)}"
        yield urls
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.communicate(timeout=60)


def _inbox_subjects(mail: ApiClient, contains: str, timeout: float = 15) -> list[str]:
    deadline = time.monotonic() + timeout
    while True:
        page = expect(mail.get("/api/messages", params={"folder": "inbox", "q": contains}), 200)
        subjects = [m["subject"] for m in page["items"]]
        if subjects or time.monotonic() > deadline:
            return subjects
        time.sleep(0.2)


@pytest.mark.slow
def test_serve_all_moves_every_port_and_the_services_reach_each_other_there(
    tmp_path: Path,
) -> None:
    """The shop is seeded as a task seeds it, wired to the email service's own port
    (127.0.0.1:5001): under the offset its mail goes to the moved port."""
    data = _seeded_all(tmp_path / "data")
    email_port = all_specs()["email"].port
    shop_seed = get_spec("shop").default_seed() | {
        "notifications": {"email_url": f"http://127.0.0.1:{email_port}"}
    }
    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"shop": shop_seed}))
    seeded = cli(data, "seed", "shop", "--from", str(seed_file))
    assert seeded.returncode == 0, seeded.stderr
    offset = _free_offset()
    with _serving_all(data, offset) as urls:
        token = (data / "secrets" / "admin.token").read_text().strip()
        shop = ApiClient(urls["shop"], token).login("alice", "alice-pass")
        profile = expect(shop.get("/api/profile"), 200)
        product = expect(shop.get("/api/products", params={"in_stock": "true"}), 200)["items"][0]
        item = {"product_id": product["id"], "quantity": 1}
        expect(shop.post("/api/cart/items", json=item), 201)
        checkout = {
            "address_id": profile["default_address_id"],
            "payment_method_id": profile["default_payment_method_id"],
        }
        order = expect(shop.post("/api/checkout", json=checkout), 201)
        mail = ApiClient(urls["email"], token).login("alice", "alice-pass")
        subjects = _inbox_subjects(mail, order["code"])
        undelivered = expect(shop.admin("GET", "/admin/undelivered"), 200)
        assert subjects, (
            f"the order mail did not reach the email service on {urls['email']}; "
            f"the shop's undelivered mail: {undelivered}"
        )


def test_port_is_refused_for_serve_all_naming_what_works(tmp_path: Path) -> None:
    refused = cli(tmp_path, "serve", "all", "--port", "15000")
    assert refused.returncode == 1, refused.stdout
    assert "'serve all' moves every port with --port-offset K" in refused.stderr, refused.stderr
    one = cli(tmp_path, "serve", NOTES, "--port-offset", "10000")
    assert one.returncode == 1, one.stdout
    assert "on another port with --port PORT" in one.stderr, one.stderr
    out_of_range = cli(tmp_path, "serve", "all", "--port-offset", "61000")
    assert out_of_range.returncode == 1, out_of_range.stdout
    assert "--port-offset 61000 puts airline on port 66000; expected an offset" in (
        out_of_range.stderr
    ), out_of_range.stderr


def test_a_busy_port_under_serve_all_suggests_another_offset(tmp_path: Path) -> None:
    offset = _free_offset()
    email_port = all_specs()["email"].port + offset
    with socket.socket() as taken:
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        taken.bind(("127.0.0.1", email_port))
        taken.listen()
        process = serve(_seeded_all(tmp_path / "data"), "all", "--port-offset", str(offset))
        output, _ = process.communicate(timeout=60)
    assert process.returncode == 1, output
    assert f"port {email_port} on 127.0.0.1 is already served by pid {os.getpid()}" in output
    assert output.rstrip().endswith("stop it, or move every service's port with --port-offset K"), (
        output
    )


def test_two_services_on_one_port_are_refused_naming_both(monkeypatch: pytest.MonkeyPatch) -> None:
    from mock_services import serve_all

    specs = all_specs()
    clashing = {**specs, "library": specs["shop"]}  # a ninth service that took the shop's port
    monkeypatch.setattr(serve_all, "all_specs", lambda: clashing)
    with pytest.raises(serve_all.PortOutOfRange, match=r"shop and library on 1234"):
        serve_all.serve_all_ports()


class _DiesAfterStart:
    """A stand-in service process that starts, then exits with 3."""

    def __init__(self, name: str, port: int, *_args: object, **_kwargs: object) -> None:
        self.service, self.port, self.url = name, port, f"http://127.0.0.1:{port}"
        self.log_path = Path(f"/tmp/{name}.log")

    def launch(self) -> None:
        return None

    def healthy(self) -> bool:
        return True

    def exit_code(self) -> int | None:
        return 3 if self.service == "email" else None

    def log_tail(self) -> str:
        return "error: something went wrong"

    def stop(self) -> None:
        return None


def test_serve_all_stops_and_says_so_when_a_service_dies(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from mock_services import serve_all
    from mock_services.core.base.settings import Settings

    monkeypatch.setattr(serve_all, "ServiceProcess", _DiesAfterStart)
    monkeypatch.setattr(serve_all, "ensure_port_free", lambda *_args: None)
    before = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    with pytest.raises(serve_all.ServiceDied, match=r"email stopped \(exit 3\)") as died:
        serve_all.serve_all(Settings(data_dir=tmp_path))
    assert "something went wrong" in str(died.value)
    after = {number: signal.getsignal(number) for number in before}
    assert after == before, (
        f"serve_all left the caller's signal handlers changed: {before} became {after}; "
        "every process the caller starts later would inherit them"
    )


def test_serve_all_stops_at_once_naming_why_a_db_cannot_be_served(tmp_path: Path) -> None:
    """A shop DB seeded before the service's tables changed answers ``/health`` 503 for good:
    ``serve all`` stops every service without waiting out its timeout, and says why and what
    to run, in one error rather than a traceback."""
    data = _seeded_all(tmp_path / "data")
    with sqlite3.connect(data / "shop.db") as db:
        db.execute("DROP TABLE _persona_turns")
    started = cli(data, "serve", "all", "--port-offset", str(_free_offset()), "--workers", "1")
    assert started.returncode == 1, started.stdout
    assert "Traceback" not in started.stderr, started.stderr
    first = started.stderr.splitlines()[0]
    assert first.startswith("error: shop is not healthy on port "), started.stderr
    assert "/health answered 503 seed_outdated: the shop DB at " in first, first
    assert "(it lacks _persona_turns); seed it again: 'mock-services seed shop'" in first, first
    assert "after 20s" not in first, f"it waited out the timeout: {first}"


@pytest.mark.slow
@pytest.mark.parametrize("stopping", [signal.SIGINT, signal.SIGTERM])
def test_serve_all_stops_every_service_on_a_signal_to_it_alone_even_twice(
    tmp_path: Path, stopping: signal.Signals
) -> None:
    """Sent to ``serve all`` alone (not its process group), as ``kill`` or ``timeout`` does, and
    again while it stops: it ends and leaves no service running. Started as a background job
    starts, with SIGINT ignored, Ctrl-C's signal stops it too."""
    offset = _free_offset()
    urls = {name: f"http://127.0.0.1:{spec.port + offset}" for name, spec in all_specs().items()}
    data = _seeded_all(tmp_path / "data")
    command = [sys.executable, "-m", "mock_services.cli", "--data-dir", str(data)]
    process = subprocess.Popen(
        [*command, "serve", "all", "--port-offset", str(offset), "--workers", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),  # a background job's
    )
    try:
        deadline = time.monotonic() + 120
        while not all(_healthy(u) for u in urls.values()) and time.monotonic() < deadline:
            assert process.poll() is None, f"serve all ended early ({process.returncode})"
            time.sleep(0.5)
        services = children(process.pid)
        assert services, "serve all started no service"
        process.send_signal(stopping)
        time.sleep(0.05)
        process.send_signal(stopping)
        process.wait(timeout=90)
        alive = {pid for pid in services if Path(f"/proc/{pid}").exists()}
        assert not alive, f"serve all ended but left {len(alive)} of its processes running"
        assert not [name for name, url in urls.items() if _healthy(url)]
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
