"""Root runs nothing the agent wrote: as ``node``, plant code and shell start-up files in every
folder it can write (user site, ``sitecustomize``, ``.pth``, a module named like a verifier
import, ``~/.bashrc`` and ``~/.profile``, a ``python3`` early on its ``PATH``), then run the
verifier as Harbor does (``docker exec -u root -w WORKDIR ... bash -c '/tests/test.sh > ...'``,
with the image's environment). Each planted file, if root ever ran it, leaves a mark in
``/run``, where only root can write; the reward must be the verifier's own.

One container per task pattern: services, static, knowledge (an image whose environment points
HOME, PATH and PYTHONPATH into node's folders, which the validator refuses but the container
must survive), multi-step (two verifier runs with an agent phase between) and a dataset build's
grader. Also: a host verifier folder owned by uid 1000 (Harbor's usual bind mount)."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import textwrap
import time
from pathlib import Path

import pytest

from taskkit.dataset.task_files import GRADE
from taskkit.images.layout import task_image
from tests.images.conftest import exec_in, wait_ready

pytestmark = [pytest.mark.docker, pytest.mark.slow, pytest.mark.attack, pytest.mark.timeout(600)]

MARKS = "/run/agent-code-ran-as-root"
# Runs as whoever executes it; only root can create the mark under /run.
PY_PAYLOAD = (
    "import os\n"
    "try:\n"
    f"    os.makedirs('{MARKS}', exist_ok=True)\n"
    f"    open('{MARKS}/' + __name__ + '-' + str(os.getuid()), 'w').close()\n"
    "except OSError:\n"
    "    pass\n"
)
SH_PAYLOAD = f'mkdir -p {MARKS} 2>/dev/null && touch "{MARKS}/shell-$(id -u)" 2>/dev/null\n'
PLANT = textwrap.dedent(
    f"""\
    import base64, os, stat, subprocess
    py = base64.b64decode("{base64.b64encode(PY_PAYLOAD.encode()).decode()}").decode()
    sh = base64.b64decode("{base64.b64encode(SH_PAYLOAD.encode()).decode()}").decode()
    found = subprocess.run(
        ["find", "/", "-xdev", "(", "-path", "/proc", "-o", "-path", "/sys", ")", "-prune",
         "-o", "-type", "d", "-writable", "-print"], capture_output=True, text=True).stdout
    folders = [f for f in found.split() if f]
    user_site = "/home/node/.local/lib/python3.11/site-packages"
    os.makedirs(user_site, exist_ok=True)
    folders.append(user_site)
    for folder in folders:
        for name in ("usercustomize", "sitecustomize", "deterministic_checks", "json", "pathlib"):
            with open(os.path.join(folder, name + ".py"), "w") as out:
                out.write(py)
        with open(os.path.join(folder, "zz-agent.pth"), "w") as out:
            out.write("import os; exec(" + repr(py) + ")\\n")
        package = os.path.join(folder, "mock_services")
        os.makedirs(package, exist_ok=True)
        with open(os.path.join(package, "__init__.py"), "w") as out:
            out.write(py)
    for name in (".bashrc", ".profile", ".bash_profile", ".bash_login", ".bash_env", ".pythonrc"):
        with open("/home/node/" + name, "w") as out:
            out.write(py if name == ".pythonrc" else sh)
    for folder in ("/home/node/.local/bin", "/home/node/bin"):
        os.makedirs(folder, exist_ok=True)
        for tool in ("python3", "python", "bash", "mkdir", "env"):
            path = os.path.join(folder, tool)
            with open(path, "w") as out:
                out.write("#!/bin/sh\\n" + sh + 'exec /usr/bin/' + tool + ' "$@"\\n')
            os.chmod(path, 0o755)
    print(len(folders), "folders planted")
    """
)
VERIFY = textwrap.dedent(
    """\
    from mock_services.verify import Verifier

    verifier = Verifier("isolation-probe")


    @verifier.checkpoint(weight=1, goal=True, rationale="a goal nothing here reaches")
    def never() -> bool:
        return False


    if __name__ == "__main__":
        verifier.main()
    """
)
TEST_SH = (Path(__file__).parents[2] / "taskkit/templates/tests/test.sh").read_text()
TEST_SH = TEST_SH.replace("@@SCRIPT@@", "verify.py").replace("@@NAME@@", "isolation-probe")


def plant_as_agent(container) -> None:
    script = base64.b64encode(PLANT.encode()).decode()
    code, out = exec_in(container, f"echo {script} | base64 -d | python3 -I -", "node", 120)
    assert code == 0 and "folders planted" in out, out


def upload_tests(container, files: dict[str, str]) -> None:
    """As Harbor's verifier does: root's files in /tests, after the agent phase."""
    for name, text in files.items():
        data = base64.b64encode(text.encode()).decode()
        command = f"mkdir -p /tests && echo {data} | base64 -d > /tests/{name}"
        assert exec_in(container, command, user="root")[0] == 0
    exec_in(container, "chmod +x /tests/*.sh", user="root")


def run_verifier_as_harbor(container, workdir: str | None, env: dict[str, str]) -> str:
    """``rm -f`` the rewards, then ``bash -c '/tests/test.sh > test-stdout.txt 2>&1'`` as root
    in the image's working directory and environment plus the verifier's variables."""
    exec_in(container, "rm -f /logs/verifier/reward.txt /logs/verifier/reward.json", "root")
    result = container.exec_run(
        ["bash", "-c", "/tests/test.sh > /logs/verifier/test-stdout.txt 2>&1"],
        user="root",
        workdir=workdir,
        environment=env,
    )
    _, stdout = exec_in(container, "cat /logs/verifier/test-stdout.txt", user="root")
    assert result.exit_code == 0, stdout
    return stdout


def assert_no_agent_code_ran_as_root(container, stdout: str) -> None:
    _, marks = exec_in(container, f"ls {MARKS} 2>/dev/null", user="root")
    assert marks.strip() == "", f"root ran the agent's code ({marks.split()}); verifier:\n{stdout}"


def assert_reward_is_the_verifiers(container, stdout: str) -> None:
    _, reward = exec_in(container, "cat /logs/verifier/reward.txt", user="root")
    assert reward.strip() in ("0", "0.0"), f"reward {reward!r}; verifier:\n{stdout}"


def workdir_of(container) -> str | None:
    return container.attrs["Config"].get("WorkingDir") or None


@pytest.mark.parametrize("pattern", ["services", "static", "knowledge"])
def test_the_verifier_runs_none_of_the_agents_code(start_container, pattern: str) -> None:
    fixture = {"services": "trio-fixture", "static": "notes-fixture"}.get(
        pattern, "knowledge-fixture"
    )
    container = start_container(task_image(fixture))
    wait_ready(container)
    plant_as_agent(container)
    upload_tests(container, {"test.sh": TEST_SH, "verify.py": VERIFY})
    stdout = run_verifier_as_harbor(container, workdir_of(container), {"JUDGE_MODEL_ID": "m"})
    assert "Score:" in stdout, stdout
    assert_no_agent_code_ran_as_root(container, stdout)
    assert_reward_is_the_verifiers(container, stdout)


def test_a_multi_step_verifier_leaves_nothing_for_the_next_agent(start_container) -> None:
    """Step 1's checks stay unreadable for step 2's agent; step 2's verifier is as safe."""
    container = start_container(task_image("knowledge-fixture"))
    wait_ready(container)
    upload_tests(container, {"test.sh": TEST_SH, "verify.py": VERIFY})
    run_verifier_as_harbor(container, workdir_of(container), {})
    # step 2's agent phase: it looks for step 1's checks, then plants its code
    code, out = exec_in(container, "cat /tests/verify.py || ls /tests", user="node")
    assert code != 0 and "Verifier" not in out, out
    plant_as_agent(container)
    stdout = run_verifier_as_harbor(container, workdir_of(container), {})
    assert_no_agent_code_ran_as_root(container, stdout)
    assert_reward_is_the_verifiers(container, stdout)


def test_a_dataset_grader_runs_none_of_the_agents_code(start_container) -> None:
    """The grader of a dataset build (python3 -I -m ...rubric) with the agent's plants around,
    the copied artifacts among them, run from the artifacts' folder."""
    container = start_container(task_image("knowledge-fixture"))
    wait_ready(container)
    plant_as_agent(container)
    exec_in(
        container, "mkdir -p /logs/artifacts && cp -r /home/node/lib/. /logs/artifacts/", "root"
    )
    rubric = {"not": "a valid rubric: the grader must fail on it, running none of ours"}
    grade = f"#!/bin/bash\nmkdir -p /logs/verifier\n{GRADE}\nexit 0\n"
    upload_tests(container, {"test.sh": grade, "rubrics.json": json.dumps(rubric)})
    stdout = run_verifier_as_harbor(container, "/logs/artifacts", {})
    assert_no_agent_code_ran_as_root(container, stdout)


def test_a_verifier_folder_of_uid_1000_on_the_host_is_taken_over(
    start_container, tmp_path: Path
) -> None:
    """Harbor bind-mounts the trial's verifier folder; on a host whose first user made it, it
    is node's in the container: the warden takes it over in place, removes the agent's forged
    reward, and the session's end and the verifier still work."""
    host_dir = tmp_path / "verifier"
    host_dir.mkdir()
    os.chown(host_dir, 1000, 1000)
    container = start_container(
        task_image("notes-fixture"),
        volumes={str(host_dir): {"bind": "/logs/verifier", "mode": "rw"}},
    )
    wait_ready(container)
    exec_in(container, "echo 1.0 > /logs/verifier/reward.txt", user="node")
    deadline = time.monotonic() + 5
    while (host_dir / "reward.txt").exists() or host_dir.stat().st_uid != 0:
        assert time.monotonic() < deadline, (
            f"owner {host_dir.stat().st_uid}, entries {os.listdir(host_dir)}; "
            + container.logs().decode()[-2000:]
        )
        time.sleep(0.1)
    time.sleep(0.5)
    assert "Device or resource busy" not in container.logs().decode()
    upload_tests(container, {"test.sh": TEST_SH, "verify.py": VERIFY})
    stdout = run_verifier_as_harbor(container, None, {})
    assert "Score:" in stdout, stdout
    assert (host_dir / "reward.txt").read_text().strip() in ("0", "0.0")


def test_a_path_through_the_agents_folders_keeps_the_container_from_starting(
    start_container,
) -> None:
    """Harbor's own `bash -c` would find the agent's `bash` first: nothing of ours runs before
    it, so such a container must not start at all, and it says why."""
    container = start_container(
        task_image("notes-fixture"),
        environment={"PATH": "/home/node/.local/bin:/usr/local/bin:/usr/bin:/bin"},
    )
    deadline = time.monotonic() + 30
    while container.status != "exited":
        assert time.monotonic() < deadline, container.logs().decode()
        time.sleep(0.2)
        container.reload()
    assert container.attrs["State"]["ExitCode"] != 0
    assert "PATH contains /home/node/.local/bin" in container.logs().decode()


# Polls for the checks as the runner uploads them, and copies whatever it can read.
STEALER = textwrap.dedent(
    """\
    import os, shutil, time
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for name in ("verify.py", "test.sh"):
            try:
                shutil.copy(f"/tests/{name}", f"/tmp/stolen-{name}")
            except OSError:
                pass
        time.sleep(0.001)
    """
)


def test_an_agent_process_alive_at_the_upload_reads_none_of_the_checks(
    start_container, tmp_path: Path
) -> None:
    """Harbor uploads tests/ while the agent's leftover processes still run (they die only when
    test.sh starts): /tests is root's alone from the container's start, so nothing is read."""
    container = start_container(task_image("notes-fixture"))
    wait_ready(container)
    script = base64.b64encode(STEALER.encode()).decode()
    steal = f"echo {script} | base64 -d > /tmp/steal.py && setsid nohup python3 /tmp/steal.py &"
    container.exec_run(["bash", "-c", steal], user="node", detach=True)
    time.sleep(0.5)
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test.sh").write_text(TEST_SH)
    (tests / "verify.py").write_text(VERIFY)
    (tests / "test.sh").chmod(0o755)
    done = subprocess.run(
        ["docker", "cp", f"{tests}/.", f"{container.id}:/tests/"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    time.sleep(1.0)
    _, stolen = exec_in(container, "ls /tmp/stolen-* 2>/dev/null; stat -c '%a %U' /tests", "root")
    assert "stolen" not in stolen and "700 root" in stolen, stolen
    stdout = run_verifier_as_harbor(container, None, {})
    assert_reward_is_the_verifiers(container, stdout)


@pytest.mark.parametrize(
    "move",
    [
        "mv /home/node /home/node.gone",
        "rm -rf /home/node",
        "chmod 000 /home/node",
        "mkdir -p /home/node/w && mv /home/node/.openclaw /home/node/w/",
    ],
)
def test_the_agent_cannot_take_away_the_folder_root_execs_start_in(
    start_container, move: str
) -> None:
    """A working folder the agent can rename would make every root exec fail to start (the
    trial errors instead of scoring): the knowledge pattern works from /home/node."""
    container = start_container(task_image("knowledge-fixture"))
    wait_ready(container)
    exec_in(container, move, user="node")
    upload_tests(container, {"test.sh": TEST_SH, "verify.py": VERIFY})
    stdout = run_verifier_as_harbor(container, workdir_of(container), {})
    assert_reward_is_the_verifiers(container, stdout)
