"""The entrypoint in real containers: seeding, readiness, timeouts, restarts and signals."""

from __future__ import annotations

import json
import time

import pytest

from taskkit.images.layout import base_image, task_image
from tests.images.conftest import exec_in, wait_ready

# The first test also pays for the session build (and the OS bootstrap on a fresh machine).
pytestmark = [pytest.mark.docker, pytest.mark.slow, pytest.mark.timeout(900)]


def curl(container, path: str, port: int = 5100, user: str = "node", **options: str) -> str:
    extra = " ".join(f"{k} {v}" for k, v in options.items())
    code, out = exec_in(container, f"curl -sS {extra} http://localhost:{port}{path}", user=user)
    assert code == 0, out
    return out


def test_services_run_as_mock_and_answer(notes_container) -> None:
    health = json.loads(curl(notes_container, "/health"))
    assert health["status"] == "ok" and health["service"] == "notes"
    code, out = exec_in(notes_container, "ps -o user=,args= -C mock-notes", user="root")
    assert code == 0 and out.split() and set(out.split()[::2]) == {"mock"}, out


def test_readiness_file_and_healthcheck(notes_container) -> None:
    code, out = exec_in(notes_container, "cat /run/mock/ready")
    assert code == 0 and out.strip() == "notes|fixture_notes:NOTES|5100|default"
    assert exec_in(notes_container, "/opt/mock/bin/healthcheck")[0] == 0
    assert exec_in(notes_container, "/opt/mock/bin/healthcheck --live")[0] == 0


def test_the_startup_fragment_and_assets_are_in_place(notes_container) -> None:
    code, out = exec_in(notes_container, "cat /run/mock/fixture-startup.txt")
    assert (code, out.strip()) == (0, "notes-fixture startup ran")
    code, out = exec_in(notes_container, "stat -c '%U %a' /workspace/environment/readme.txt")
    assert (code, out.strip()) == (0, "node 644")
    code, out = exec_in(notes_container, "stat -c '%U %a' /opt/mock/lib/fixture_notes/__init__.py")
    assert (code, out.strip()) == (0, "root 644")
    assert exec_in(notes_container, "test -f /workspace/environment/task-file.txt")[0] == 0


def test_secrets_belong_to_mock_only(notes_container) -> None:
    code, out = exec_in(
        notes_container,
        "stat -c '%n %U %a' /var/lib/mock-data /var/lib/mock-data/secrets "
        "/var/lib/mock-data/secrets/admin.token /var/lib/mock-data/secrets/notes.key",
        user="root",
    )
    assert code == 0, out
    modes = [line.split()[1:] for line in out.splitlines()]
    assert modes == [["mock", "700"], ["mock", "700"], ["mock", "600"], ["mock", "600"]]


def test_three_services_become_ready_together(start_container) -> None:
    container = start_container(task_image("trio-fixture"))
    seconds = wait_ready(container)
    for port in (5101, 5102, 5103):
        assert json.loads(curl(container, "/health", port=port))["status"] == "ok"
    assert seconds < 10
    assert "entrypoint: ready: 3 service(s)" in container.logs().decode()


def test_a_service_that_never_gets_healthy_fails_the_start_with_its_log(start_container) -> None:
    container = start_container(
        task_image("broken-fixture"), environment={"MOCK_READY_TIMEOUT": "4"}
    )
    result = container.wait(timeout=60)
    logs = container.logs().decode()
    assert result["StatusCode"] != 0
    assert "broken did not answer GET http://127.0.0.1:5109/health within 4s" in logs
    assert "last lines of /var/log/mock/broken.log" in logs
    assert "Traceback" in logs or "Error" in logs


def test_a_missing_db_is_seeded_at_start(start_container) -> None:
    container = start_container(
        task_image("notes-fixture"), tmpfs={"/var/lib/mock-data": "mode=0755"}
    )
    wait_ready(container)
    assert "seeding notes with its default data" in container.logs().decode()
    code, out = exec_in(container, "stat -c '%U %a' /var/lib/mock-data", user="root")
    assert (code, out.strip()) == (0, "mock 700")


def login(container, port: int = 5100) -> str:
    body = json.dumps({"username": "alice", "password": "alice-pass"})
    out = curl(
        container,
        "/api/auth/login",
        port=port,
        **{"-H": "'Content-Type: application/json'", "-d": f"'{body}'"},
    )
    return json.loads(out)["token"]


def test_a_crashed_service_is_restarted_and_keeps_its_data(start_container) -> None:
    container = start_container(task_image("notes-fixture"))
    wait_ready(container)
    token = login(container)
    auth = {"-H": f"'Authorization: Bearer {token}'"}
    created = curl(
        container,
        "/api/notes",
        **auth,
        **{
            "-X": "POST",
            "-d": '\'{"title": "survives a crash"}\'',
            "--header": "'Content-Type: application/json'",
        },
    )
    assert json.loads(created)["title"] == "survives a crash"
    code, out = exec_in(container, "pkill -KILL -x mock-notes", user="root")
    assert code == 0, out
    # Wait for the restart (its workers die with the killed server).
    restarted = "grep -q 'restarted notes' /var/log/mock/supervisor.log"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if exec_in(container, restarted, user="root")[0] == 0 and (
            exec_in(container, "curl -sf localhost:5100/health")[0] == 0
        ):
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"not restarted: {exec_in(container, 'cat /var/log/mock/*', user='root')}")
    titles = [n["title"] for n in json.loads(curl(container, "/api/notes", **auth))["items"]]
    assert "survives a crash" in titles
    code, out = exec_in(container, "cat /var/log/mock/supervisor.log", user="root")
    assert "notes exited with" in out and "restarted notes" in out
    # Exactly one generation: one server, and every worker is its child (the old workers died
    # with their server), and the DB is intact.
    parents_of_workers = "ps -o ppid= -p $(pgrep -d, -f '^mock-notes worker')"
    deadline = time.monotonic() + 5
    while True:
        _, mains = exec_in(container, "pgrep -x mock-notes", user="root")
        _, parents = exec_in(container, parents_of_workers, user="root")
        if len(mains.split()) == 1 and set(parents.split()) == set(mains.split()):
            break
        assert time.monotonic() < deadline, f"servers {mains.split()}, workers' parents {parents}"
        time.sleep(0.2)
    check = "python3 -c \"import sqlite3; print(sqlite3.connect('/var/lib/mock-data/notes.db')"
    check += ".execute('PRAGMA integrity_check').fetchone()[0])\""
    assert exec_in(container, check, user="root")[1].strip() == "ok"


def test_a_stop_signal_stops_everything_promptly(start_container) -> None:
    container = start_container(task_image("notes-fixture"))
    wait_ready(container)
    started = time.monotonic()
    container.stop(timeout=10)
    assert time.monotonic() - started < 5
    assert container.wait(timeout=10)["StatusCode"] in (0, 143)


def test_starting_as_the_agent_user_is_refused_with_advice(start_container) -> None:
    container = start_container(task_image("notes-fixture"), user="node")
    assert container.wait(timeout=30)["StatusCode"] != 0
    assert "must start as root" in container.logs().decode()


def test_a_task_without_services_may_run_as_the_agent(fixture_images) -> None:
    client = fixture_images.client
    out = client.containers.run(base_image(), ["id", "-un"], user="node", remove=True)
    assert out.decode().strip() == "node"
    out = client.containers.run(base_image(), ["cat", "/run/mock/ready"], remove=True)
    assert out.decode() == "\n"
