"""Build, check and push one image with the Docker SDK, writing everything to its log file."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import docker
from docker.errors import APIError, BuildError, DockerException, ImageNotFound
from docker.models.images import Image
from requests.exceptions import ConnectionError as RequestsConnectionError

from taskkit.images.layout import INPUTS_LABEL, LAYER_LABEL, remote_repository
from taskkit.images.plan import ImageNode


class ImageBuildError(RuntimeError):
    """A failed build; the message names the log that tells why."""

    def __init__(self, tag: str, reason: str, log: Path) -> None:
        super().__init__(f"{tag}: {reason} (log: {log})")
        self.tag, self.reason, self.log = tag, reason, log


@dataclass
class BuildOutcome:
    tag: str
    result: str  # built | reused | failed | skipped
    seconds: float = 0.0
    size: int = 0
    error: str = ""
    log: Path | None = None


# What the SDK raises when no daemon answers: a DockerException while it asks the daemon's API
# version, a plain requests ConnectionError on a later call.
DOCKER_UNREACHABLE = (DockerException, RequestsConnectionError)


def unreachable_message(exc: Exception) -> str:
    """One line: Docker did not answer at its endpoint (``DOCKER_HOST``), why, how to start it."""
    endpoint = os.environ.get("DOCKER_HOST") or "unix:///var/run/docker.sock"
    return (
        f"Docker is not reachable at {endpoint} ({exc}); start the daemon "
        "(`dockerd > /tmp/dockerd.log 2>&1 &`) and check `docker info`"
    )


def docker_client(timeout: int = 900) -> docker.DockerClient:
    return docker.from_env(timeout=timeout)


def find_image(client: docker.DockerClient, tag: str) -> Image | None:
    """The image, or None when the daemon has none by that tag (an unreachable daemon raises)."""
    try:
        return client.images.get(tag)
    except ImageNotFound:
        return None


def existing_inputs_hash(client: docker.DockerClient, tag: str) -> str | None:
    image = find_image(client, tag)
    return (image.labels or {}).get(INPUTS_LABEL) if image else None


def image_size(client: docker.DockerClient, tag: str) -> int:
    image = find_image(client, tag)
    return int(image.attrs.get("Size", 0)) if image else 0


def build_image(
    client: docker.DockerClient,
    node: ImageNode,
    log_path: Path,
    *,
    no_cache: bool = False,
    on_line: Callable[[str], None] | None = None,
) -> None:
    """Build ``node`` and check that the tagged image carries its inputs hash."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    labels = {INPUTS_LABEL: node.inputs_hash, LAYER_LABEL: node.layer}
    kwargs: dict[str, Any] = dict(
        tag=node.tag,
        labels=labels,
        buildargs=node.buildargs or None,
        nocache=no_cache,
        rm=True,
        forcerm=True,
        pull=False,
        decode=True,
        dockerfile=node.dockerfile,
    )
    if isinstance(node.context, Path):
        kwargs["path"] = str(node.context)
    else:
        kwargs.update(fileobj=node.context(), custom_context=True)
    started = time.monotonic()
    with log_path.open("w") as log:
        log.write(f"# {node.tag} ({node.layer}), inputs {node.inputs_hash}\n")
        try:
            for chunk in client.api.build(**kwargs):
                text = chunk.get("stream") or chunk.get("status") or ""
                if text:
                    log.write(text if text.endswith("\n") else text + "\n")
                    if on_line and text.strip():
                        on_line(text.strip())
                if "error" in chunk:
                    log.write(f"ERROR: {chunk['error']}\n")
                    raise ImageBuildError(node.tag, chunk["error"].strip(), log_path)
        except (APIError, BuildError) as exc:
            log.write(f"ERROR: {exc}\n")
            raise ImageBuildError(node.tag, str(exc), log_path) from None
        log.write(f"# finished in {time.monotonic() - started:.1f}s\n")
    # The legacy builder can end without an error and without an image: check it is there.
    if existing_inputs_hash(client, node.tag) != node.inputs_hash:
        raise ImageBuildError(node.tag, "the build ended but the image is missing", log_path)


def push_image(client: docker.DockerClient, tag: str, registry: str, log_path: Path) -> str:
    """Tag ``tag`` as ``registry/tag`` and push it; returns the remote name."""
    remote, version = remote_repository(registry, tag), tag.partition(":")[2]
    client.images.get(tag).tag(remote, version)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("a") as log:
        log.write(f"# push {remote}:{version}\n")
        for chunk in client.api.push(remote, tag=version, stream=True, decode=True):
            if "error" in chunk:
                log.write(f"ERROR: {chunk['error']}\n")
                raise ImageBuildError(tag, f"push failed: {chunk['error']}", log_path)
            log.write(f"{chunk.get('status', '')} {chunk.get('progress', '')}\n")
    return f"{remote}:{version}"
