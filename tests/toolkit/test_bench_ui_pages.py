"""``invoke bench ui_pages``: each page the first user reaches is timed against the API reads it
declares it shows (at its own path parameters), and weighed with the client script."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.ui_pages import measure
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.registry import get_spec
from mock_services.ui_coverage import shown_addresses
from taskkit.cli_dev import BENCHMARKS


def test_a_page_is_paired_with_every_read_it_shows_at_its_own_parameters(tmp_path: Path) -> None:
    spec = get_spec("airline")
    app = create_app(spec, Settings(data_dir=tmp_path))

    def shown(address: str) -> list[str | None]:
        return [api for _operation, api in shown_addresses(app, spec, address)]

    # the flight page shows the flight and its seat map: /api/flights/37 alone carries less
    assert shown("/flights/37") == ["/api/flights/37", "/api/flights/37/seats"]
    assert shown("/bookings/7VKYLF") == [
        "/api/bookings/7VKYLF",
        "/api/bookings/7VKYLF/cancellation",
        "/api/bookings/7VKYLF/boarding-passes",
        "/api/bookings/7VKYLF/bags",
    ]
    assert shown("/flights?origin=JFK") == ["/api/flights"]


@pytest.mark.slow  # crawls a service's UI
def test_pages_are_timed_against_their_json_and_weighed(tmp_path: Path) -> None:
    assert "ui_pages" in BENCHMARKS
    found = measure("todolist", tmp_path, blocks=1)
    pages = {p["page"]: p for p in found["pairs"]}
    assert len(pages) >= 3, pages
    for pair in found["pairs"]:
        assert pair["page_ms"] > 0 and pair["json_ms"] > 0 and pair["json"], pair
        # the ratio of the unrounded times: within rounding of the rounded ones'
        assert abs(pair["ratio"] - pair["page_ms"] / pair["json_ms"]) < 0.05, pair
        assert 1 < pair["page_kb"] < 300, pair  # the script alone is about 2 KB
    assert found["worst_ratio"] == max(p["ratio"] for p in found["pairs"])
    # "/" has no /api twin, but shows the tasks, lists and tags: it is timed against those reads
    assert pages["/"]["json"] == ["/api/tasks", "/api/lists", "/api/tags"], pages["/"]
    assert pages["/"]["one_route_ratio"] is None
