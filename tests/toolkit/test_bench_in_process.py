"""``bench.in_process``: the benchmark's requests answered by both WSGI apps in process, each
answer checked, the medians and their ratio reported per operation."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.in_process import answer, bench_in_process, request_maker
from bench.wrk import WrkLoad
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec


@pytest.mark.process  # runs a subprocess
@pytest.mark.slow
def test_every_operation_gets_both_medians_and_their_ratio(tmp_path: Path) -> None:
    results = bench_in_process(tmp_path, blocks=1, services=["shop"])
    assert set(results["shop"]) == {"get_by_id", "filtered_listing", "write"}
    for figures in results["shop"].values():
        assert figures["ours"] > 0 and figures["bare"] > 0
        assert figures["bare_over_ours"] == round(figures["bare"] / figures["ours"], 2)


def test_an_answer_other_than_2xx_stops_the_run_naming_the_request(tmp_path: Path) -> None:
    spec = get_spec("health")
    seed_service(spec, spec.default_seed(), Settings(data_dir=tmp_path))
    app = create_app(spec, Settings(data_dir=tmp_path))
    make = request_maker(WrkLoad(path="/api/foods/%s", values=["999999"]))
    with pytest.raises(RuntimeError, match=r"/api/foods/999999: 40[14]"):
        answer(app, make())
