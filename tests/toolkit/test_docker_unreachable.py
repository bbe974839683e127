"""A Docker daemon that does not answer is reported as such, never taken for a missing image or
an empty log folder. The endpoint is a closed unix socket: no daemon is needed."""

from __future__ import annotations

import io
import socket
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path

import docker
import pytest

from taskkit.images import cli as images_cli
from taskkit.images import docker_build
from taskkit.oracle_docker import DockerEnv


@pytest.fixture
def closed_socket() -> Iterator[str]:
    """``unix://`` URL of a socket file nobody listens on (connections are refused)."""
    with tempfile.TemporaryDirectory(prefix="dk-") as folder:  # short: unix paths max 107 bytes
        path = Path(folder) / "docker.sock"
        listener = socket.socket(socket.AF_UNIX)
        listener.bind(str(path))
        listener.close()
        yield f"unix://{path}"


def _pinned_client(url: str) -> docker.DockerClient:
    """A client that never asked the daemon for its API version, so its first call fails."""
    return docker.DockerClient(base_url=url, version="1.41", timeout=5)


@pytest.mark.parametrize("client", ["from_env", "pinned_version"])
def test_bootstrap_os_says_docker_is_unreachable_instead_of_bootstrapping(
    client: str,
    closed_socket: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("DOCKER_HOST", closed_socket)
    if client == "pinned_version":
        monkeypatch.setattr(docker_build, "docker_client", lambda: _pinned_client(closed_socket))

    def must_not_bootstrap(*args: object, **kwargs: object) -> str:
        raise AssertionError("bootstrapped although Docker did not answer")

    monkeypatch.setattr(images_cli, "bootstrap_os", must_not_bootstrap)
    assert images_cli.main(["bootstrap-os"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"error: Docker is not reachable at {closed_socket} (" in err
    assert "Connection refused" in err and "dockerd" in err


def test_docker_oracle_says_why_the_verifier_logs_could_not_be_copied(
    closed_socket: str, tmp_path: Path
) -> None:
    container = _pinned_client(closed_socket).containers.prepare_model({"Id": "0123abcd"})
    with pytest.raises(RuntimeError, match="could not copy /logs/verifier out of the container"):
        DockerEnv(container).fetch_dir("/logs/verifier", tmp_path / "verifier")
    assert not (tmp_path / "verifier").exists()


def test_docker_oracle_says_why_a_reward_file_could_not_be_read(closed_socket: str) -> None:
    container = _pinned_client(closed_socket).containers.prepare_model({"Id": "0123abcd"})
    with pytest.raises(RuntimeError, match=r"could not copy /logs/verifier/reward\.json out"):
        DockerEnv(container).read_text("/logs/verifier/reward.json")


class _Archived:
    """A container whose ``get_archive`` serves one file, as the daemon streams it."""

    def __init__(self, name: str, data: bytes) -> None:
        self.name, self.data = name, data

    def get_archive(self, path: str) -> tuple[list[bytes], dict]:
        if path != self.name:
            raise docker.errors.NotFound(f"no {path}")
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w") as tar:
            info = tarfile.TarInfo(Path(path).name)
            info.size = len(self.data)
            tar.addfile(info, io.BytesIO(self.data))
        whole = buffer.getvalue()
        return [whole[:100], whole[100:]], {"name": Path(path).name}


def test_a_reward_file_is_read_whole_and_an_absent_one_is_none() -> None:
    text = '{\n  "reward": 1.0\n}\n'
    env = DockerEnv(_Archived("/logs/verifier/reward.json", text.encode()))
    assert env.read_text("/logs/verifier/reward.json") == text
    assert env.read_text("/logs/verifier/reward.txt") is None
