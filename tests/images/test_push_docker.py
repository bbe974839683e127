"""``--registry R --push`` against a real registry (Debian's ``docker-registry``) on loopback."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from mock_services.core.process import free_port
from taskkit.images.layout import BASE_IMAGE, task_base_image, task_image
from taskkit.images.runner import BuildOptions, build
from tests.images.conftest import FixtureImages

pytestmark = [pytest.mark.docker, pytest.mark.slow, pytest.mark.timeout(900)]
REGISTRY_CONFIG = """version: 0.1
storage:
  filesystem:
    rootdirectory: {root}
http:
  addr: 127.0.0.1:{port}
"""


def _get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture
def registry(tmp_path: Path) -> Iterator[str]:
    binary = shutil.which("docker-registry")
    if binary is None:
        pytest.fail("docker-registry is not installed (apt-get install docker-registry)")
    port = free_port()
    config = tmp_path / "registry.yml"
    config.write_text(REGISTRY_CONFIG.format(root=tmp_path / "storage", port=port))
    process = subprocess.Popen(
        [binary, "serve", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    address = f"127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            _get_json(f"http://{address}/v2/_catalog")
            break
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                pytest.fail("the local registry did not start")
            time.sleep(0.1)
    yield address
    process.terminate()
    process.wait(timeout=10)


def test_push_sends_every_selected_layer_to_the_registry(
    fixture_images: FixtureImages, registry: str
) -> None:
    options = BuildOptions(
        tasks=("notes-fixture",), slim=True, jobs=2, quiet=True, registry=registry, push=True
    )
    report = build(options, fixture_images.layout, Console(stderr=True, width=200))
    assert report.ok, report.outcomes
    pushed = set(_get_json(f"http://{registry}/v2/_catalog")["repositories"])
    expected = {
        tag.partition(":")[0]
        for tag in (BASE_IMAGE, task_base_image("notes-fixture"), task_image("notes-fixture"))
    }
    assert expected <= pushed, f"pushed {sorted(pushed)}, expected {sorted(expected)}"
    for repository in expected:
        tags = _get_json(f"http://{registry}/v2/{repository}/tags/list")["tags"]
        assert tags == ["latest"], (repository, tags)
