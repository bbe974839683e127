"""shop-stock-runs-out against the red team's race: checkouts sent in parallel with the agent's
first add of three V27U, one of them landing between the add and the sell-out it fires.

The world makes the event one step with the add: a checkout sent in that window (another
thread, deterministically: ``tests.world_window``) waits until the sell-out is written, and is
refused. The verifier holds alone too (defence in depth): with the seed's event moved to fire
after the checkout, the audit log reads as the race once did (the add, a checkout of three
V27U, ``monitor-sells-out``), and that order is not credited (it scored 1.0 before stop 50);
nor are two V27U, or a second order of the V27F after them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.helpers import ApiClient, expect
from tests.task_service import DATA, task_verifier, task_world
from tests.world_window import intruding

ROOT = Path(__file__).resolve().parents[2]
NAME = "shop-stock-runs-out"
TASK = ROOT / "tasks" / NAME


def verifier_module() -> ModuleType:
    return task_verifier(TASK)


@pytest.fixture(params=[NAME])  # the task's name in each test's id: ``-k shop-stock-runs-out``
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., ApiClient]:
    """The task's seed served in-process (``raced``: with ``monitor-sells-out`` firing after
    the first checkout instead); MOCK_DATA_DIR points the verifier at it."""

    def start(*, raced: bool = False) -> ApiClient:
        def race(document: dict[str, Any]) -> None:
            (sell_out,) = document["events"]
            sell_out["when"] = {"after_operation": {"operation": "checkout", "count": 1}}

        monkeypatch.setenv("MOCK_DATA_DIR", str(tmp_path / DATA))
        return task_world(TASK, ["shop"], tmp_path, race if raced else None)["shop"]

    return start


def checkout_body(client: ApiClient) -> dict[str, Any]:
    profile = expect(client.get("/api/profile"), 200)
    return {
        "address_id": profile["default_address_id"],
        "payment_method_id": profile["default_payment_method_id"],
    }


def checkout(client: ApiClient) -> dict[str, Any]:
    return expect(client.post("/api/checkout", json=checkout_body(client)), 201)


def scores(quantity: int, client: ApiClient, *, twice: bool = False) -> Any:
    expect(client.post("/api/cart/items", json={"sku": "VIR-2701", "quantity": quantity}), 201)
    checkout(client)
    if twice:
        expect(client.post("/api/cart/items", json={"sku": "VIR-2704", "quantity": 3}), 201)
        checkout(client)
    return verifier_module().verifier.evaluate()


def test_a_checkout_sent_between_the_add_and_the_sell_out_waits_for_it_and_is_refused(
    served: Callable[..., ApiClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = served()
    racer = client.as_user("alice", "alice-pass")
    body = checkout_body(racer)
    with intruding(monkeypatch, lambda: racer.post("/api/checkout", json=body)) as race:
        add = {"sku": "VIR-2701", "quantity": 3}
        expect(client.post("/api/cart/items", json=add), 201)
    assert race.served_in_window is False, "the checkout was served between the add and its event"
    assert race.join().status_code == 409, (
        f"expected the racing checkout refused once the V27U sold out, got "
        f"{race.join().status_code}: {race.join().text}"
    )
    steps = [(e["operation"], e["via"], e["status"]) for e in client.audit()]
    assert steps[-3:] == [
        ("add_cart_item", "http", 201),
        ("update_product", "world", 200),
        ("checkout", "http", 409),
    ], steps


def test_three_v27u_checked_out_before_the_sell_out_are_not_credited(
    served: Callable[..., ApiClient],
) -> None:
    outcome = scores(3, served(raced=True))
    assert outcome.reward == 0.245, outcome.reward
    detail = outcome.scores["substitute_ordered"].detail
    assert outcome.scores["substitute_ordered"].score == 0 and "VIR-2701" in detail, detail


def test_two_v27u_before_the_sell_out_miss_the_goal(served: Callable[..., ApiClient]) -> None:
    outcome = scores(2, served(raced=True))
    assert outcome.reward is not None and outcome.reward < 1.0
    assert outcome.scores["substitute_ordered"].score == 0


def test_the_v27u_then_the_substitute_too_is_one_order_too_many(
    served: Callable[..., ApiClient],
) -> None:
    outcome = scores(3, served(raced=True), twice=True)
    assert outcome.reward is not None and outcome.reward < 1.0
