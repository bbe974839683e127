"""airline-rebook-moving-target's world, served in this process: the agent's first look at the
flights, by the search, the listing or one flight by id, cancels LC514 and delays LC516, each
once (one event per change, its trigger the three reads); later looks, by any of them, change
nothing more. Before stop 50 each change had a twin per read: a delay written up to three times
and cancellations refused (409) in the world's own log."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from itertools import permutations
from pathlib import Path

import pytest
import requests

from tests.helpers import ApiClient, expect
from tests.task_service import task_service

ROOT = Path(__file__).resolve().parents[2]
NAME = "airline-rebook-moving-target"
TASK = ROOT / "tasks" / NAME
LC514 = 3  # the seed's flight ids the events update
READS: dict[str, Callable[[ApiClient, str], requests.Response]] = {
    "search": lambda c, day: c.get(
        "/api/flights/search", params={"origin": "BOS", "destination": "ORD", "date": day}
    ),
    "list": lambda c, day: c.get("/api/flights", params={"origin": "BOS", "date": day}),
    "get": lambda c, _day: c.get(f"/api/flights/{LC514}"),
}


@pytest.fixture(params=[NAME])  # the task's name in each test's id
def airline(tmp_path: Path) -> Callable[[], ApiClient]:
    """The task's airline, seeded from its seed.json (its events), in the agent phase."""

    def start() -> ApiClient:
        return task_service(TASK, "airline", tmp_path)

    return start


@pytest.mark.parametrize("order", list(permutations(READS)), ids="-then-".join)
def test_each_world_change_happens_once_whichever_read_comes_first(
    airline: Callable[[], ApiClient], order: tuple[str, ...]
) -> None:
    client = airline()
    now = datetime.fromisoformat(expect(client.admin("GET", "/admin/world"), 200)["now"])
    day = (now + timedelta(days=1)).date().isoformat()  # the seed's flights: tomorrow
    for read in order:
        expect(READS[read](client, day), 200)
    entries = [e for e in client.audit() if e["via"] == "world"]
    assert [(e["event"], e["status"]) for e in entries] == [
        ("lc514-cancelled", 200),
        ("lc516-delayed", 200),
    ], "expected each world change written once, by the first read"
    events = expect(client.admin("GET", "/admin/world"), 200)["events"]
    assert {e["id"]: e["fired"] for e in events} == {"lc514-cancelled": 1, "lc516-delayed": 1}
