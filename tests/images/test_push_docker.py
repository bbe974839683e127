"""``--registry R --push`` against a real registry (Debian's ``docker-registry``) on loopback."""

from __future__ import annotations

import pytest
from rich.console import Console

from taskkit.images.layout import base_image, task_base_image, task_image
from taskkit.images.runner import BuildOptions, build
from tests.images.conftest import FixtureImages
from tests.local_registry import get_json

pytestmark = [pytest.mark.docker, pytest.mark.slow, pytest.mark.timeout(900)]


def test_push_sends_every_selected_layer_to_the_registry(
    fixture_images: FixtureImages, registry: str
) -> None:
    options = BuildOptions(
        tasks=("notes-fixture",), slim=True, jobs=2, quiet=True, registry=registry, push=True
    )
    report = build(options, fixture_images.layout, Console(stderr=True, width=200))
    assert report.ok, report.outcomes
    pushed = set(get_json(f"http://{registry}/v2/_catalog")["repositories"])
    expected = {
        tag.partition(":")[0]
        for tag in (base_image(), task_base_image("notes-fixture"), task_image("notes-fixture"))
    }
    assert expected <= pushed, f"pushed {sorted(pushed)}, expected {sorted(expected)}"
    for repository in expected:
        tags = get_json(f"http://{registry}/v2/{repository}/tags/list")["tags"]
        # pushed under the tag it was built with: the run's namespace (``pytest`` in tests)
        assert tags == [base_image().partition(":")[2]], (repository, tags)
