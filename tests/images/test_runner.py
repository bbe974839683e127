"""Scheduling without Docker: dependency order, failures that do not stop the others, skips."""

from __future__ import annotations

import threading
import time
from io import BytesIO
from pathlib import Path

import pytest
from rich.console import Console

from taskkit.images import runner
from taskkit.images.docker_build import BuildOutcome, ImageBuildError
from taskkit.images.layout import Layout
from taskkit.images.plan import BuildPlan, ImageNode
from taskkit.images.runner import BuildOptions, run_plan, summary_table


def node(tag: str, *deps: str) -> ImageNode:
    return ImageNode(tag, "task", "0" * 64, BytesIO, depends_on=list(deps))


PLAN = BuildPlan(
    [
        node("base"),
        node("a-base", "base"),
        node("a", "a-base"),
        node("b-base", "base"),
        node("b", "b-base"),
        node("c-base", "base"),
        node("c", "c-base"),
    ]
)


def test_failures_name_their_log_skip_dependents_and_spare_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    order: list[str] = []
    running, peak, lock = [0], [0], threading.Lock()

    def fake_build(image: ImageNode, layout, options, display) -> BuildOutcome:
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
        time.sleep(0.05)
        with lock:
            running[0] -= 1
            order.append(image.tag)
        if image.tag == "b-base":
            raise ImageBuildError(image.tag, "RUN false returned 1", tmp_path / "b-base.log")
        if image.tag == "c":
            raise RuntimeError("something unexpected")
        return BuildOutcome(image.tag, "built", 0.05)

    monkeypatch.setattr(runner, "_build_one", fake_build)
    layout = Layout.for_repo(logs_dir=tmp_path)
    report = run_plan(PLAN, layout, BuildOptions(jobs=3, quiet=True), Console(file=None))
    results = {o.tag: o.result for o in report.outcomes}
    assert results == {
        "base": "built",
        "a-base": "built",
        "a": "built",
        "b-base": "failed",
        "b": "skipped",
        "c-base": "built",
        "c": "failed",
    }
    assert order[0] == "base" and order.index("a-base") < order.index("a")
    assert peak[0] >= 2  # the per-task bases were built side by side
    assert str(tmp_path / "b-base.log") in report.outcome("b-base").error
    assert str(tmp_path / "c.log") in report.outcome("c").error
    assert "needs b-base" in report.outcome("b").error
    assert not report.ok
    Console(record=True, width=200).print(summary_table(report))
