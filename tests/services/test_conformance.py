"""What every shipped service must do: seed, round-trip, health, OpenAPI, fuzzing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from openapi_spec_validator import validate

from mock_services.core.process import ServiceProcess, free_port
from mock_services.core.seeding import export_service, seed_service
from mock_services.core.settings import Settings
from mock_services.registry import SERVICE_MODULES, get_spec
from tests.conftest import seed_dir
from tests.helpers import db_dump, expect, run_schemathesis

SERVICES = list(SERVICE_MODULES)
PORTS = {"shop": 1234, "airline": 5000, "email": 5001, "calendar": 5006}


@pytest.mark.parametrize("service", SERVICES)
def test_ports_follow_the_reference_platform(service: str) -> None:
    assert get_spec(service).port == PORTS[service]


@pytest.mark.parametrize("service", SERVICES)
def test_default_seed_is_deterministic(service: str, tmp_path: Path) -> None:
    first = seed_dir(tmp_path / "a", service)
    second = seed_dir(tmp_path / "b", service)
    assert first.db_path(service).read_bytes() == second.db_path(service).read_bytes()


@pytest.mark.parametrize("service", SERVICES)
def test_export_round_trips(service: str, tmp_path: Path) -> None:
    spec = get_spec(service)
    original = seed_dir(tmp_path / "a", service)
    exported = export_service(spec, original)
    again = Settings(data_dir=tmp_path / "b")
    seed_service(spec, exported, again, source="exported seed")
    assert export_service(spec, again) == exported
    assert db_dump(again.db_path(service)) == db_dump(original.db_path(service))


@pytest.fixture(scope="module", params=SERVICES)
def live(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, ServiceProcess]]:
    service = request.param
    data_dir = tmp_path_factory.mktemp(service)
    seed_dir(data_dir, service)
    process = ServiceProcess(service, free_port(), data_dir, workers=1).start()
    yield service, process
    process.stop()


def test_health_and_openapi(live: tuple[str, ServiceProcess]) -> None:
    service, process = live
    health = expect(requests.get(process.url + "/health", timeout=10), 200)
    assert health["service"] == service and health["status"] == "ok"
    document = expect(requests.get(process.url + "/openapi.json", timeout=10), 200)
    validate(document)
    operations = sum(len(ops) for ops in document["paths"].values())
    assert operations >= 15, f"{service} documents only {operations} operations"


@pytest.mark.slow
def test_schemathesis_finds_nothing(live: tuple[str, ServiceProcess]) -> None:
    service, process = live
    run = run_schemathesis(process, service)
    assert run.returncode == 0, f"schemathesis found problems in {service}:\n{run.stdout[-6000:]}"
