"""Web UI pages against the JSON they show: issue 30's targets, a page's server time within
1.5x of its JSON's, and a page under 300 KB without images.

Per service, on its default seed, logged in as its first user (the session cookie serves the
API too): every page the user reaches from ``/`` (the ``ui-coverage`` crawl, one address per
page). A page's JSON is the API reads it declares it shows (``page(shows=...)``), at the page's
own path parameters: ``/flights/37`` shows ``get_flight`` and ``get_seat_map``, so its JSON is
``/api/flights/37`` and ``/api/flights/37/seats``, what an API client reads to see the same
things; a list with the query the page uses (a deal's page: ``/api/activities?deal_id=1``).
The ratio is the page's time over those reads' together; ``one_route_ratio`` is against
``/api`` + the page's path alone where that is a JSON route (the first measure, which pairs a
page with a route that carries less of what it shows). Each is timed in the service's WSGI app,
without a server (as ``bench.in_process``), alternating blocks of requests and keeping
per-request medians; a page's weight is its HTML plus the client script every page loads.

    python -m bench.ui_pages [--service shop] [--quick] [--profile /cart]

``--profile PATH`` also prints where one of the service's pages (or any address of it) spends
its time, as ``bench.in_process --profile`` does for an API operation (cProfile, by cumulative
time).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from werkzeug.test import EnvironBuilder

from bench.common import print_table, stage, write_results
from bench.in_process import profile
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import SERVICE_MODULES, get_spec
from mock_services.ui_coverage import page_addresses, shown_addresses

RATIO_TARGET, WEIGHT_TARGET_KB = 1.5, 300
BLOCKS, QUICK_BLOCKS, PER_BLOCK = 10, 3, 20
SCRIPT = "/static/core/app.js"
PROFILE_CALLS = 300


def _per_request(client: Any, path: str, count: int) -> float:
    started = time.perf_counter()
    for _ in range(count):
        answer = client.get(path)
        answer.close()
    return (time.perf_counter() - started) / count


def measure(
    service: str, work: Path, blocks: int, profile_path: str | None = None
) -> dict[str, Any]:
    """The pages of one service: page and JSON medians (ms), their ratio and the page's KB;
    ``profile_path`` also prints where that address's requests spend their time."""
    spec = get_spec(service)
    data_dir = work / service
    seed_service(spec, spec.default_seed(), Settings(data_dir=data_dir))
    app = create_app(spec, Settings(data_dir=data_dir))
    client = app.test_client()
    user = spec.default_seed()["users"][0]
    login = client.post("/login", data={"username": user["username"], "password": user["password"]})
    if profile_path is not None:
        cookie = login.headers["Set-Cookie"].split(";", 1)[0]
        headers = [("Accept", "text/html"), ("Cookie", cookie)]
        client.get(profile_path).close()  # its templates compiled, as they are for the timing
        make = EnvironBuilder(path=profile_path, headers=headers).get_environ
        print(profile(app, make, PROFILE_CALLS))
    script_bytes = len(client.get(SCRIPT).get_data())

    def answers_json(path: str) -> bool:
        answer = client.get(path)
        return answer.status_code == 200 and answer.is_json

    pairs: list[dict[str, Any]] = []
    for address in page_addresses(spec, work / f"{service}-crawl"):
        page = client.get(address, headers={"Accept": "text/html"})
        reads = [r for _op, r in shown_addresses(app, spec, address) if r and answers_json(r)]
        twin = "/api" + address if answers_json("/api" + address) else None
        if page.status_code != 200 or not (reads or twin):
            continue
        paths = [address, *reads, *([twin] if twin and twin not in reads else [])]
        timed: dict[str, list[float]] = {path: [] for path in paths}
        for _ in range(blocks):
            for path, times in timed.items():
                times.append(_per_request(client, path, PER_BLOCK))
        median_ms = {path: statistics.median(times) * 1e3 for path, times in timed.items()}
        page_ms = median_ms[address]
        json_ms = sum(median_ms[r] for r in reads) if reads else median_ms[str(twin)]
        pairs.append(
            {
                "page": address,
                "page_ms": round(page_ms, 3),
                "json": reads or [twin],
                "json_ms": round(json_ms, 3),
                "ratio": round(page_ms / json_ms, 2),
                "one_route_ratio": round(page_ms / median_ms[twin], 2) if twin else None,
                "page_kb": round((len(page.get_data()) + script_bytes) / 1024, 1),
            }
        )
    return {
        "pairs": pairs,
        "worst_ratio": max((p["ratio"] for p in pairs), default=None),
        "median_ratio": statistics.median([p["ratio"] for p in pairs]) if pairs else None,
        "median_one_route_ratio": statistics.median(
            [p["one_route_ratio"] for p in pairs if p["one_route_ratio"]] or [0]
        ),
        "heaviest_kb": max((p["page_kb"] for p in pairs), default=None),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--service", choices=SERVICE_MODULES, action="append")
    parser.add_argument("--quick", action="store_true", help="fewer blocks, for a smoke test")
    parser.add_argument(
        "--profile", metavar="PATH", help="also profile this address of the (one) service"
    )
    args = parser.parse_args()
    if args.profile and len(args.service or ()) != 1:
        parser.error("--profile PATH needs one --service")
    blocks = QUICK_BLOCKS if args.quick else BLOCKS
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-ui-pages-") as work:
        for service in args.service or SERVICE_MODULES:
            with stage(f"{service}: pages against their JSON"):
                results[service] = measure(service, Path(work), blocks, args.profile)
    rows = []
    for service, found in results.items():
        if not found["pairs"]:
            rows.append((service, "no page with a JSON twin", ""))
            continue
        worst = max(found["pairs"], key=lambda p: p["ratio"])
        rows.append(
            (
                f"{service} ({len(found['pairs'])} pages)",
                f"{found['median_ratio']:.2f} / {found['worst_ratio']:.2f}x",
                f"median / worst page÷JSON (target <= {RATIO_TARGET}); worst {worst['page']}; "
                f"heaviest {found['heaviest_kb']} KB (target < {WEIGHT_TARGET_KB})",
            )
        )
    print_table("Web UI pages against their JSON routes (server time, in process)", rows)
    results["targets"] = {"ratio": RATIO_TARGET, "weight_kb": WEIGHT_TARGET_KB}
    print(f"written: {write_results('ui_pages', results, quick=args.quick)}")


if __name__ == "__main__":
    main()
