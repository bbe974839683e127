"""Push task images to a registry and pin each by its manifest digest. An image the registry
already holds under that digest (same local image, pushed before) is not pushed again."""

from __future__ import annotations

from pathlib import Path

import docker
from docker.errors import APIError, NotFound
from pydantic import BaseModel, Field

from taskkit.images.docker_build import ImageBuildError, find_image, push_image
from taskkit.images.layout import remote_repository

DIGEST_PATTERN = r"^sha256:[0-9a-f]{64}$"


class PinnedImage(BaseModel):
    """One task image in the registry: ``reference`` is ``repository@digest``."""

    local_tag: str
    repository: str
    digest: str = Field(pattern=DIGEST_PATTERN)
    pushed: bool

    @property
    def reference(self) -> str:
        return f"{self.repository}@{self.digest}"


def recorded_digest(client: docker.DockerClient, local_tag: str, repository: str) -> str | None:
    """The digest this very image (by id) got when it was last pushed to ``repository``."""
    image = find_image(client, local_tag)
    for entry in (image.attrs.get("RepoDigests") or []) if image else []:
        name, _, digest = entry.partition("@")
        if name == repository:
            return digest
    return None


def registry_digest(client: docker.DockerClient, reference: str) -> str | None:
    """The manifest digest the registry serves for ``reference`` (None when it has none)."""
    try:
        return client.images.get_registry_data(reference).id
    except (NotFound, APIError):
        return None


def publish_image(
    client: docker.DockerClient, local_tag: str, registry: str, log: Path
) -> PinnedImage:
    """Push ``local_tag`` to ``registry`` unless the registry already serves it; pin it."""
    if find_image(client, local_tag) is None:
        raise ImageBuildError(local_tag, "no such local image to publish", log)
    repository = remote_repository(registry, local_tag)
    version = local_tag.partition(":")[2] or "latest"
    known = recorded_digest(client, local_tag, repository)
    if known is not None and registry_digest(client, f"{repository}:{version}") == known:
        return PinnedImage(local_tag=local_tag, repository=repository, digest=known, pushed=False)
    push_image(client, local_tag, registry, log)
    digest = recorded_digest(client, local_tag, repository)
    if digest is None:
        raise ImageBuildError(
            local_tag, f"pushed, but Docker recorded no digest for {repository}", log
        )
    return PinnedImage(local_tag=local_tag, repository=repository, digest=digest, pushed=True)
