"""``invoke bench ui_pages``: each page the first user reaches that has a JSON twin under
``/api`` is timed against it in the service's app, and weighed with the client script."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.ui_pages import measure
from taskkit.cli_dev import BENCHMARKS

pytestmark = pytest.mark.slow  # crawls a service's UI


def test_pages_are_timed_against_their_json_twin_and_weighed(tmp_path: Path) -> None:
    assert "ui_pages" in BENCHMARKS
    found = measure("todolist", tmp_path, blocks=1)
    pages = [p["page"] for p in found["pairs"]]
    assert "/" not in pages and len(pages) >= 2, pages  # "/" has no /api twin
    for pair in found["pairs"]:
        assert pair["page_ms"] > 0 and pair["json_ms"] > 0, pair
        # the ratio of the unrounded times: within rounding of the rounded ones'
        assert abs(pair["ratio"] - pair["page_ms"] / pair["json_ms"]) < 0.05, pair
        assert 1 < pair["page_kb"] < 300, pair  # the script alone is about 2 KB
    assert found["worst_ratio"] == max(p["ratio"] for p in found["pairs"])
