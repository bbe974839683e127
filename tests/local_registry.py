"""A real registry (Debian's ``docker-registry``) on a free loopback port, for the tests that
push and pull images; its access log shows every request it answered."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import pytest
from docker.errors import ImageNotFound

from mock_services.core.serve.process import free_port

REGISTRY_CONFIG = """version: 0.1
storage:
  filesystem:
    rootdirectory: {root}
http:
  addr: 127.0.0.1:{port}
"""
ACCESS_LINE = re.compile(r'"(GET|HEAD|PUT|POST|PATCH|DELETE) (/v2/\S*) HTTP')


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


@dataclass
class LocalRegistry:
    address: str
    log: Path

    def requests(self) -> list[tuple[str, str]]:
        """(method, path) of every request answered so far, from the access log."""
        return ACCESS_LINE.findall(self.log.read_text(errors="replace"))


@contextmanager
def serve_local_registry(folder: Path) -> Iterator[LocalRegistry]:
    binary = shutil.which("docker-registry")
    if binary is None:
        pytest.fail("docker-registry is not installed (apt-get install docker-registry)")
    port = free_port()
    config = folder / "registry.yml"
    config.write_text(REGISTRY_CONFIG.format(root=folder / "storage", port=port))
    log = folder / "registry.log"
    with log.open("w") as sink:
        process = subprocess.Popen([binary, "serve", str(config)], stdout=sink, stderr=sink)
    address = f"127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            get_json(f"http://{address}/v2/_catalog")
            break
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                pytest.fail(f"the local registry did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.1)
    try:
        yield LocalRegistry(address, log)
    finally:
        process.terminate()
        process.wait(timeout=10)


def untag_registry_images(client, address: str) -> None:
    """Remove the local tags and digests of images named under ``address`` (never the
    unprefixed ``liveclawbench-*`` names other runs use)."""
    for image in client.images.list():
        for name in [*image.tags, *(image.attrs.get("RepoDigests") or [])]:
            if name.startswith(f"{address}/"):
                with suppress(ImageNotFound):  # gone with a name removed before it
                    client.images.remove(name)
