"""shop-stock-runs-out's verifier on the race its live world allows: a checkout sent in
parallel with the agent's first add can land between that add and the sell-out it triggers
(the event fires once the add's request has ended). No script makes that order deterministic,
so the shop is served in this process with the seed's event moved to the checkout: the audit
log then holds the add, the checkout of three V27U, and ``monitor-sells-out`` after it, as the
race leaves it. That order of the asked-for model, bought while it was on sale, scores 1.0;
two V27U, or a second order, do not."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import seed_task
from mock_services.registry import get_spec
from tests.helpers import ApiClient, expect

ROOT = Path(__file__).resolve().parents[2]
NAME = "shop-stock-runs-out"
TASK = ROOT / "tasks" / NAME


def verifier_module() -> ModuleType:
    """A fresh load of the task's verify.py (its cached reads start empty)."""
    spec = importlib.util.spec_from_file_location("shop_stock_verify", TASK / "tests" / "verify.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(params=[NAME])  # the task's name in each test's id: ``-k shop-stock-runs-out``
def raced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], ApiClient]:
    """The task's seed with ``monitor-sells-out`` firing after the first checkout, served
    in-process; MOCK_DATA_DIR points the verifier at it."""

    def start() -> ApiClient:
        document: dict[str, Any] = json.loads((TASK / "environment" / "seed.json").read_text())
        (sell_out,) = document["events"]
        sell_out["when"] = {"after_operation": {"operation": "checkout", "count": 1}}
        seed = tmp_path / "seed.json"
        seed.write_text(json.dumps(document))
        data = tmp_path / "mock-data"
        data.mkdir()
        settings = Settings(data_dir=data)
        seed_task({"shop": get_spec("shop")}, seed, settings)
        app = create_app(get_spec("shop"), settings)
        token = admin_token_path(settings).read_text().strip()
        monkeypatch.setenv("MOCK_DATA_DIR", str(data))
        client = ApiClient("http://shop.test", token, app).login("alice", "alice-pass")
        expect(client.admin("POST", "/admin/world/start"), 200)
        return client

    return start


def checkout(client: ApiClient) -> dict[str, Any]:
    profile = expect(client.get("/api/profile"), 200)
    body = {
        "address_id": profile["default_address_id"],
        "payment_method_id": profile["default_payment_method_id"],
    }
    return expect(client.post("/api/checkout", json=body), 201)


def scores(quantity: int, client: ApiClient, *, twice: bool = False) -> Any:
    expect(client.post("/api/cart/items", json={"sku": "VIR-2701", "quantity": quantity}), 201)
    checkout(client)
    if twice:
        expect(client.post("/api/cart/items", json={"sku": "VIR-2704", "quantity": 3}), 201)
        checkout(client)
    return verifier_module().verifier.evaluate()


def test_three_v27u_checked_out_before_the_sell_out_score_one(
    raced: Callable[[], ApiClient],
) -> None:
    outcome = scores(3, raced())
    details = {name: result.detail for name, result in outcome.scores.items()}
    assert outcome.reward == 1.0, details


def test_two_v27u_before_the_sell_out_miss_the_goal(raced: Callable[[], ApiClient]) -> None:
    outcome = scores(2, raced())
    assert outcome.reward is not None and outcome.reward < 1.0
    assert outcome.scores["substitute_ordered"].score == 0


def test_the_v27u_then_the_substitute_too_is_one_order_too_many(
    raced: Callable[[], ApiClient],
) -> None:
    outcome = scores(3, raced(), twice=True)
    assert outcome.reward is not None and outcome.reward < 1.0
