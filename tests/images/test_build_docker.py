"""The builder against a real Docker daemon: layers, labels, reuse, partial rebuilds, failures."""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

from taskkit.images.layout import INPUTS_LABEL, base_image, task_base_image, task_image
from taskkit.images.runner import BuildOptions, build, build_images
from tests.images.conftest import FixtureImages

# The first test also pays for the session build (and the OS bootstrap on a fresh machine).
pytestmark = [pytest.mark.docker, pytest.mark.slow, pytest.mark.timeout(900)]
CONSOLE = Console(stderr=True, width=200)
OPTIONS = BuildOptions(slim=True, jobs=2, quiet=True)


def test_every_layer_is_built_and_labelled(fixture_images: FixtureImages) -> None:
    client = fixture_images.client
    for outcome in fixture_images.report.outcomes:
        assert outcome.result in ("built", "reused"), outcome
        image = client.images.get(outcome.tag)
        assert len(image.labels[INPUTS_LABEL]) == 64
    layers = {
        o.tag: client.images.get(o.tag).labels["org.liveclawbench.layer"]
        for o in fixture_images.report.outcomes
    }
    assert layers[base_image()] == "base"
    assert layers[task_base_image("trio-fixture")] == "task-base"
    assert layers[task_image("trio-fixture")] == "task"


def test_a_per_task_layer_adds_less_than_a_megabyte(fixture_images: FixtureImages) -> None:
    client = fixture_images.client
    base = client.images.get(base_image()).attrs["Size"]
    for task in ("notes-fixture", "trio-fixture"):
        added = client.images.get(task_base_image(task)).attrs["Size"] - base
        assert 0 < added < 1_000_000, f"{task} adds {added} bytes"


def test_an_unchanged_build_reuses_every_image_quickly(fixture_images: FixtureImages) -> None:
    started = time.monotonic()
    report = build(OPTIONS, fixture_images.layout, CONSOLE)
    seconds = time.monotonic() - started
    assert {o.result for o in report.outcomes} == {"reused"}, report.outcomes
    assert seconds < 10, f"a no-change rebuild took {seconds:.1f}s"


def test_a_changed_asset_rebuilds_only_its_task(fixture_images: FixtureImages) -> None:
    layout = fixture_images.layout
    readme = layout.tasks_dir / "notes-fixture" / "assets" / "readme.txt"
    readme.write_text(f"changed at {time.time()}\n")
    report = build(OPTIONS, layout, CONSOLE)
    results = {o.tag: o.result for o in report.outcomes}
    assert results.pop(task_base_image("notes-fixture")) == "built"
    assert results.pop(task_image("notes-fixture")) == "built"
    assert set(results.values()) == {"reused"}
    container = fixture_images.client.containers.run(
        task_image("notes-fixture"),
        ["cat", "/workspace/environment/readme.txt"],
        entrypoint=[],
        remove=True,
    )
    assert container.decode() == readme.read_text()


def test_a_failed_build_names_its_log_and_the_others_go_on(
    fixture_images: FixtureImages, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    layout = fixture_images.layout
    tasks_dir = tmp_path / "tasks"
    shutil.copytree(layout.tasks_dir, tasks_dir)
    failing = tasks_dir / "failing-fixture" / "environment"
    failing.mkdir(parents=True)
    (failing / "Dockerfile").write_text(
        "FROM liveclawbench-failing-fixture-base:latest\nRUN echo about to fail && false\n"
    )
    entries = json.loads(layout.map_path.read_text())
    entries["tasks"]["failing-fixture"] = {}
    map_path = tmp_path / "map.json"
    map_path.write_text(json.dumps(entries))
    other = replace(
        layout,
        tasks_dir=tasks_dir,
        map_path=map_path,
        per_task_dir=tmp_path / "per_task",
        logs_dir=tmp_path / "logs",
    )
    options = replace(OPTIONS, tasks=["failing-fixture", "trio-fixture"])
    assert build_images(options, other) == 1
    report = build(options, other, CONSOLE)
    outcome = report.outcome(task_image("failing-fixture"))
    assert outcome.result == "failed"
    assert outcome.log == tmp_path / "logs" / "liveclawbench-failing-fixture.log"
    assert "about to fail" in outcome.log.read_text()
    assert str(outcome.log) in outcome.error
    assert report.outcome(task_base_image("failing-fixture")).result in ("built", "reused")
    assert report.outcome(task_image("trio-fixture")).result == "reused"
    assert f"{task_image('failing-fixture')} failed; see" in capsys.readouterr().err


def test_a_bad_map_is_a_clear_error_before_any_build(
    fixture_images: FixtureImages, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    map_path = tmp_path / "map.json"
    map_path.write_text(
        json.dumps({"version": 1, "tasks": {"notes-fixture": {"services": ["nonesuch"]}}})
    )
    other = replace(fixture_images.layout, map_path=map_path)
    assert build_images(OPTIONS, other) == 2
    assert "unknown service 'nonesuch'" in capsys.readouterr().err
