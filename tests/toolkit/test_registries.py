"""``invoke registry --check/--write``: the three registries against tasks/."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from taskkit import registries
from tests.toolkit.conftest import Scaffold


def test_fresh_scaffolds_agree(scaffold: Scaffold, repo: Path) -> None:
    scaffold("one-task", "static")
    scaffold("two-task", "fullstack")
    assert registries.check(repo) == []


def test_check_finds_every_drift_and_write_repairs_it(scaffold: Scaffold, repo: Path) -> None:
    scaffold("one-task", "static")
    two = scaffold("two-task", "service")
    gone = scaffold("gone-task", "static")
    shutil.rmtree(gone)
    shutil.copytree(two, repo / "tasks/copied-task")  # a task added by hand
    text = (repo / "tasks/copied-task/task.toml").read_text()
    (repo / "tasks/copied-task/task.toml").write_text(
        text.replace("two-task", "copied-task").replace("case_id = 2", "case_id = 7")
    )
    (repo / "metadata/cases_registry.csv").write_text(
        (repo / "metadata/cases_registry.csv").read_text().replace(",medium,", ",easy,", 1)
    )
    problems = {(p.file, p.task, p.message) for p in registries.check(repo)}
    assert ("registry.json", "copied-task", "task missing from registry.json") in problems
    assert ("registry.json", "gone-task", "listed but tasks/ has no such directory") in problems
    assert (
        "metadata/cases_registry.csv",
        "one-task",
        "difficulty is 'easy', task.toml says 'medium'",
    ) in problems
    assert ("metadata/cases_registry.csv", "copied-task", "no row for this task") in problems
    assert any(p[0] == registries.BINARY_MAP and "copied-task" in p[2] for p in problems)
    assert any(p[0] == registries.BINARY_MAP and "gone-task" in p[2] for p in problems)

    changed = registries.write(repo)
    assert sorted(changed) == sorted(
        [registries.REGISTRY_JSON, registries.CASES_CSV, registries.BINARY_MAP]
    )
    assert registries.check(repo) == []
    binary_map = json.loads((repo / registries.BINARY_MAP).read_text())
    assert set(binary_map["tasks"]) == {"one-task", "two-task", "copied-task"}
    assert registries.write(repo) == []  # idempotent


def test_other_datasets_in_registry_json_are_kept(scaffold: Scaffold, repo: Path) -> None:
    (repo / "registry.json").write_text(
        json.dumps([{"name": "other", "version": "1", "description": "", "tasks": []}])
    )
    scaffold("one-task", "static")
    registries.write(repo)
    names = [d["name"] for d in json.loads((repo / "registry.json").read_text())]
    assert names == ["liveclawbench", "other"]


def test_write_refuses_invalid_tasks_naming_each_and_writes_nothing(
    scaffold: Scaffold, repo: Path
) -> None:
    scaffold("one-task", "static")
    broken = scaffold("two-task", "static")
    toml = broken / "task.toml"
    toml.write_text(
        toml.read_text().replace("case_id = 2\n", "").replace('difficulty = "medium"\n', "")
    )
    shutil.copytree(repo / "tasks/one-task", repo / "tasks/Bad_Name")
    unreadable = scaffold("three-task", "static")
    (unreadable / "task.toml").write_text("[task\n")
    before = {f: (repo / f).read_text() for f in (registries.REGISTRY_JSON, registries.CASES_CSV)}
    with pytest.raises(registries.RegistryWriteError) as caught:
        registries.write(repo)
    message = str(caught.value)
    assert "tasks/Bad_Name: directory name 'Bad_Name' is not kebab-case" in message
    assert "tasks/two-task: [metadata].case_id is missing or empty in task.toml" in message
    assert "tasks/two-task: [metadata].difficulty is missing or empty in task.toml" in message
    assert "tasks/three-task: task.toml does not load: " in message
    assert "three-task/task.toml:1: Expected ']'" in message
    assert "one-task" not in message
    assert {f: (repo / f).read_text() for f in before} == before  # nothing written, no blanks
