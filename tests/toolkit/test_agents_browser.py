"""Which agents need an image with Chromium: the Docker runner builds slim images otherwise,
where a web-UI alternative driving Chromium dies on a missing browser."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from taskkit import oracle_docker, oracle_harbor
from taskkit.agents import drives_a_browser, expand_agents, parse_agent, solution_folder
from taskkit.commands import COMMANDS, add_to_parser
from taskkit.oracle_report import report
from taskkit.trial import TrialResult


def browsing_task(tmp_path: Path) -> Path:
    """A task with a web-UI alternative in Chromium, an MCP one, and a wrong solution whose
    helper module beside it drives the browser."""
    task = tmp_path / "tasks" / "task"
    (task / "alternatives").mkdir(parents=True)
    (task / "wrong").mkdir()
    (task / "alternatives" / "ui-forms.sh").write_text(
        "python3 - <<'PY'\nfrom mock_services.browser import browser_page\nPY\n"
    )
    (task / "alternatives" / "mcp-tools.sh").write_text("curl -s http://127.0.0.1:1234/mcp\n")
    (task / "wrong" / "by-helper.sh").write_text(
        'PYTHONPATH="$(dirname "$0")" python3 - <<\'PY\'\nimport pages\nPY\n'
    )
    (task / "wrong" / "pages.py").write_text("from mock_services.browser import browser_page\n")
    return task


def test_an_agent_that_imports_the_browser_helpers_needs_chromium(tmp_path: Path) -> None:
    task = browsing_task(tmp_path)
    assert drives_a_browser(task, "ui")
    assert drives_a_browser(task, "alternative:ui-forms")
    assert not drives_a_browser(task, "alternative:mcp-tools")
    assert drives_a_browser(task, "wrong:by-helper"), "a helper module it imports drives one"
    assert not drives_a_browser(task, "oracle") and not drives_a_browser(task, "null")
    steps = task / "alternatives" / "two-steps"  # a multi-step task's folder of step scripts
    steps.mkdir()
    (steps / "respond.sh").write_text("curl -s http://127.0.0.1:1234/api\n")
    (steps / "notify.sh").write_text(
        "python3 - <<'PY'\nfrom mock_services.browser import browser_page\nPY\n"
    )
    assert drives_a_browser(task, "alternative:two-steps"), "a step of the folder drives one"


def test_browser_alternatives_are_each_alternative_that_drives_chromium(tmp_path: Path) -> None:
    """``invoke oracle --browser-alternatives`` runs every correct alternative that browses,
    and only those (a task without one runs no trial)."""
    task = browsing_task(tmp_path)
    assert expand_agents(task, ["browser-alternatives"]) == ["alternative:ui-forms"]
    (task / "alternatives" / "ui-forms.sh").unlink()
    assert expand_agents(task, ["browser-alternatives"]) == []
    assert parse_agent("browser-alternatives") == "browser-alternatives"
    parser = argparse.ArgumentParser()
    add_to_parser(COMMANDS["oracle"], parser)
    assert parser.parse_args(["--browser-alternatives"]).agent == "browser-alternatives"


def test_alternatives_alone_get_the_table_without_a_wrong_matrix() -> None:
    """A run of alternatives only reports their rows; the matrix would say the task has no
    wrong solutions."""
    alternative = TrialResult("task", "alternative:ui-forms", reward=1.0)
    assert report([alternative], "TABLE", as_json=False) == "TABLE"
    wrong = TrialResult("task", "wrong:by-helper", reward=0.0)
    assert "wrong solutions x checkpoints" in report([wrong, alternative], "T", as_json=False)


@pytest.mark.parametrize(("agents", "slim"), [(["wrong"], False), (["oracle", "null"], True)])
def test_the_docker_and_harbor_runners_build_chromium_for_a_browsing_agent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, agents: list[str], slim: bool
) -> None:
    task = browsing_task(tmp_path)
    asked: list[bool] = []

    def build(names: list[str], **options: Any) -> dict[str, tuple[float, str | None]]:
        asked.append(options["slim"])
        return {name: (0.0, "stop here") for name in names}

    monkeypatch.setattr(oracle_docker, "build_task_images", build)
    oracle_docker.run_many([task], agents=agents, root=tmp_path, jobs=1)
    monkeypatch.setattr(oracle_harbor, "ensure_compose_v2", lambda: None)
    monkeypatch.setattr(oracle_harbor, "ensure_harbor_venv", lambda: tmp_path / "bin" / "python")
    oracle_harbor.run_many([task], agents=agents, root=tmp_path, jobs=1, jobs_dir=tmp_path / "j")
    assert asked == [slim, slim], "alternatives and wrong solutions run in the runner's image"


def test_an_alternative_gets_the_wrong_folders_modules_it_has_none_of(tmp_path: Path) -> None:
    task = tmp_path / "task"
    for folder, modules in {"wrong": ("steps", "both"), "alternatives": ("both",)}.items():
        (task / folder).mkdir(parents=True)
        (task / folder / "run.sh").write_text("true\n")
        for module in modules:
            (task / folder / f"{module}.py").write_text(f"FROM = {folder!r}\n")
    staged = solution_folder(task, "alternative:run", None, tmp_path / "staging")
    assert staged is not None
    shared = {p.name: p.read_text() for p in staged.glob("*.py")}
    assert shared == {"steps.py": "FROM = 'wrong'\n", "both.py": "FROM = 'alternatives'\n"}, (
        "wrong/'s steps.py beside it, its own both.py kept"
    )
