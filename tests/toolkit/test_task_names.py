"""Commands taking a task name say "no such task" with the closest names, and ``validate
--tasks-dir DIR`` validates another folder's tasks as ``oracle --tasks-dir`` runs them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from taskkit.cli import main
from taskkit.cli_tasks import validation_targets

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).parent / "fixtures" / "oracle-repo"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "repo")
    return tmp_path / "repo"


@pytest.mark.parametrize(
    "command",
    [
        ["validate", "offsite-rply"],
        ["validate", "tasks/offsite-rply"],
        ["oracle", "--task", "offsite-rply"],
        ["harbor-check", "offsite-rply"],
    ],
)
def test_a_mistyped_task_is_no_such_task_with_the_closest_names(
    repo: Path,
    command: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(repo)
    assert main(["--root", str(repo), *command]) == 2
    error = capsys.readouterr().err
    expected = "no such task 'offsite-rply' in tasks/; closest: offsite-reply"
    assert expected in error, f"expected {expected!r}, got {error!r}"


def test_validate_tasks_dir_takes_a_task_tree_with_registries_as_its_root(repo: Path) -> None:
    root, tasks = validation_targets(ROOT, [], repo / "tasks")
    assert (root, tasks) == (repo, None)  # every task of that tree, and its registries
    root, tasks = validation_targets(ROOT, ["offsite-reply"], repo / "tasks")
    assert (root, tasks) == (repo, [repo / "tasks" / "offsite-reply"])


def test_validate_tasks_dir_takes_every_task_of_a_plain_folder(tmp_path: Path) -> None:
    built = tmp_path / "built"
    shutil.copytree(FIXTURE / "tasks", built)
    root, tasks = validation_targets(ROOT, [], built)
    assert (root, tasks) == (ROOT, [built / "notes-two-steps", built / "offsite-reply"])


@pytest.mark.process  # runs a subprocess
def test_validate_tasks_dir_runs_from_the_command_line(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["validate", "--tasks-dir", str(repo / "tasks")])
    assert "2 task(s) checked" in capsys.readouterr().out


def test_a_shortened_option_is_not_read_as_a_longer_one() -> None:
    """`validate --task NAME` once meant `--tasks-dir NAME` (argparse's prefix matching)."""
    from taskkit.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(["validate", "--task", "shop-duplicate-order-cancel"])
    parsed = build_parser().parse_args(["validate", "--tasks-dir", "tasks"])
    assert str(parsed.tasks_dir).endswith("tasks")
