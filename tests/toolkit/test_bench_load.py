"""``bench.load``'s workloads, which the reliability benchmark (soak, crash safety, disk full)
sends to each service: every registered service has one, and its reads and writes are
accepted by the service's default world, so a run measures the service, not refused calls."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from bench.load import WORKLOADS, soak_workload, spec_workload
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import SERVICE_MODULES, get_spec
from tests.helpers import seeded_credentials


class _InProcess:
    """The slice of ``requests.Session`` a workload's context uses, over a Flask test client."""

    def __init__(self, client: Any, headers: dict[str, str]) -> None:
        self.client, self.headers = client, headers

    def get(self, url: str, timeout: float = 30) -> _Answer:
        answer = self.client.get(url.removeprefix("http://bench"), headers=self.headers)
        assert answer.status_code == 200, f"context read {url}: {answer.status_code}"
        return _Answer(answer.get_json())


class _Answer:
    def __init__(self, body: Any) -> None:
        self.body = body

    def raise_for_status(self) -> None:
        """The status was checked when it came."""

    def json(self) -> Any:
        return self.body


def test_every_registered_service_has_a_workload() -> None:
    """Hand-tuned, or made from the service's spec (a new service's, with no edit here)."""
    assert WORKLOADS.keys() <= SERVICE_MODULES.keys()
    for service in SERVICE_MODULES:
        assert soak_workload(service) is not None


def test_a_spec_without_a_soakable_record_asks_for_a_hand_tuned_workload() -> None:
    with pytest.raises(ValueError, match=re.escape("or a Workload in bench/load.py's WORKLOADS")):
        spec_workload(get_spec("shop"))  # its main record, a product, has no example


def _spec_made(service: str) -> bool:
    try:
        spec_workload(get_spec(service))
    except ValueError:
        return False
    return True


WORKLOAD_CASES = [(s, "soak") for s in SERVICE_MODULES] + [
    (s, "from its spec") for s in SERVICE_MODULES if s in WORKLOADS and _spec_made(s)
]


@pytest.mark.parametrize(("service", "kind"), WORKLOAD_CASES)
def test_the_workloads_calls_are_accepted_by_the_default_world(
    service: str, kind: str, tmp_path: Path
) -> None:
    """The soak's own workload of each service, and the one a spec makes wherever a service
    with a hand-tuned mix could also have one made (a new service's is made so)."""
    spec = get_spec(service)
    settings = Settings(data_dir=tmp_path)
    seed_service(spec, spec.default_seed(), settings)
    client = create_app(spec, settings).test_client()
    username, password = seeded_credentials(spec.default_seed())
    login = client.post("/api/auth/login", json={"username": username, "password": password})
    headers = {"Authorization": f"Bearer {login.get_json()['token']}"}
    workload = soak_workload(service) if kind == "soak" else spec_workload(spec)
    context = workload.context(_InProcess(client, headers), "http://bench")
    rng = random.Random(0)
    refused, conflicts, calls = [], 0, 0
    for _ in range(25):
        for make in (workload.reads, workload.writes):
            method, path, body = make(rng, context)
            answer = client.open(path, method=method, json=body, headers=headers)
            calls += 1
            if answer.status_code == 409:  # the world's state: the shop's cart may be empty
                conflicts += 1
            elif answer.status_code >= 300:
                refused.append(f"{method} {path}: {answer.status_code} {answer.get_data()[:120]!r}")
    assert refused == [], f"{service}: calls the service refused: {refused[:3]}"
    assert conflicts <= calls // 10, f"{service}: {conflicts} of {calls} calls were conflicts (409)"
