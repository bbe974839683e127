"""Every task is doable through the web UIs (issue 30's proof by a browsing agent): its UI
solution (``solution/ui.py``, Playwright driving Chromium, no API) scores 1.0. That each task
with web UIs has one, doing only what a browser user can, is ``invoke validate``'s
(``ui-solution-missing``, ``ui-solution-channel``).

The suite runs a sample that covers every service's UI (``UI_SAMPLE``) with the no-Docker
runner, and a sample of the correct alternatives that browse (``browser_alternative_sample``:
three, of tasks sharing no service; ``invoke oracle --browser-alternatives`` runs them all),
and one task in a real container with the image's own Chromium and Playwright as the agent
user; ``invoke oracle --ui`` (``--docker``) runs them all. Tasks without services, and tasks
that ask for one other channel (``[metadata] only_channel``), are not scored."""

from __future__ import annotations

import pytest

from taskkit.agents import UI, has_web_ui, ui_not_scored
from taskkit.trial import TrialResult
from tests.helpers import namespaces_allowed
from tests.tasks.harness import (
    ROOT,
    TASKS,
    UI_SAMPLE,
    browser_alternative_sample,
    task_kinds,
    trial,
)

UI_TASKS = tuple(t for t in TASKS if ui_not_scored(ROOT / "tasks" / t, UI) is None)


def _detail(result: TrialResult) -> str:
    steps = "; ".join(f"{s.name}: {s.rewards} {s.details}" for s in result.steps)
    return f"reward {result.reward}, error {result.error}; {steps} (trial {result.trial_dir})"


def test_only_tasks_without_services_or_with_one_other_channel_skip_the_ui() -> None:
    skipped = {t: ui_not_scored(ROOT / "tasks" / t, UI) for t in TASKS if t not in UI_TASKS}
    assert set(skipped) == {
        "expense-report-csv",
        "vendor-contract-brief",
        "shop-mcp-office-notebook",
        "shop-mcp-partial-return",
    }, skipped
    for task, reason in skipped.items():
        web = has_web_ui(ROOT / "tasks" / task)
        assert reason and ("only_channel = 'mcp'" in reason if web else "no web UI" in reason)


def test_the_ui_sample_covers_every_service() -> None:
    services = set().union(*(task_kinds(t) for t in UI_TASKS)) - {
        "static",
        "judged",
        "multi-step",
        "mcp",
        "faults",
    }
    covered = set().union(*(task_kinds(t) for t in UI_SAMPLE))
    assert services <= covered, f"no UI sample task uses {sorted(services - covered)}"
    assert set(UI_SAMPLE) <= set(UI_TASKS)


@pytest.mark.browser
@pytest.mark.process  # each trial runs in a subprocess
@pytest.mark.slow
@pytest.mark.skipif(not namespaces_allowed(), reason="needs unshare (root or CAP_SYS_ADMIN)")
@pytest.mark.parametrize("task", UI_SAMPLE)
def test_the_ui_solution_scores_one(task: str) -> None:
    result = trial(task, UI)
    assert result.error is None and result.reward == 1.0, _detail(result)


BROWSER_ALTERNATIVES = browser_alternative_sample()


def test_the_browser_alternatives_sample_is_three_of_different_services() -> None:
    tasks = [agent.split("/", 1)[0] for agent in BROWSER_ALTERNATIVES]
    assert len(tasks) == 3, BROWSER_ALTERNATIVES
    kinds = [task_kinds(t) - {"static", "judged", "multi-step", "mcp", "faults"} for t in tasks]
    assert all(kinds) and not (kinds[0] & kinds[1] or kinds[0] & kinds[2] or kinds[1] & kinds[2])


@pytest.mark.browser
@pytest.mark.process  # each trial runs in a subprocess
@pytest.mark.slow
@pytest.mark.skipif(not namespaces_allowed(), reason="needs unshare (root or CAP_SYS_ADMIN)")
@pytest.mark.parametrize("sampled", BROWSER_ALTERNATIVES)
def test_a_sampled_browser_alternative_scores_one(sampled: str) -> None:
    """A correct alternative that drives Chromium through the pages (an outside tester's
    Playwright run) still scores 1.0: a page's wording change that breaks it fails here, not
    unseen until ``invoke oracle --wrong``."""
    task, agent = sampled.split("/", 1)
    result = trial(task, agent)
    assert result.error is None and result.reward == 1.0, _detail(result)
