"""Cross-service notifications arrive over real HTTP, with the delivery credential only, and
only at a port that the services' own user holds."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mock_services.core.base.keys import delivery_token
from mock_services.core.serve.process import free_port
from mock_services.core.web.notify import UnsafeTarget, check_target
from tests.core.conftest import start_notes
from tests.core.notes_service import DEFAULT_SEED
from tests.helpers import ApiClient, expect, fake_inbox


@pytest.fixture
def inbox() -> Iterator[tuple[str, list]]:
    with fake_inbox() as wired:
        yield wired


@pytest.mark.process  # real servers mailing each other
def test_mutation_delivers_mail_to_the_wired_email_service(tmp_path: Path, inbox) -> None:
    url, received = inbox
    process = start_notes(tmp_path, {**DEFAULT_SEED, "notifications": {"email_url": url}})
    try:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        expect(client.post("/api/notes", json={"title": "dentist"}), 201)
        (mail,) = received
        assert mail["path"] == "/admin/deliver"
        assert mail["headers"]["X-Delivery-Token"] == delivery_token()
        assert "X-Admin-Token" not in mail["headers"], "the admin token left the service"
        assert mail["to"] == ["alice@example.test"] and mail["subject"] == "Note added: dentist"
    finally:
        process.stop()


@pytest.mark.process  # real servers mailing each other
def test_without_wiring_nothing_is_sent(tmp_path: Path, inbox) -> None:
    _url, received = inbox
    process = start_notes(tmp_path)
    try:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        expect(client.post("/api/notes", json={"title": "dentist"}), 201)
        assert received == []
    finally:
        process.stop()


LISTENER = """
import os, socket, sys
os.setgid(4321); os.setuid(4321)
server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen()
print(server.getsockname()[1], flush=True)
connection, _ = server.accept()
connection.settimeout(3)
data = b""
try:
    while chunk := connection.recv(65536):
        data += chunk
except OSError:
    pass
sys.stdout.write(data.decode(errors="replace"))
"""


@pytest.fixture
def foreign_listener() -> Iterator[tuple[int, subprocess.Popen[str]]]:
    """A port held by another user (as the agent would hold it in a task container)."""
    if os.getuid() != 0:
        pytest.skip("needs root, to listen as another user")
    process = subprocess.Popen([sys.executable, "-c", LISTENER], stdout=subprocess.PIPE, text=True)
    port = int(process.stdout.readline())
    yield port, process
    process.kill()
    process.wait()


@pytest.mark.process  # real servers mailing each other
def test_no_mail_and_no_secret_go_to_a_port_of_another_user(
    tmp_path: Path, foreign_listener
) -> None:
    port, listener = foreign_listener
    url = f"http://127.0.0.1:{port}"
    with pytest.raises(UnsafeTarget, match=rf"port {port} is held by uid \[4321\]"):
        check_target(url + "/admin/deliver")
    process = start_notes(tmp_path, {**DEFAULT_SEED, "notifications": {"email_url": url}})
    try:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        expect(client.post("/api/notes", json={"title": "dentist"}), 201)
        log = process.log_tail(200)
        assert "held by uid [4321], not by the services' user" in log, log
    finally:
        process.stop()
    listener.kill()
    captured = listener.communicate()[0]
    assert delivery_token() not in captured and process.admin_token not in captured
    assert "dentist" not in captured, f"the agent's port received: {captured[:300]}"


@pytest.mark.parametrize(
    "url", ["http://192.0.2.7:5001/admin/deliver", "http://example.invalid:5001/x"]
)
def test_mail_goes_to_this_machine_only(url: str) -> None:
    with pytest.raises((UnsafeTarget, OSError)):
        check_target(url)


@pytest.mark.process  # real servers mailing each other
def test_services_with_different_data_directories_reach_each_other(tmp_path: Path) -> None:
    """The delivery credential belongs to the services' user, not to one data directory."""
    from tests.conftest import running_service

    with running_service("email", tmp_path / "mail") as email:
        process = start_notes(
            tmp_path / "notes", {**DEFAULT_SEED, "notifications": {"email_url": email.url}}
        )
        try:
            client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
            expect(client.post("/api/notes", json={"title": "dentist"}), 201)
        finally:
            process.stop()
        alice = ApiClient(email.url, email.admin_token).login("alice", "alice-pass")
        found = expect(alice.get("/api/messages", params={"q": "dentist"}), 200)
        assert [m["subject"] for m in found["items"]] == ["Note added: dentist"], found


@pytest.mark.process  # real servers mailing each other
def test_a_failed_delivery_is_listed_and_in_the_senders_audit(tmp_path: Path) -> None:
    """The booking still succeeds, but the lost mail is visible, not only in a log line."""
    nobody = f"http://127.0.0.1:{free_port()}"
    process = start_notes(tmp_path, {**DEFAULT_SEED, "notifications": {"email_url": nobody}})
    try:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        expect(client.post("/api/notes", json={"title": "dentist"}), 201)
        [lost] = expect(client.admin("GET", "/admin/undelivered"), 200)
        assert lost["subject"] == "Note added: dentist"
        assert lost["recipients"] == ["alice@example.test"]
        assert lost["email_url"] == nobody + "/admin/deliver"
        assert f"port {nobody.rsplit(':', 1)[1]} is held by nobody" in lost["reason"]
        entry = next(e for e in client.audit() if e["id"] == lost["request_id"])
        assert entry["path"] == "/api/notes" and entry["status"] == 201
        recorded = [c for c in entry["changes"] if c["table"] == "_undelivered_mail"]
        assert recorded and recorded[0]["after"]["subject"] == "Note added: dentist"
    finally:
        process.stop()
