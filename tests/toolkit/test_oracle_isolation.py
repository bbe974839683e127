"""The local runner isolates the agent as the task image does: it runs unprivileged, sees
neither the host's secrets nor the task's future, and nothing it leaves running outlives its
phase (a red team's do-nothing agent once scored 0.990 by rewriting reward.json later)."""

from __future__ import annotations

import json
import pwd
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from mock_services.core.data.world_marks import ENDED_NS, MARKS_TABLE, STARTED_NS
from taskkit.oracle import (
    AGENT_FALLBACK_ID,
    ROOT,
    AgentIdentity,
    agent_identity,
    run_trial,
    warn_not_isolated,
)
from tests.helpers import namespaces_allowed
from tests.toolkit.test_oracle import FIXTURE, TASK

pytestmark = [pytest.mark.slow, pytest.mark.process]  # runs a subprocess

if not namespaces_allowed():  # pragma: no cover - depends on the machine
    pytest.skip("needs unshare --mount --net (root or CAP_SYS_ADMIN)", allow_module_level=True)

FORGED = '{"reward": 1.0}'
# What the hostile agent tries, each line "<name> <exit status>" in /workspace/output/probe.txt
# (0: it worked). It leaves a writer behind that forges the reward and writes to the email
# service until it is killed, logging each answer's status.
HOSTILE = r"""#!/bin/bash
out=/workspace/output/probe.txt
try() { local name=$1; shift; "$@" >/dev/null 2>&1; echo "$name $?" >> "$out"; }
echo "uid $(id -u)" > "$out"
echo "agent_user $MOCK_AGENT_USER" >> "$out"
try task_seed cat {task}/environment/seed.json
try task_tests cat {task}/tests/verify.py
try task_solution cat {task}/solution/solve.sh
try checkout_tests cat {root}/tests/toolkit/test_oracle_isolation.py
try checkout_solution cat {root}/tasks/shop-stock-runs-out/solution/solve.sh
try tmp_listing ls -A {tmp_probe}
try other_top_level cat {top_probe}/solve.sh
try runner_secret test -n "$JUDGE_API_KEY"
try root_listing ls /root
try delivery_token cat /root/.local/state/mock-services/delivery.token
try admin_token cat /var/lib/mock-data/secrets/admin.token
try live_db cat /var/lib/mock-data/email.db
try tests_dir ls /tests/verify.py
try reward_dir touch /logs/verifier/reward.json
try package python3 -c "import mock_services.client"
try home_write touch /home/node/mine
try output_write touch /workspace/output/mine
try tmp_write touch /tmp/mine
setsid nohup bash -c '
  login="{\"username\": \"alice\", \"password\": \"alice-pass\"}"
  token=$(curl -s -H "Content-Type: application/json" -d "$login" \
    http://127.0.0.1:5001/api/auth/login | sed -E "s/.*\"token\": *\"([^\"]+)\".*/\1/")
  while true; do
    echo "$FORGED" > /logs/verifier/reward.json 2>/dev/null
    curl -s -o /dev/null -w "%{http_code}\n" -X POST -H "Authorization: Bearer $token" \
      -H "Content-Type: application/json" -d "{\"name\": \"forged-$RANDOM$RANDOM\"}" \
      http://127.0.0.1:5001/api/labels >> /home/node/writer.log
    sleep 0.05
  done' > /dev/null 2>&1 &
sleep 1
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    shutil.copytree(FIXTURE, copy)
    return copy


@pytest.fixture
def top_level_copy(tmp_path: Path) -> Iterator[Path]:
    """A world-readable copy of a solution in a folder of the host's ``/`` (as another
    checkout under ``/work`` or ``/srv`` would be)."""
    folder = Path("/") / f"liveclaw-probe-{tmp_path.name}"
    folder.mkdir(mode=0o755)
    (folder / "solve.sh").write_text("echo the reference solution\n")
    (folder / "solve.sh").chmod(0o644)
    yield folder
    shutil.rmtree(folder)


def test_the_agent_is_unprivileged_blind_to_the_future_and_ended_before_the_verifier(
    repo: Path, tmp_path: Path, top_level_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    task = repo / "tasks" / TASK
    agent = tmp_path / "hostile.sh"  # tmp_path: a folder of this test's under the host's /tmp
    script = HOSTILE.replace("{task}", str(task)).replace("{root}", str(ROOT))
    script = script.replace("{top_probe}", str(top_level_copy))
    agent.write_text(script.replace("{tmp_probe}", str(tmp_path)).replace("$FORGED", FORGED))
    monkeypatch.setenv("JUDGE_API_KEY", "the runner's secret")  # the agent's env is not ours
    result = run_trial(task, agent=str(agent), root=repo, keep=True)
    trial = Path(result.trial_dir)
    try:
        probe = dict(
            line.split(" ", 1)
            for line in (trial / "workspace" / "output" / "probe.txt").read_text().splitlines()
        )
        identity = agent_identity()
        assert probe["uid"] == str(identity.uid) != "0", probe
        assert probe["agent_user"] == identity.name, probe
        worked = {"package", "home_write", "output_write", "tmp_write"}
        assert {name for name, status in probe.items() if status == "0"} - {
            "uid",
            "agent_user",
        } == (worked), f"expected only {sorted(worked)} to work for the agent, got {probe}"
        # the writer ran during the agent's phase, then died with it: the verifier's reward
        # stands (the do-nothing agent's), not the forged one
        statuses = (trial / "home" / "writer.log").read_text().split()
        assert statuses and set(statuses) <= {"201", "409"}, statuses
        reward = json.loads((trial / "verifier" / "main" / "reward.json").read_text())
        assert reward["reward"] < 0.5 and result.reward == reward["reward"], (reward, result)
        assert (trial / "logs" / "verifier").stat().st_uid == 0
        assert result.error is None, result  # no agent process survived the end of its phase
    finally:
        shutil.rmtree(trial, ignore_errors=True)


def test_the_agents_outputs_are_its_own_and_scored(repo: Path) -> None:
    """The oracle (unprivileged now) still scores 1.0: its mail is sent, and a file it writes
    under /workspace/output is the agent's uid's, as the verifier SDK requires."""
    task = repo / "tasks" / TASK
    solve = task / "solution" / "solve.sh"
    solve.write_text(solve.read_text() + "\necho done > /workspace/output/note.txt\n")
    result = run_trial(task, agent="oracle", root=repo, keep=True)
    trial = Path(result.trial_dir)
    try:
        assert result.reward == 1.0, result
        note = trial / "workspace" / "output" / "note.txt"
        assert note.stat().st_uid == agent_identity().uid, note.stat()
    finally:
        shutil.rmtree(trial, ignore_errors=True)


LIVE_WORLD = "shop-stock-runs-out"
# A request that starts the live world's agent phase, then a writer left running.
LINGERER = """#!/bin/bash
curl -s -o /dev/null http://127.0.0.1:1234/api/products
setsid nohup bash -c 'while true; do curl -s -o /dev/null http://127.0.0.1:1234/api/products
  sleep 0.05; done' > /dev/null 2>&1 &
"""


def test_a_live_worlds_agent_phase_ends_before_the_verifier(tmp_path: Path) -> None:
    """The runner ends the agent phase in every service DB, as ``end-agent-session`` does in
    the image (from then on the world refuses the agent's writes with 409
    ``agent_phase_ended``), after killing the process the agent left running."""
    agent = tmp_path / "lingerer.sh"
    agent.write_text(LINGERER)
    result = run_trial(ROOT / "tasks" / LIVE_WORLD, agent=str(agent), root=ROOT, keep=True)
    trial = Path(result.trial_dir)
    try:
        assert result.error is None and result.reward is not None, result
        with sqlite3.connect(trial / "mock-data" / "shop.db") as db:
            marks = dict(db.execute(f"SELECT name, value FROM {MARKS_TABLE}").fetchall())
        assert STARTED_NS in marks and ENDED_NS in marks, f"expected start and end, got {marks}"
    finally:
        shutil.rmtree(trial, ignore_errors=True)


def test_without_node_the_agent_is_a_bare_uid(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_such_user(name: str) -> pwd.struct_passwd:
        raise KeyError(name)

    monkeypatch.setattr(pwd, "getpwnam", no_such_user)
    assert agent_identity() == AgentIdentity(AGENT_FALLBACK_ID, AGENT_FALLBACK_ID, "65534")


def test_a_runner_without_root_says_once_that_the_agent_is_not_isolated(
    capsys: pytest.CaptureFixture[str],
) -> None:
    warn_not_isolated.cache_clear()
    warn_not_isolated()
    warn_not_isolated()
    said = capsys.readouterr().err
    assert said.count("unisolated") == 1, said
