"""Attacks that once scored 1.0 without doing the task, or took over a service, each tried
as the agent user ``node`` in a real task container (with the runner settings that Harbor's
providers may apply: a process limit, a soft nproc limit). Every test fails if its attack
succeeds; ``pytest -m attack`` prints how many were tried and how many held."""

from __future__ import annotations

import textwrap
import time

import pytest
from docker.types import Ulimit

from taskkit.images.layout import task_image
from taskkit.oracle_docker import DockerEnv
from tests.images.conftest import exec_in, wait_ready

pytestmark = [pytest.mark.docker, pytest.mark.slow, pytest.mark.attack, pytest.mark.timeout(900)]
PORT = 5100
FORGE = "while :; do echo 1.0 > /logs/verifier/reward.txt 2>/dev/null; done"
FORK_BOMB = "bomb() { bomb & bomb & wait; }; bomb"
# Forges the reward, forks and exits, again and again: no pid of it lives long.
PID_HOPPER = """python3 -c '
import os
while True:
    try:
        with open("/logs/verifier/reward.txt", "w") as reward:
            reward.write("1.0")
    except OSError:
        pass
    try:
        if os.fork():
            os._exit(0)
    except OSError:
        pass
'"""
FIRST_LINE = textwrap.dedent(
    """\
    #!/bin/bash
    [ -n "${MOCK_AGENT_SESSION_ENDED:-}" ] || [ ! -x /opt/mock/bin/end-agent-session ] ||
        exec /opt/mock/bin/end-agent-session --then "$0" "$@"
    echo 0.25 > /logs/verifier/reward.txt
    """
)


def as_agent(container, command: str) -> None:
    """Start ``command`` as the agent, detached and in its own session (it outlives the exec)."""
    container.exec_run(["setsid", "nohup", "bash", "-c", command], user="node", detach=True)


def root(container, command: str) -> tuple[int, str]:
    return exec_in(container, command, user="root")


def reward_text(container) -> str | None:
    """The verifier's reward.txt, copied out as the runner reads it (an exec's output, under a
    fork bomb and a loaded daemon, has come back empty)."""
    text = DockerEnv(container).read_text("/logs/verifier/reward.txt")
    return None if text is None else text.strip()


def python_as_agent(container, code: str) -> tuple[int, str]:
    script = textwrap.dedent(code).replace("'", "'\"'\"'")
    return exec_in(container, f"python3 -c '{script}'", user="node")


def open_the_verifier_dir_as_harbor_does(container) -> None:
    """Harbor's providers ``chmod 777`` the log folders for non-root users."""
    root(container, "chmod 777 /logs /logs/verifier")


def run_without_fork(container, argv: list[str], seconds: float = 60) -> tuple[int, str]:
    """``docker exec`` of one program: the runtime moves it into the container, no fork.

    While a fork bomb holds every pid, the runtime itself needs a free pid to enter and under
    load may find none (exit 126, the program never started): that is the runtime losing a
    race, not the program failing, so it tries again for up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        result = container.exec_run(argv, user="root")
        out = (result.output or b"").decode(errors="replace")
        entered = not (result.exit_code == 126 and "OCI runtime exec failed" in out)
        if entered or time.monotonic() > deadline:
            return result.exit_code, out
        time.sleep(0.5)


def test_a_link_to_the_reference_answer_is_not_read_as_the_output(notes_container) -> None:
    """expense-report-csv: output linked to the reference that the verifier uploads later."""
    link = "mkdir -p /workspace/output && "
    link += "ln -sf /tests/reference/expected.json /workspace/output/report.json"
    assert exec_in(notes_container, link)[0] == 0
    root(
        notes_container,
        "install -d /tests/reference && echo '{\"total\": 7}' > /tests/reference/expected.json",
    )
    code, out = exec_in(
        notes_container,
        "HOME=/home/node python3 -c 'from mock_services.verify import read_json_output; "
        'print(read_json_output("output/report.json"))\'',
        user="root",
    )
    assert code != 0 and "report.json is a link" in out, out
    assert "'total': 7" not in out


def test_a_restarting_service_never_frees_its_port(start_container) -> None:
    """Crash a service, then race for its port during the restart: it stays reserved."""
    container = start_container(task_image("notes-fixture"))
    wait_ready(container)
    racer = f"""
        import socket, time
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline:
            for host in ("127.0.0.1", "0.0.0.0"):
                s = socket.socket()
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                try:
                    s.bind((host, {PORT})); s.listen(); print("BOUND", host); raise SystemExit(0)
                except OSError:
                    s.close()
        print("refused throughout")
    """
    script = textwrap.dedent(racer).replace("'", "'\"'\"'")
    container.exec_run(
        ["bash", "-c", f"python3 -c '{script}' > /tmp/race.log 2>&1"], user="node", detach=True
    )
    time.sleep(0.3)
    # The crash: every process of the service at once (what two OOM kills and granian's
    # crash-loop guard amount to).
    assert root(container, "pkill -KILL -u mock -f mock-notes")[0] == 0
    time.sleep(4.5)
    _, race = root(container, "cat /tmp/race.log")
    assert "BOUND" not in race and "refused throughout" in race, race
    deadline = time.monotonic() + 15
    while exec_in(container, f"curl -sf localhost:{PORT}/health")[0] != 0:
        assert time.monotonic() < deadline, root(container, "tail /var/log/mock/*.log")[1]
        time.sleep(0.2)


def test_the_supervisor_is_restarted_and_one_generation_serves(start_container) -> None:
    container = start_container(task_image("notes-fixture"))
    wait_ready(container)
    _, before = root(container, "pgrep -u mock -f supervise.py")
    assert root(container, "pkill -KILL -u mock -f supervise.py")[0] == 0
    deadline = time.monotonic() + 20
    while True:
        _, after = root(container, "pgrep -u mock -f supervise.py")
        healthy = exec_in(container, f"curl -sf localhost:{PORT}/health")[0] == 0
        if after.strip() and after != before and healthy:
            break
        assert time.monotonic() < deadline, root(container, "cat /var/log/mock/supervisor.log")
        time.sleep(0.2)
    time.sleep(1)
    _, mains = root(container, "pgrep -x mock-notes")
    assert len(mains.split()) == 1, f"more than one generation of the service: {mains}"
    assert root(container, "curl -sf localhost:5100/health")[0] == 0


def test_a_forged_reward_does_not_survive_a_fork_bomb(start_container) -> None:
    """The agent forges a reward and fills the pid limit so that the verifier cannot fork."""
    container = start_container(task_image("notes-fixture"), pids_limit=96)
    wait_ready(container)
    open_the_verifier_dir_as_harbor_does(container)
    as_agent(container, FORGE)
    as_agent(container, FORK_BOMB)
    time.sleep(3)
    code, out = run_without_fork(container, ["bash", "-c", "/bin/true; echo forked"])
    assert "fork: " in out, "the pid limit was not reached; the test proves nothing"
    code, out = run_without_fork(container, ["ls", "-A", "/logs/verifier"])
    assert "reward" not in out, f"a forged reward is there: {out}"
    code, out = run_without_fork(container, ["/opt/mock/bin/end-agent-session"])
    assert code == 0, out
    assert root(container, "pgrep -u node")[0] != 0, "agent processes survived"
    assert root(container, "ls -A /logs/verifier")[1].strip() == ""


def test_the_verifier_script_runs_at_the_process_limit(start_container) -> None:
    """test.sh's first line ends the session without a fork, then the verifier runs."""
    container = start_container(task_image("notes-fixture"), pids_limit=96)
    wait_ready(container)
    root(container, f"install -d /tests && cat > /tests/test.sh <<'EOF'\n{FIRST_LINE}EOF")
    open_the_verifier_dir_as_harbor_does(container)
    as_agent(container, FORGE)
    as_agent(container, FORK_BOMB)
    time.sleep(3)
    code, out = run_without_fork(container, ["bash", "/tests/test.sh"])
    assert code == 0, out
    assert reward_text(container) == "0.25"
    assert root(container, "pgrep -u node")[0] != 0


def test_a_forger_that_changes_pid_all_the_time_does_not_outlive_the_session(
    start_container,
) -> None:
    """Four forgers that fork and exit without pause, rewriting the reward at each step."""
    container = start_container(task_image("notes-fixture"))
    wait_ready(container)
    root(container, f"install -d /tests && cat > /tests/test.sh <<'EOF'\n{FIRST_LINE}EOF")
    open_the_verifier_dir_as_harbor_does(container)
    for _ in range(4):
        as_agent(container, PID_HOPPER)
    time.sleep(2)
    code, out = root(container, "bash /tests/test.sh")
    assert code == 0, out
    time.sleep(1)
    assert reward_text(container) == "0.25"
    assert root(container, "pgrep -u node")[0] != 0, "agent processes survived"


def test_the_session_ends_when_the_agent_outnumbers_roots_soft_limit(start_container) -> None:
    """With nproc 256:1024, an agent holding 300 processes once made the cleanup fail."""
    container = start_container(
        task_image("notes-fixture"), ulimits=[Ulimit(name="nproc", soft=256, hard=1024)]
    )
    wait_ready(container)
    open_the_verifier_dir_as_harbor_does(container)
    as_agent(container, f"ulimit -u 1024; {FORGE} & for i in $(seq 300); do sleep 600 & done; wait")
    time.sleep(3)
    count = int(root(container, "pgrep -c -u node")[1].strip() or 0)
    assert count > 256, f"the agent holds only {count} processes; the test proves nothing"
    code, out = root(container, "/opt/mock/bin/end-agent-session")
    assert code == 0, out
    assert root(container, "pgrep -u node")[0] != 0
    assert root(container, "ls -A /logs/verifier")[1].strip() == ""


def test_a_root_owned_file_moved_into_the_verifier_dir_is_removed(notes_container) -> None:
    """Files the task Dockerfile copied as root into an agent folder can be moved by the agent."""
    open_the_verifier_dir_as_harbor_does(notes_container)
    exec_in(
        notes_container,
        "for i in $(seq 50); do mv /workspace/environment/task-file.txt "
        "/logs/verifier/reward.txt 2>/dev/null && break; sleep 0.01; done",
    )
    time.sleep(0.5)
    assert root(notes_container, "ls -A /logs/verifier")[1].strip() == ""
    root(notes_container, "touch /logs/verifier/moved-in && chown root /logs/verifier/moved-in")
    code, out = root(notes_container, "/opt/mock/bin/end-agent-session")
    assert code == 0, out
    assert root(notes_container, "ls -A /logs/verifier")[1].strip() == "", "the cleanup kept it"


def test_the_agents_processes_are_the_oom_killers_first_choice(notes_container) -> None:
    as_agent(notes_container, "sleep 600")
    time.sleep(0.5)
    _, scores = root(
        notes_container, "for p in $(pgrep -u node); do cat /proc/$p/oom_score_adj; done"
    )
    assert scores.split() and set(scores.split()) == {"1000"}, scores
    _, services = root(
        notes_container, "for p in $(pgrep -u mock); do cat /proc/$p/oom_score_adj; done"
    )
    assert set(services.split()) == {"0"}, services
