"""Per-task contexts, input hashes and the plan, without Docker (``--dry-run``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pytest

from taskkit.images.binary_map import BinaryMapError
from taskkit.images.contexts import REFS_CACHE, STAMP
from taskkit.images.hashing import InputHash
from taskkit.images.layout import (
    NAMESPACE_VARIABLE,
    Layout,
    NamespaceError,
    base_image,
    image_tag,
    task_base_image,
    task_image,
)
from taskkit.images.plan import BuildPlan, make_plan
from taskkit.images.runner import BuildOptions, build_images
from tests.images.fixture_repo import make_fixture_repo

pytestmark = pytest.mark.process  # the fixture repository's services are imported by a subprocess


@pytest.fixture(scope="module")
def refs_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Importing the fixture services takes a second per task: do it once for the module."""
    layout = make_fixture_repo(tmp_path_factory.mktemp("warm"))
    make_plan(layout, os_image_id="os", base_context=BytesIO)
    return layout.per_task_dir / REFS_CACHE


@pytest.fixture
def layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refs_cache: Path) -> Layout:
    # The package's sources are being edited while tests run; pin their hash here.
    monkeypatch.setattr("taskkit.images.plan.package_hash", lambda _layout: "package")
    layout = make_fixture_repo(tmp_path)
    layout.per_task_dir.mkdir(parents=True)
    shutil.copy2(refs_cache, layout.per_task_dir / REFS_CACHE)
    return layout


def plan(layout: Layout, **kwargs) -> BuildPlan:
    return make_plan(layout, os_image_id="os-1", base_context=BytesIO, **kwargs)


def test_the_plan_lists_images_in_dependency_order(layout: Layout) -> None:
    nodes = plan(layout, tasks=["notes-fixture"]).nodes
    assert [n.tag for n in nodes] == [
        base_image(),
        task_base_image("notes-fixture"),
        task_image("notes-fixture"),
    ]
    assert nodes[1].depends_on == [base_image()]
    assert nodes[2].depends_on == [task_base_image("notes-fixture")]
    assert nodes[0].buildargs == {"WITH_CHROMIUM": "1"}
    assert plan(layout, slim=True).nodes[0].buildargs == {"WITH_CHROMIUM": "0"}


def test_the_per_task_context_is_complete(layout: Layout) -> None:
    plan(layout, tasks=["notes-fixture"])
    context = layout.per_task_dir / "notes-fixture"
    dockerfile = (context / "Dockerfile").read_text()
    assert dockerfile.splitlines()[1] == f"FROM {base_image()}"
    assert "COPY assets/0/ /opt/mock/lib/fixture_notes/" in dockerfile  # root-owned library
    assert "COPY --chown=node:node assets/1/readme.txt /workspace/environment/readme.txt" in (
        dockerfile
    )
    assert "ENV MOCK_TASK=notes-fixture" in dockerfile
    script = context / "startup.d" / "notes-fixture.sh"
    assert script.stat().st_mode & 0o777 == 0o555
    text = script.read_text()
    assert "'notes|fixture_notes:NOTES|5100|default'" in text
    assert 'echo "notes-fixture startup ran"' in text
    assert subprocess.run(["bash", "-n", str(script)]).returncode == 0
    assert (context / "assets" / "0" / "notes_service.py").exists()


def test_seed_sections_decide_how_each_service_is_seeded(layout: Layout) -> None:
    task_dir = layout.tasks_dir / "trio-fixture"
    (task_dir / "seed.json").write_text(json.dumps({"now": "2026-01-01T09:00:00Z", "notes_b": {}}))
    entries = json.loads(layout.map_path.read_text())
    entries["tasks"]["trio-fixture"]["seed"] = "seed.json"
    layout.map_path.write_text(json.dumps(entries))
    plan(layout, tasks=["trio-fixture"])
    context = layout.per_task_dir / "trio-fixture"
    text = (context / "startup.d" / "trio-fixture.sh").read_text()
    assert "notes_a|fixture_notes:NOTES_A|5101|default" in text
    assert "notes_b|fixture_notes:NOTES_B|5102|file" in text
    assert "COPY --chown=mock:mock data/seed.json /var/lib/mock-data/seed.json" in (
        (context / "Dockerfile").read_text()
    )


def test_a_seed_section_for_a_service_the_task_lacks_is_an_error(layout: Layout) -> None:
    task_dir = layout.tasks_dir / "notes-fixture"
    (task_dir / "seed.json").write_text(json.dumps({"shop": {}}))
    entries = json.loads(layout.map_path.read_text())
    entries["tasks"]["notes-fixture"]["seed"] = "seed.json"
    layout.map_path.write_text(json.dumps(entries))
    with pytest.raises(BinaryMapError, match="sections for services the task does not run: shop"):
        plan(layout, tasks=["notes-fixture"])


def test_the_seed_header_is_validated_when_the_context_is_made(layout: Layout) -> None:
    """The image gets its seed through the core's one task-seed API: a bad clock fails the
    build, naming the task, not the container's start."""
    task_dir = layout.tasks_dir / "trio-fixture"
    (task_dir / "seed.json").write_text(json.dumps({"timezone": "Mars/Olympus", "notes_b": {}}))
    entries = json.loads(layout.map_path.read_text())
    entries["tasks"]["trio-fixture"]["seed"] = "seed.json"
    layout.map_path.write_text(json.dumps(entries))
    with pytest.raises(BinaryMapError, match=r"tasks.trio-fixture.seed: .*timezone.*Mars/Olympus"):
        plan(layout, tasks=["trio-fixture"])


def test_a_broken_startup_fragment_is_refused(layout: Layout) -> None:
    (layout.tasks_dir / "notes-fixture" / "startup.extra.sh").write_text("if then fi (\n")
    with pytest.raises(BinaryMapError, match="the fragment is not valid bash"):
        plan(layout, tasks=["notes-fixture"])


def test_an_unknown_task_is_named(layout: Layout) -> None:
    with pytest.raises(
        BinaryMapError, match=r"no such task 'nope' \(no entry in .*known: broken-fix"
    ):
        plan(layout, tasks=["nope"])


def test_a_mistyped_task_gets_the_closest_names(layout: Layout) -> None:
    with pytest.raises(
        BinaryMapError, match=r"no such task 'notes-fixtur' .*closest: notes-fixture"
    ):
        plan(layout, tasks=["notes-fixtur"])


def hashes(layout: Layout, **kwargs) -> dict[str, str]:
    return {n.tag: n.inputs_hash for n in plan(layout, **kwargs).nodes}


def test_hashes_are_stable_and_follow_their_inputs(layout: Layout) -> None:
    first = hashes(layout)
    assert hashes(layout) == first
    (layout.tasks_dir / "notes-fixture" / "assets" / "readme.txt").write_text("changed")
    changed = hashes(layout)
    notes = [task_base_image("notes-fixture"), task_image("notes-fixture")]
    assert [t for t in first if first[t] != changed[t]] == notes
    (layout.tasks_dir / "trio-fixture" / "environment" / "extra.txt").write_text("x")
    assert [t for t in first if changed[t] != hashes(layout)[t]] == [task_image("trio-fixture")]


def test_a_new_base_invalidates_every_layer_above_it(layout: Layout) -> None:
    first = hashes(layout)
    other = {
        n.tag: n.inputs_hash
        for n in make_plan(layout, os_image_id="os-2", base_context=BytesIO).nodes
    }
    assert all(first[tag] != other[tag] for tag in first)
    assert hashes(layout, slim=True)[base_image()] != first[base_image()]


def test_an_unchanged_context_is_not_rewritten(layout: Layout) -> None:
    plan(layout, tasks=["notes-fixture"])
    stamp = layout.per_task_dir / "notes-fixture" / STAMP
    os.utime(stamp, (1, 1))
    plan(layout, tasks=["notes-fixture"])
    assert stamp.stat().st_mtime == 1


def test_the_hash_sees_the_executable_bit_and_ignores_caches(tmp_path: Path) -> None:
    (tmp_path / "run.sh").write_text("echo hi")
    first = InputHash("t").add_tree("x", tmp_path).hexdigest()
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "m.cpython-311.pyc").write_bytes(b"junk")
    assert InputHash("t").add_tree("x", tmp_path).hexdigest() == first
    (tmp_path / "run.sh").chmod(0o755)
    assert InputHash("t").add_tree("x", tmp_path).hexdigest() != first


def test_dry_run_needs_no_docker(
    layout: Layout, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DOCKER_HOST", "tcp://127.0.0.1:1")
    assert build_images(BuildOptions(dry_run=True), layout) == 0
    assert "build plan (dry run" in capsys.readouterr().err
    assert (layout.per_task_dir / "trio-fixture" / "Dockerfile").exists()


def test_shipped_services_without_a_section_get_their_default_under_the_task_clock(
    layout: Layout,
) -> None:
    from mock_services.registry import get_spec

    task_dir = layout.tasks_dir / "notes-fixture"
    (task_dir / "seed.json").write_text(json.dumps({"now": "2026-01-01T09:00:00Z"}))
    entries = json.loads(layout.map_path.read_text())
    entries["tasks"]["notes-fixture"]["services"].append("email")
    entries["tasks"]["notes-fixture"]["seed"] = "seed.json"
    layout.map_path.write_text(json.dumps(entries))
    plan(layout, tasks=["notes-fixture"])
    context = layout.per_task_dir / "notes-fixture"
    seed = json.loads((context / "data" / "seed.json").read_text())
    assert seed["now"] == "2026-01-01T09:00:00Z"
    assert seed["email"] == get_spec("email").default_seed()
    assert "notes" not in seed  # a module:ATTR service keeps its own default
    text = (context / "startup.d" / "notes-fixture.sh").read_text()
    assert "'email|email|5001|file'" in text and "'notes|fixture_notes:NOTES|5100|default'" in text


def test_a_namespace_tags_every_image_and_the_task_dockerfile_builds_from_it(
    layout: Layout, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(NAMESPACE_VARIABLE, "alice-checkout")
    nodes = plan(layout, tasks=["notes-fixture"]).nodes
    assert [n.tag for n in nodes] == [
        "liveclawbench-base:alice-checkout",
        "liveclawbench-notes-fixture-base:alice-checkout",
        "liveclawbench-notes-fixture:alice-checkout",
    ]
    per_task = (layout.per_task_dir / "notes-fixture" / "Dockerfile").read_text()
    assert per_task.splitlines()[1] == "FROM liveclawbench-base:alice-checkout"
    task_dockerfile = Path(nodes[2].dockerfile)
    assert not task_dockerfile.is_relative_to(layout.tasks_dir)  # the task's own is untouched
    assert "FROM liveclawbench-notes-fixture-base:alice-checkout" in task_dockerfile.read_text()
    own = (layout.tasks_dir / "notes-fixture" / "environment" / "Dockerfile").read_text()
    assert "FROM liveclawbench-notes-fixture-base:latest" in own


def test_without_a_namespace_images_are_latest_and_the_task_dockerfile_its_own(
    layout: Layout, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(NAMESPACE_VARIABLE, raising=False)
    nodes = plan(layout, tasks=["notes-fixture"]).nodes
    assert nodes[0].tag == "liveclawbench-base:latest"
    assert nodes[2].tag == "liveclawbench-notes-fixture:latest"
    assert nodes[2].dockerfile == "Dockerfile"


def test_a_namespace_that_is_no_docker_tag_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(NAMESPACE_VARIABLE, "my checkout")
    with pytest.raises(NamespaceError, match="LIVECLAW_IMAGE_NAMESPACE='my checkout': expected"):
        base_image()


def test_the_image_tests_build_under_their_own_namespace() -> None:
    assert image_tag() != "latest", "tests/images/conftest.py sets the test runs' namespace"
