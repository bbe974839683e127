"""``bench.instructions``: both apps counted under valgrind from after the warm-up, per
request, the same count on a second run; a failed replay stops the run saying why."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.instructions import count, prepare

pytestmark = pytest.mark.process  # runs a subprocess


@pytest.mark.slow
def test_a_count_is_per_request_excludes_start_up_and_repeats(tmp_path: Path) -> None:
    loads = prepare("shop", tmp_path)
    assert set(loads) == {"get_by_id", "filtered_listing", "write"}
    # reads: a write's count also carries SQLite's one-off WAL checkpoint (some 40 million
    # instructions) when it falls inside the window, so only a read counts the same at any length
    reads = [count(tmp_path, "shop", "ours", "get_by_id", requests) for requests in (100, 200)]
    # start-up (imports, the app, the warm-up) runs hundreds of millions of instructions:
    # counted, it would swamp a request's few hundred thousand, and halve with twice the requests
    assert 100_000 < reads[0] < 5_000_000
    assert abs(reads[1] - reads[0]) / reads[0] < 0.05, f"per request at 100 and 200: {reads}"
    writes = {side: count(tmp_path, "shop", side, "write", 100) for side in ("ours", "bare")}
    assert 100_000 < writes["bare"] < writes["ours"] < 5_000_000, writes


def test_a_replay_that_fails_stops_the_run_naming_what_failed(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"ours answering shop write under valgrind failed"):
        count(tmp_path, "shop", "ours", "write", 10)  # nothing prepared in tmp_path
