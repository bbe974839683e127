"""Cross-check with the real Harbor (its own Python 3.12 venv, made when missing): its Task
loader and ``harbor lint`` accept every task we ship and every scaffold; its reward parser
accepts the SDK's reward files."""

from __future__ import annotations

import subprocess
import textwrap
from pathlib import Path

import pytest

from mock_services.verify import Verifier
from taskkit import registries
from taskkit.harbor_check import HarborUnavailable, check_tasks, ensure_harbor_venv
from tests.toolkit.conftest import Scaffold

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.harbor]  # runs the real Harbor (.venv-harbor)


@pytest.fixture(scope="module")
def harbor_python() -> Path:
    try:
        return ensure_harbor_venv()
    except HarborUnavailable as exc:
        pytest.fail(f"cannot build the Harbor venv: {exc}")


def test_every_shipped_task_is_accepted(harbor_python: Path) -> None:
    fixtures = Path(__file__).parent / "fixtures" / "oracle-repo"
    tasks = registries.task_dirs(ROOT) + registries.task_dirs(fixtures)
    results = check_tasks(harbor_python, tasks)
    assert len(results) >= 2
    assert [(r.task, r.problems) for r in results if not r.ok] == []


def test_every_scaffold_is_accepted(harbor_python: Path, scaffold: Scaffold, repo: Path) -> None:
    scaffold("p-static", "static")
    scaffold("p-shell", "static", no_pytest=True, no_solution=True)
    scaffold("p-service", "service", services=["shop", "calendar"])
    scaffold("p-fullstack", "fullstack")
    scaffold("p-knowledge", "knowledge")
    scaffold("p-steps", "fullstack", steps=["find", "book", "notify"])
    results = check_tasks(harbor_python, registries.task_dirs(repo))
    assert len(results) == 6
    assert [(r.task, r.problems) for r in results if not r.ok] == []


def test_harbor_agrees_on_an_unknown_section(harbor_python: Path, scaffold: Scaffold) -> None:
    task = scaffold("typo-task", "static")
    toml = task / "task.toml"
    toml.write_text(toml.read_text().replace("[agent]", "[agnt]"))
    (result,) = check_tasks(harbor_python, [task])
    assert any("[unknown-config-field]" in p and "agnt" in p for p in result.problems)


def test_harbor_parses_the_sdk_reward_files(harbor_python: Path, tmp_path: Path) -> None:
    verifier = Verifier("t")
    verifier.add("found", lambda: True, weight=1, rationale="r")
    verifier.add("sent", lambda: 0.5, weight=1, rationale="r")
    code = verifier._score(tmp_path)
    assert code == 0.75
    probe = textwrap.dedent(f"""
        from pathlib import Path
        from types import SimpleNamespace
        from harbor.verifier.verifier import Verifier
        paths = SimpleNamespace(reward_json_path=Path("{tmp_path}/reward.json"),
                                reward_text_path=Path("{tmp_path}/reward.txt"))
        fake = SimpleNamespace(trial_paths=paths)
        print(Verifier._parse_reward_json(fake)["reward"], Verifier._parse_reward_text(fake))
    """)
    done = subprocess.run(
        [str(harbor_python), "-c", probe], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split(None, 1) == ["0.75", "{'reward': 0.75}\n"]


def test_harbor_loads_the_mcp_servers_of_a_scaffold(
    harbor_python: Path, scaffold: Scaffold
) -> None:
    task = scaffold("p-mcp", "service", services=["shop", "email"], mcp=True)
    (result,) = check_tasks(harbor_python, [task])
    assert result.problems == []
    assert [(s["name"], s["transport"], s["url"]) for s in result.mcp_servers] == [
        ("shop", "streamable-http", "http://127.0.0.1:1234/mcp"),
        ("email", "streamable-http", "http://127.0.0.1:5001/mcp"),
    ]
