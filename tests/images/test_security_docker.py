"""Security, proved by attack: as the agent user ``node`` in a real task container, try each
attack the design rules out. Every test fails if its attack succeeds."""

from __future__ import annotations

import json
import textwrap
import time

import pytest

from taskkit.images.layout import task_image
from tests.images.conftest import exec_in, wait_ready

# The first test also pays for the session build (and the OS bootstrap on a fresh machine).
pytestmark = [pytest.mark.docker, pytest.mark.slow, pytest.mark.attack, pytest.mark.timeout(900)]
DATA = "/var/lib/mock-data"


def attack(container, command: str) -> tuple[int, str]:
    return exec_in(container, command, user="node")


def python_attack(container, code: str) -> tuple[int, str]:
    script = textwrap.dedent(code).replace("'", "'\"'\"'")
    return attack(container, f"python3 -c '{script}'")


def service_pid(container) -> str:
    code, out = exec_in(container, "pgrep -o -x mock-notes", user="root")
    assert code == 0, out
    return out.strip()


@pytest.mark.parametrize(
    "command",
    [
        "echo 'echo pwned' >> /opt/mock/entrypoint.sh",
        "echo 'echo pwned' > /opt/mock/startup.d/notes-fixture.sh",
        "rm -f /opt/mock/entrypoint.sh",
        "mv /opt/mock/startup.d/notes-fixture.sh /tmp/x",
        "ln -sf /tmp/evil.sh /opt/mock/entrypoint.sh",
        "cp /bin/true /opt/mock/startup.d/zz-evil.sh",
        "chmod 777 /opt/mock/entrypoint.sh",
        "echo 'import os' > /opt/mock/lib/fixture_notes/__init__.py",
        "echo x > /opt/mock/supervise.py",
        "echo x > /opt/mock/bin/healthcheck",
        "mv /opt/mock /tmp/mock-moved",
    ],
)
def test_entrypoint_and_startup_scripts_cannot_be_changed(notes_container, command: str) -> None:
    before = exec_in(
        notes_container, "sha256sum /opt/mock/entrypoint.sh /opt/mock/startup.d/*", user="root"
    )
    code, _ = attack(notes_container, command)
    assert code != 0, f"the agent could run: {command}"
    after = exec_in(
        notes_container, "sha256sum /opt/mock/entrypoint.sh /opt/mock/startup.d/*", user="root"
    )
    assert before == after


def test_platform_files_are_root_owned_and_not_writable(notes_container) -> None:
    code, out = exec_in(
        notes_container,
        "find /opt/mock \\( ! -user root -o -perm /022 \\) -print",
        user="root",
    )
    assert (code, out) == (0, ""), f"not root-owned or writable by others:\n{out}"


@pytest.mark.parametrize(
    "command",
    [
        f"ls {DATA}",
        f"cat {DATA}/notes.db",
        f"cat {DATA}/notes.db-wal",
        f"echo x >> {DATA}/notes.db",
        f"echo x >> {DATA}/notes.db-wal",
        f"cat {DATA}/secrets/admin.token",
        f"cat {DATA}/secrets/notes.key",
        f"cp {DATA}/notes.seed.db /tmp/",
        "cat /var/log/mock/notes.log",
    ],
)
def test_service_data_and_secrets_are_out_of_reach(notes_container, command: str) -> None:
    code, out = attack(notes_container, command)
    assert code != 0, f"the agent could run: {command}\n{out}"
    assert "Permission denied" in out


def test_sqlite_cannot_open_the_db(notes_container) -> None:
    code, out = python_attack(
        notes_container,
        f"""
        import sqlite3
        db = sqlite3.connect("file:{DATA}/notes.db?mode=ro", uri=True)
        print(db.execute("select count(*) from users").fetchone())
        """,
    )
    assert code != 0 and "unable to open database" in out, out


@pytest.mark.parametrize("signal", ["KILL", "TERM", "STOP", "INT", "HUP"])
def test_the_agent_cannot_signal_a_service(notes_container, signal: str) -> None:
    pid = service_pid(notes_container)
    code, out = attack(notes_container, f"kill -{signal} {pid}")
    assert code != 0 and "not permitted" in out, out
    code, out = attack(
        notes_container, f"pkill -{signal} -x mock-notes 2>&1; pgrep -o -x mock-notes"
    )
    assert out.strip().splitlines()[-1] == pid, out
    assert exec_in(notes_container, "curl -sf localhost:5100/health")[0] == 0


def test_the_agent_cannot_ptrace_or_read_service_memory(notes_container) -> None:
    pid = service_pid(notes_container)
    code, out = python_attack(
        notes_container,
        f"""
        import ctypes, os
        libc = ctypes.CDLL(None, use_errno=True)
        PTRACE_ATTACH = 16
        result = libc.ptrace(PTRACE_ATTACH, {pid}, None, None)
        print("ptrace", result, os.strerror(ctypes.get_errno()))
        """,
    )
    assert "ptrace -1" in out, out
    for target in ("mem", "environ", "maps"):
        code, out = attack(notes_container, f"head -c 64 /proc/{pid}/{target}")
        assert code != 0, f"/proc/{pid}/{target} was readable"


@pytest.mark.parametrize(
    ("host", "reuse"),
    [
        ("127.0.0.1", ""),
        ("0.0.0.0", ""),
        ("127.0.0.1", "SO_REUSEPORT"),
        ("127.0.0.1", "SO_REUSEADDR"),
    ],
)
def test_the_agent_cannot_bind_a_service_port(notes_container, host: str, reuse: str) -> None:
    option = f"s.setsockopt(socket.SOL_SOCKET, socket.{reuse}, 1)" if reuse else "pass"
    code, out = python_attack(
        notes_container,
        f"""
        import socket
        s = socket.socket()
        {option}
        s.bind(("{host}", 5100))
        s.listen()
        print("bound")
        """,
    )
    assert code != 0 and "Address already in use" in out, out


def test_localhost_cannot_be_captured_over_ipv6(notes_container) -> None:
    """Clients resolve ``localhost`` to IPv4 only, so a listener on [::1]:port gets nothing."""
    code, out = python_attack(
        notes_container,
        """
        import socket
        print(sorted({a[4][0] for a in socket.getaddrinfo("localhost", 5100)}))
        """,
    )
    assert (code, out.strip()) == (0, "['127.0.0.1']")
    assert attack(notes_container, "echo '::1 localhost' >> /etc/hosts")[0] != 0


def test_no_secret_is_visible_in_proc(notes_container) -> None:
    secrets = []
    for name in ("admin.token", "notes.key"):
        code, out = exec_in(notes_container, f"cat {DATA}/secrets/{name}", user="root")
        assert code == 0
        secrets.append(out.strip())
    # The needles go through a file: on grep's own command line they would find themselves.
    needles = "\n".join(secrets)
    exec_in(notes_container, f"umask 022; printf '%s\\n' '{needles}' > /tmp/needles", user="root")
    code, out = attack(
        notes_container,
        "grep -l -a -F -f /tmp/needles /proc/[0-9]*/cmdline /proc/[0-9]*/environ 2>/dev/null; "
        "wc -l < /tmp/needles",
    )
    assert out.split() == ["2"], f"the secrets show in {out}"


def test_the_agent_cannot_become_root(notes_container) -> None:
    assert attack(notes_container, "command -v sudo")[0] != 0
    _code, out = attack(notes_container, "find / -xdev -perm /6000 -type f 2>/dev/null")
    assert out.strip() == "", f"setuid/setgid binaries: {out}"
    assert attack(notes_container, "echo root | su -c id root")[0] != 0
    _code, out = attack(notes_container, "id -G")
    assert out.split() == ["1000"], f"node is in extra groups: {out}"


def test_nothing_on_roots_paths_is_writable_by_the_agent(notes_container) -> None:
    _, path = exec_in(notes_container, 'printf %s "$PATH"', user="root")
    _, pythonpath = exec_in(
        notes_container,
        "python3 -c 'import sys; print(\":\".join(p for p in sys.path if p))'",
        user="root",
    )
    dirs = {d for d in (path + ":" + pythonpath.strip()).split(":") if d}
    dirs |= {"/", "/etc", "/etc/profile.d", "/root", "/opt", "/tests", "/logs", "/run/mock"}
    for directory in sorted(dirs):
        code, _ = attack(notes_container, f"test -e {directory} && test -w {directory}")
        assert code != 0, f"{directory} (on root's path) is writable by the agent"
    code, out = attack(
        notes_container,
        "find /usr/local /usr/lib/python3 /usr/lib/python3.11 -writable 2>/dev/null | head",
    )
    assert out.strip() == "", f"writable by the agent: {out}"


def test_the_agent_cannot_fake_readiness(notes_container) -> None:
    assert attack(notes_container, "rm -f /run/mock/ready")[0] != 0
    assert attack(notes_container, "echo x > /run/mock/ready")[0] != 0


def test_the_agent_cannot_write_the_reward_itself(notes_container) -> None:
    code, out = attack(notes_container, "echo 1.0 > /logs/verifier/reward.txt")
    assert code != 0, out
    attack(
        notes_container,
        "setsid nohup sh -c 'sleep 1; echo 1 > /logs/verifier/reward.txt' >/dev/null 2>&1 &",
    )
    time.sleep(2)
    assert exec_in(notes_container, "test -e /logs/verifier/reward.txt", user="root")[0] != 0


def test_a_lingering_agent_process_cannot_write_the_reward_later(start_container) -> None:
    """Harbor makes /logs/verifier world-writable: the warden closes it again and removes what
    the agent put there, and the verifier's first step ends the agent's session."""
    container = start_container(task_image("notes-fixture"))
    wait_ready(container)
    writers = [
        "while :; do echo 1.0 > /logs/verifier/reward.txt; done",
        # A process that keeps forking new children to outrun a kill loop.
        "while :; do (sleep 0.5; echo 1.0 > /logs/verifier/reward.txt) & sleep 0.05; done",
        "while :; do ln -sf /etc/passwd /logs/verifier/evil-link; done",
    ]
    for writer in writers:
        container.exec_run(["setsid", "nohup", "bash", "-c", writer], user="node", detach=True)
    for _ in range(20):
        exec_in(container, "chmod 777 /logs/verifier /logs", user="root")
        time.sleep(0.05)
    time.sleep(0.5)
    _, mode = exec_in(container, "stat -c '%a %U' /logs /logs/verifier", user="root")
    assert mode.split() == ["755", "root", "755", "root"], mode
    assert exec_in(container, "ls -A /logs/verifier", user="root")[1].strip() == ""
    code, out = exec_in(container, "/opt/mock/bin/end-agent-session", user="root")
    assert code == 0, out
    assert exec_in(container, "ls -A /logs/verifier", user="root")[1].strip() == ""
    exec_in(container, "echo 0.0 > /logs/verifier/reward.txt", user="root")
    time.sleep(1.5)
    assert exec_in(container, "cat /logs/verifier/reward.txt", user="root")[1].strip() == "0.0"
    assert exec_in(container, "pgrep -u node", user="root")[0] != 0
    assert exec_in(container, "curl -sf localhost:5100/health")[0] == 0


def test_the_agent_cannot_end_other_users_sessions(notes_container) -> None:
    code, out = attack(notes_container, "/opt/mock/bin/end-agent-session mock")
    assert code != 0 and "must run as root" in out
    health = exec_in(notes_container, "curl -s localhost:5100/health")[1]
    assert json.loads(health)["status"] == "ok"
