"""Run a task's trials through the no-Docker oracle runner: the oracle, the null agent and
its first wrong solution (``tasks/<task>/wrong/``), each in its own namespaces, the three of a
task side by side."""

from __future__ import annotations

import fcntl
import shutil
import socket
import struct
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from taskkit.agents import WRONG_PREFIX, wrong_solutions
from taskkit.oracle import TrialResult, run_trial

if TYPE_CHECKING:
    from docker import DockerClient

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
FAKE_JUDGE = HERE / "fake_judge.py"
JUDGE_PORT = 8808
JUDGE_ENV = {
    "JUDGE_BASE_URL": f"http://127.0.0.1:{JUDGE_PORT}/v1",
    "JUDGE_API_KEY": "test-judge-key",
    "JUDGE_MODEL_ID": "fake-judge",
}
# Tasks whose verifier calls the LLM judge: a stand-in OpenAI-compatible server runs inside
# the trial's network namespace, where the verifier can reach it on loopback.
JUDGED = {p.parent.parent.name for p in (ROOT / "tasks").glob("*/tests/llm_judge.py")}


SIOCGIFADDR = 0x8915  # Linux ioctl: an interface's IPv4 address


def interface_ipv4(name: str) -> str:
    """The IPv4 address of a network interface of this host (``docker0``, ``lo``...)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            answer = fcntl.ioctl(
                probe.fileno(), SIOCGIFADDR, struct.pack("256s", name[:15].encode())
            )
        except OSError as exc:
            raise OSError(f"interface {name!r} has no IPv4 address ({exc})") from exc
    return socket.inet_ntoa(answer[20:24])


def docker_host_address(client: DockerClient) -> str:
    """The host's address that every container reaches: the default bridge's own interface
    (``docker0`` unless the daemon names it otherwise). Not the network's IPAM ``Gateway``,
    which a freshly started daemon may leave out."""
    options = client.networks.get("bridge").attrs.get("Options") or {}
    return interface_ipv4(options.get("com.docker.network.bridge.name", "docker0"))


def namespaces_allowed() -> bool:
    done = subprocess.run(["unshare", "--mount", "--net", "true"], capture_output=True, check=False)
    return done.returncode == 0


def trial(task: str, agent: str) -> TrialResult:
    """``agent``: "oracle", "null" or "wrong" (the task's first wrong solution)."""
    extra = {}
    if task in JUDGED:
        extra = {
            "env": JUDGE_ENV,
            "sidecars": [[sys.executable, str(FAKE_JUDGE), str(JUDGE_PORT)]],
        }
    task_dir = ROOT / "tasks" / task
    if agent == "wrong":
        agent = WRONG_PREFIX + wrong_solutions(task_dir)[0]
    result = run_trial(task_dir, agent=agent, **extra)
    if result.trial_dir and not result.error:
        shutil.rmtree(result.trial_dir, ignore_errors=True)
    return result


def three_trials(task: str) -> dict[str, TrialResult]:
    agents = ("oracle", "null", "wrong")
    with ThreadPoolExecutor(max_workers=3) as pool:
        return dict(zip(agents, pool.map(lambda a: trial(task, a), agents), strict=True))
