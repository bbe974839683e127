"""What every shipped service must do: seed, round-trip, health, OpenAPI, fuzzing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from openapi_spec_validator import validate

from mock_services.core.base.settings import Settings
from mock_services.core.data.faults import FaultRule, unreachable_fault
from mock_services.core.seeding.seed import export_service
from mock_services.core.serve.app import create_app, served_routes
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import SERVICE_MODULES, get_spec
from tests.conftest import seed_dir
from tests.helpers import db_dump, expect, run_schemathesis

SERVICES = list(SERVICE_MODULES)
PORTS = {
    "shop": 1234,
    "airline": 5000,
    "email": 5001,
    "calendar": 5006,
    "expense": 5005,
    "health": 5007,
    "social": 5008,
    "todolist": 5002,
}

CORE_PATHS = ("/health", "/api/auth/", "/admin/")
"""Routes the core serves for every service (health, login, admin)."""


@pytest.mark.parametrize("service", SERVICES)
def test_ports_follow_the_reference_platform(service: str) -> None:
    """The reference platform's services keep its ports; a service added since (``invoke
    new-service``) takes one of its own, never theirs."""
    port = get_spec(service).port
    if service in PORTS:
        assert port == PORTS[service]
    else:
        others = {name: get_spec(name).port for name in SERVICES if name != service}
        assert port not in {*PORTS.values(), *others.values()}, f"{service}: port {port} is taken"


@pytest.mark.parametrize("service", SERVICES)
def test_default_seed_is_deterministic(service: str, tmp_path: Path) -> None:
    spec = get_spec(service)
    first, second = Settings(data_dir=tmp_path / "a"), Settings(data_dir=tmp_path / "b")
    for settings in (first, second):  # seeded here: ``seed_dir`` copies one seeding's files
        seed_service(spec, spec.default_seed(), settings)
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


@pytest.mark.process  # real servers
def test_health_and_openapi(live: tuple[str, ServiceProcess]) -> None:
    service, process = live
    health = expect(requests.get(process.url + "/health", timeout=10), 200)
    assert health["service"] == service and health["status"] == "ok"
    document = expect(requests.get(process.url + "/openapi.json", timeout=10), 200)
    validate(document)
    operations = sum(len(ops) for ops in document["paths"].values())
    own = [path for path in document["paths"] if not path.startswith(CORE_PATHS)]
    least = 15 if service in PORTS else 1  # a service just made by `invoke new-service`: its own
    assert operations >= least and own, f"{service} documents {operations} operations: {own}"


# A sample in the test suite: 5 examples per operation (about a third of the time 20 took) on
# five services: the reference shop, the largest (email), the one on plain SQL statements
# (social) and two of the newest on the kit (crm, chat). `invoke test --sweep` fuzzes all
# fourteen; `invoke bench reliability` every service with 40 per operation.
FUZZ_EXAMPLES = 5
FUZZ_SAMPLE = ("shop", "email", "social", "crm", "chat")


@pytest.mark.process  # real servers
@pytest.mark.slow
@pytest.mark.sweep(sample=FUZZ_SAMPLE)
def test_schemathesis_finds_nothing(live: tuple[str, ServiceProcess]) -> None:
    service, process = live
    run = run_schemathesis(process, service, max_examples=FUZZ_EXAMPLES)
    assert run.returncode == 0, f"schemathesis found problems in {service}:\n{run.stdout[-6000:]}"


def test_the_readme_fault_examples_reach_real_routes() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    block = readme.split('"faults": [', 1)[1].split("]\n", 1)[0]
    lines = [line.strip().rstrip(",") for line in block.splitlines() if line.strip()]
    rules = [FaultRule.model_validate_json(line) for line in lines]
    assert rules, "no fault example in the README"
    routes = [served_routes(get_spec(service)) for service in SERVICES]
    for rule in rules:
        assert any(unreachable_fault([rule], r, "any") is None for r in routes), rule.route


@pytest.mark.parametrize("service", SERVICES)
def test_openapi_documents_every_api_route_and_only_served_ones(
    service: str, tmp_path: Path
) -> None:
    app = create_app(get_spec(service), Settings(data_dir=tmp_path))
    served = {
        (method, re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule))
        for rule in app.url_map.iter_rules()
        for method in rule.methods or ()
        if method not in ("HEAD", "OPTIONS")
    }
    document = app.test_client().get("/openapi.json").get_json()
    documented = {
        (method.upper(), path) for path, ops in document["paths"].items() for method in ops
    }
    assert {(m, p) for m, p in served if p.startswith("/api/")} - documented == set()
    assert documented - served == set()
