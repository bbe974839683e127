"""``invoke remove-task`` / ``rename-task`` on a copy of the fixture repository: the folder,
the three registries, the Dockerfile's FROM and the names inside the task's files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from taskkit import registries
from taskkit.cli import main
from taskkit.task_lifecycle import LifecycleError, rename_task
from taskkit.task_load import load_task_config

FIXTURE = Path(__file__).parent / "fixtures" / "oracle-repo"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    shutil.copytree(FIXTURE, copy)
    assert registries.check(copy) == []
    return copy


def test_rename_task_renames_every_mention(repo: Path) -> None:
    assert main(["--root", str(repo), "rename-task", "offsite-reply", "offsite-answer"]) == 0
    task = repo / "tasks" / "offsite-answer"
    assert not (repo / "tasks" / "offsite-reply").exists()
    assert load_task_config(task / "task.toml").task.name == "liveclawbench/offsite-answer"
    dockerfile = (task / "environment" / "Dockerfile").read_text()
    assert dockerfile.startswith("FROM liveclawbench-offsite-answer-base:latest\n")
    assert 'Verifier("offsite-answer")' in (task / "tests" / "verify.py").read_text()
    readme = (task / "README.md").read_text()
    assert readme.startswith("# offsite-answer\n")
    assert "invoke oracle --task offsite-answer" in readme
    leftovers = [p for p in task.rglob("*") if p.is_file() and "offsite-reply" in p.read_text()]
    assert leftovers == []
    assert registries.registry_tasks(repo) == {
        "notes-two-steps": "tasks/notes-two-steps",
        "offsite-answer": "tasks/offsite-answer",
    }
    assert [r["task_name"] for r in registries.read_cases(repo)] == [
        "offsite-answer",
        "notes-two-steps",
    ]
    assert set(registries.read_binary_map(repo)) == {"offsite-answer", "notes-two-steps"}
    assert registries.check(repo) == []


def test_remove_task_drops_the_folder_and_every_entry(repo: Path) -> None:
    assert main(["--root", str(repo), "remove-task", "offsite-reply"]) == 0
    assert not (repo / "tasks" / "offsite-reply").exists()
    assert "offsite-reply" not in (repo / "registry.json").read_text()
    rows = {r["task_name"]: r for r in registries.read_cases(repo)}
    assert rows["offsite-reply"]["status"] == "removed"  # its case_id stays taken
    assert "offsite-reply" not in json.loads((repo / registries.BINARY_MAP).read_text())["tasks"]
    assert registries.check(repo) == []


def test_a_removed_tasks_case_id_is_never_given_again(repo: Path) -> None:
    highest = max(int(r["case_id"]) for r in registries.read_cases(repo))
    removed = next(r for r in registries.read_cases(repo) if int(r["case_id"]) == highest)
    assert main(["--root", str(repo), "remove-task", removed["task_name"]]) == 0
    assert registries.next_case_id(repo) == highest + 1


def test_remove_task_dry_run_names_what_it_would_delete_and_changes_nothing(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = {p: p.read_bytes() for p in repo.rglob("*") if p.is_file()}
    assert main(["--root", str(repo), "remove-task", "offsite-reply", "--dry-run"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "would delete tasks/offsite-reply/ (8 files)",
        "would change registry.json",
        "would change metadata/cases_registry.csv",
        "would change metadata/task-binary-map.json",
    ]
    assert {p: p.read_bytes() for p in repo.rglob("*") if p.is_file()} == before


@pytest.mark.parametrize(
    "command",
    [["remove-task", "offsite-rply"], ["rename-task", "offsite-rply", "x"]],
)
def test_a_mistyped_task_name_gets_the_closest_names(
    repo: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--root", str(repo), *command]) == 2
    error = capsys.readouterr().err
    assert "no such task 'offsite-rply'" in error and "closest: offsite-reply" in error, error


def test_refusals_change_nothing(repo: Path) -> None:
    before = {p: p.read_bytes() for p in repo.rglob("*") if p.is_file()}
    with pytest.raises(LifecycleError, match="tasks/notes-two-steps already exists"):
        rename_task(repo, "offsite-reply", "notes-two-steps")
    with pytest.raises(LifecycleError, match="'Bad_Name': expected kebab-case"):
        rename_task(repo, "offsite-reply", "Bad_Name")
    assert main(["--root", str(repo), "remove-task", "no-such-task"]) == 2
    assert {p: p.read_bytes() for p in repo.rglob("*") if p.is_file()} == before
