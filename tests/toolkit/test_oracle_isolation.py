"""The local runner isolates the agent as the task image does: it runs unprivileged, sees
neither the host's secrets nor the task's future, and nothing it leaves running outlives its
phase (a red team's do-nothing agent once scored 0.990 by rewriting reward.json later)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from taskkit.oracle import ROOT, agent_identity, run_trial
from tests.toolkit.test_oracle import FIXTURE, TASK, _namespaces_allowed

pytestmark = [pytest.mark.slow, pytest.mark.process]  # runs a subprocess

if not _namespaces_allowed():  # pragma: no cover - depends on the machine
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
try root_listing ls /root
try delivery_token cat /root/.local/state/mock-services/delivery.token
try admin_token cat /var/lib/mock-data/secrets/admin.token
try live_db cat /var/lib/mock-data/email.db
try tests_dir ls /tests/verify.py
try reward_dir touch /logs/verifier/reward.json
try package python3 -c "import mock_services.client"
try home_write touch /home/node/mine
try output_write touch /workspace/output/mine
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


def test_the_agent_is_unprivileged_blind_to_the_future_and_ended_before_the_verifier(
    repo: Path, tmp_path: Path
) -> None:
    task = repo / "tasks" / TASK
    agent = tmp_path / "hostile.sh"  # tmp_path: a folder of this test's under the host's /tmp
    script = HOSTILE.replace("{task}", str(task)).replace("{root}", str(ROOT))
    agent.write_text(script.replace("{tmp_probe}", str(tmp_path)).replace("$FORGED", FORGED))
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
        worked = {"package", "home_write", "output_write"}
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
