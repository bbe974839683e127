"""The services of a trial get the task's ``[environment.env]`` (the judge's endpoint for its
model-played personas), resolved from the runner's variables as Harbor resolves it: the
no-Docker runner on the service processes, the Docker runner on the container it creates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.keys import DELIVERY_TOKEN_VARIABLE
from mock_services.core.base.settings import Settings
from taskkit import oracle, oracle_docker
from taskkit.registries import TaskImageSpec
from taskkit.stand_in_judge import judge_env
from taskkit.task_model import TaskConfig

JUDGE_ENV = {
    "JUDGE_BASE_URL": "${JUDGE_BASE_URL:-}",
    "JUDGE_API_KEY": "${JUDGE_API_KEY:-}",
    "JUDGE_MODEL_ID": "${JUDGE_MODEL_ID:-}",
}


def _config() -> TaskConfig:
    config = TaskConfig.model_validate(
        {
            "task": {"name": "t/persona", "description": "d", "keywords": ["a", "b", "c"]},
            "environment": {"env": JUDGE_ENV},
        }
    )
    return config


class FakeProcess:
    started: list[FakeProcess] = []

    def __init__(self, name: str, port: int, data_dir: Path, env: dict[str, str]) -> None:
        self.name, self.env = name, env

    def launch(self) -> None:
        FakeProcess.started.append(self)

    def healthy(self) -> bool:
        return True


def test_the_local_runner_gives_the_services_the_judges_endpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        oracle.registries,
        "read_binary_map",
        lambda _root: {"persona": TaskImageSpec(services=["email"], seed=None)},
    )
    monkeypatch.setattr(oracle, "Settings", lambda data_dir: Settings(data_dir=tmp_path))
    monkeypatch.setattr(oracle, "ServiceProcess", FakeProcess)
    monkeypatch.setattr(oracle, "mark_data_dir", lambda *_args: None)
    for name, value in judge_env("127.0.0.1", 8808).items():  # what --judge local sets
        monkeypatch.setenv(name, value)
    FakeProcess.started = []
    oracle._start_services(tmp_path / "persona", tmp_path, _config())
    (email,) = FakeProcess.started
    # and the trial's own mail-delivery credential, in the root-only data folder
    token = {DELIVERY_TOKEN_VARIABLE: str(tmp_path / "secrets" / "delivery.token")}
    assert email.env == {**judge_env("127.0.0.1", 8808), **token}
    for name in JUDGE_ENV:  # no endpoint: nothing set, the persona stays silent
        monkeypatch.delenv(name)
    FakeProcess.started = []
    oracle._start_services(tmp_path / "persona", tmp_path, _config())
    assert FakeProcess.started[0].env == token


class FakeContainers:
    def __init__(self) -> None:
        self.created: dict[str, Any] = {}

    def create(self, image: str, **options: Any) -> Any:
        self.created = options
        raise RuntimeError("created; the test stops here")


def test_the_docker_runner_sets_the_environment_table_on_the_container(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    task = tmp_path / "persona"
    task.mkdir()
    monkeypatch.setattr(oracle_docker, "check_agent", lambda *_args: None)
    monkeypatch.setattr(oracle_docker, "ui_not_scored", lambda *_args: None)
    monkeypatch.setattr(oracle_docker, "load_task_config", lambda _path: _config())
    monkeypatch.setattr(oracle_docker, "finish_trial", lambda *_args, **_kw: None)
    containers = FakeContainers()
    client = type("Client", (), {"containers": containers})()
    env = judge_env("172.17.0.1", 4242)
    result = oracle_docker.run_trial(task, env=env, client=client)
    assert "created; the test stops here" in (result.error or "")
    assert containers.created["environment"] == env
