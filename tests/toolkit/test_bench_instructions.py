"""``bench.instructions``: both apps counted under valgrind in one process, each window from
after its warm-up, per request, the same count over a longer window; a failed replay stops the
run saying why."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.instructions import Window, count, prepare

pytestmark = pytest.mark.process  # runs a subprocess


@pytest.mark.slow
def test_a_count_is_per_request_excludes_start_up_and_repeats(tmp_path: Path) -> None:
    loads = prepare("shop", tmp_path)
    assert set(loads) == {"get_by_id", "filtered_listing", "write"}
    # reads: a write's count also carries SQLite's one-off WAL checkpoint (some 40 million
    # instructions) when it falls inside the window, so only a read counts the same at any length
    windows = [
        Window("ours", "get_by_id", 100),
        Window("ours", "get_by_id", 200),
        Window("ours", "write", 100),
        Window("bare", "write", 100),
    ]
    reads_100, reads_200, ours_write, bare_write = count(tmp_path, "shop", windows)
    # start-up (imports, the app, the warm-up) runs hundreds of millions of instructions:
    # counted, it would swamp a request's few hundred thousand, and halve with twice the requests
    assert 100_000 < reads_100 < 5_000_000
    assert abs(reads_200 - reads_100) / reads_100 < 0.05, f"per request: {reads_100, reads_200}"
    # each app has its own copy of the data: the bare app's writes pay for no audit rows
    assert 100_000 < bare_write < ours_write < 5_000_000, (ours_write, bare_write)


def test_a_replay_that_fails_stops_the_run_naming_what_failed(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"ours answering shop write under valgrind failed"):
        count(tmp_path, "shop", [Window("ours", "write", 10)])  # nothing prepared in tmp_path
