"""A published task runs with the real ``harbor run -a oracle -e docker`` from a registry: the
task is published to a registry on loopback, its image's registry name is deleted locally
(only that name: the unprefixed ``liveclawbench-*`` images are shared with other runs, so
their layers stay), then Harbor pulls it by digest and the oracle scores 1.0."""

from __future__ import annotations

from pathlib import Path

import pytest
from docker.errors import ImageNotFound
from rich.console import Console

from taskkit.images.layout import Layout
from taskkit.publish import PublishOptions, publish
from tests.docker_daemon import docker_client, docker_missing, trial_detail
from tests.local_registry import serve_local_registry, untag_registry_images
from tests.tasks.harness import ROOT

pytestmark = [pytest.mark.docker, pytest.mark.harbor, pytest.mark.slow]
TASK = "health-dose-catchup"  # not one of the tasks other Harbor tests run


@pytest.mark.timeout(1200)
def test_a_published_task_scores_one_from_the_registry_with_no_local_image(
    tmp_path: Path,
) -> None:
    from taskkit.harbor_check import HarborUnavailable, ensure_harbor_venv
    from taskkit.oracle_harbor import INSTALL_COMPOSE, compose_v2_available, run_task

    client = docker_client()
    if not compose_v2_available():
        docker_missing(f"`docker compose` v2 is missing; install it with {INSTALL_COMPOSE}")
    try:
        harbor = ensure_harbor_venv().parent / "harbor"
    except HarborUnavailable as exc:
        pytest.fail(f"cannot build the Harbor venv: {exc}")
    (tmp_path / "registry").mkdir()
    with serve_local_registry(tmp_path / "registry") as registry:
        try:
            out = tmp_path / "published"
            options = PublishOptions(registry=registry.address, out=out, tasks=[TASK], slim=True)
            (pin,) = publish(options, Layout.for_repo(ROOT), Console(stderr=True)).values()
            untag_registry_images(client, registry.address)
            with pytest.raises(ImageNotFound):
                client.images.get(pin.reference)
            before = len(registry.requests())
            result = run_task(out / TASK, jobs_dir=tmp_path / "jobs", harbor=harbor)
            assert result.error is None and result.reward == 1.0, trial_detail(result)
            # a pull asks for the manifest by digest (HEAD, then GET for what the daemon lacks)
            manifest = f"/v2/liveclawbench-{TASK}/manifests/{pin.digest}"
            asked = registry.requests()[before:]
            assert any(path == manifest for _method, path in asked), f"no pull: {asked}"
            assert client.images.get(pin.reference).id == client.images.get(pin.local_tag).id
        finally:
            untag_registry_images(client, registry.address)
