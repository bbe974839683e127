"""The UI agent (``invoke oracle --ui``): how a task's ``solution/ui.py`` becomes the agent, when
a UI trial is not scored, and the validator's check that a UI solution only browses."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from taskkit.agents import UI, UnknownAgent, check_agent, solution_folder, ui_not_scored
from taskkit.trial import TrialResult
from taskkit.validate.checks_ui import check_ui_solution, ui_only_problems
from taskkit.validate.context import RepoContext, TaskContext

ROOT = Path(__file__).resolve().parents[2]
TASK = ROOT / "tasks" / "social-prize-spam-block"
BROWSING = """
from mock_services.browser import browser_page, log_in

with browser_page() as page:
    log_in(page, "http://127.0.0.1:5008", "alice", "alice-pass")
    page.goto("http://127.0.0.1:5008/messages")
    page.get_by_role("button", name="Block", exact=True).click()
"""


def test_the_ui_agent_runs_the_tasks_ui_py_through_a_solve_sh(tmp_path: Path) -> None:
    folder = solution_folder(TASK, UI, None, tmp_path / "staging")
    assert folder is not None and sorted(p.name for p in folder.iterdir()) == ["solve.sh", "ui.py"]
    assert (folder / "ui.py").read_text() == (TASK / "solution" / "ui.py").read_text()
    assert 'python3 "$(dirname "$0")/ui.py"' in (folder / "solve.sh").read_text()


def test_a_task_without_ui_py_is_an_error_naming_the_file(tmp_path: Path) -> None:
    task = tmp_path / TASK.name
    shutil.copytree(TASK, task)
    (task / "solution" / "ui.py").unlink()
    with pytest.raises(UnknownAgent, match=r"no UI solution .*solution/ui\.py"):
        check_agent(task, UI)
    check_agent(task, "oracle")  # the other agents do not need it


def test_a_ui_trial_is_not_scored_without_services_or_when_another_channel_is_asked() -> None:
    assert ui_not_scored(ROOT / "tasks" / "expense-report-csv", UI) == (
        "no web UI: the task runs no service (no environment/seed.json)"
    )
    assert "only_channel = 'mcp'" in (
        ui_not_scored(ROOT / "tasks" / "shop-mcp-partial-return", UI) or ""
    )
    assert ui_not_scored(TASK, UI) is None
    assert ui_not_scored(ROOT / "tasks" / "expense-report-csv", "oracle") is None


def test_the_ui_agent_must_score_one() -> None:
    assert not TrialResult("t", UI, reward=0.9).ok
    assert TrialResult("t", UI, reward=1.0).ok
    assert TrialResult("t", UI, not_scored="no web UI").ok


def test_a_browsing_script_has_no_problem() -> None:
    assert ui_only_problems(BROWSING) == []


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("import urllib.request", "imports urllib.request"),
        ("import requests", "imports requests"),
        ("from mock_services.client import ServiceClient", "imports mock_services.client"),
        ("import sqlite3", "imports sqlite3"),
        ("page.request.post('http://127.0.0.1:5008/u/x/block')", ".request: Playwright's API"),
        ("page.context.add_cookies([{'name': 'social_session'}])", ".add_cookies"),
        ("page.context.set_extra_http_headers({'Authorization': 'x'})", ".set_extra_http_headers"),
        ("page.route('**/*', lambda route: route.continue_())", ".route"),
        ("page.goto('http://127.0.0.1:5008/api/users/x/block')", "'/api' in a string"),
        ("page.evaluate(\"fetch('/u/x/block', {method: 'POST'})\")", "'fetch(' in a string"),
        ("open('/var/lib/mock-data/social.db')", "the services' data folder"),
        ("open('/solution/../environment/seed.json')", "the task's seed"),
        ("page.goto('http://127.0.0.1:5001/mcp')", "the MCP endpoint"),
    ],
)
def test_each_shortcut_past_the_browser_is_named_with_its_line(line: str, expected: str) -> None:
    problems = ui_only_problems(BROWSING + line + "\n")
    assert [n for n, _ in problems] == [BROWSING.count("\n") + 1], problems
    assert expected in problems[0][1]


def test_a_ui_py_that_is_not_python_is_reported() -> None:
    assert ui_only_problems("with browser_page() as page\n")[0][1].startswith("not valid Python")


def test_validate_reports_a_cheating_ui_solution_with_its_line(tmp_path: Path) -> None:
    task = tmp_path / "tasks" / TASK.name
    shutil.copytree(TASK, task)
    script = task / "solution" / "ui.py"
    script.write_text(BROWSING + "import urllib.request\n")
    found = [(f.rule, f.line) for f in _ui_findings(task)]
    assert found == [("ui-solution-channel", BROWSING.count("\n") + 1)]
    script.unlink()
    assert _ui_findings(task) == []  # a task may have no UI solution yet (tests/tasks/ asks it)


def _ui_findings(task: Path) -> list:
    ctx = TaskContext(task, RepoContext(ROOT))
    ctx.load_config()
    check_ui_solution(ctx)
    return ctx.findings


def test_a_ui_solution_finding_pages_by_the_instructions_names_is_no_leak(tmp_path: Path) -> None:
    """The UI solution finds "Database failover runbook" by the name the instruction gives; the
    same literal in another solution file is still a value the instruction gives away."""
    from taskkit.validate.checks_verifier import check_instruction_leak

    task = tmp_path / "tasks" / "kb-runbook-restore"
    shutil.copytree(ROOT / "tasks" / task.name, task)
    assert "Database failover runbook" in (task / "solution" / "ui.py").read_text()

    def leaks() -> list[str]:
        ctx = TaskContext(task, RepoContext(ROOT))
        ctx.load_config()
        check_instruction_leak(ctx)
        return [f.message for f in ctx.findings]

    assert leaks() == []
    (task / "solution" / "helper.py").write_text('TITLE = "Database failover runbook"\n')
    assert any("'Database failover runbook'" in m and "helper.py" in m for m in leaks())
