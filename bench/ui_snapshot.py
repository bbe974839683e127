"""Every web page of a service as each seeded user sees it, saved before a change that should
not change what the pages show and compared after it: a page made cheaper must stay byte for
byte the same.

    python -m bench.ui_snapshot save --service crm [--service chat] [--dir DIR]
    python -m bench.ui_snapshot check --service crm [--dir DIR]

The pages are those the UI crawl reaches on the default seed (``ui_coverage.crawled``, every
seeded user), each opened as every user (status and HTML); ``check`` names the pages that
differ and exits 1 if any does. The crawl's own time is printed too (the test suite's UI
crawls take as long). The pages carry no per-request values (no CSRF token, the task clock
is frozen), so two runs of the same code save the same bytes."""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
import time
from pathlib import Path

from mock_services import ui_coverage as uc
from mock_services.registry import SERVICE_MODULES, get_spec

DEFAULT_DIR = Path(tempfile.gettempdir()) / "ui-snapshot"


def pages(service: str) -> tuple[dict[str, str], float]:
    """Each crawled page as each seeded user opens it (``"user /path"``: status and HTML), and
    how long the crawl took (seconds)."""
    spec = get_spec(service)
    with tempfile.TemporaryDirectory(prefix="ui-snapshot-") as work:
        started = time.perf_counter()
        app, crawl = uc.crawled(spec, Path(work))
        took = time.perf_counter() - started
        addresses = sorted({a for found in crawl.pages.values() for a in found})
        shown: dict[str, str] = {}
        for user in spec.default_seed().get("users", []):
            client = app.test_client()
            client.post("/login", data={"username": user["username"], "password": user["password"]})
            for address in addresses:
                answer = client.get(address)
                shown[f"{user['username']} {address}"] = (
                    f"{answer.status_code}\n{answer.get_data(as_text=True)}"
                )
    return shown, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("save", "check"))
    parser.add_argument("--service", choices=SERVICE_MODULES, action="append", required=True)
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR, help=f"default {DEFAULT_DIR}")
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    differing = 0
    for service in args.service:
        shown, took = pages(service)
        path = args.dir / f"{service}.json.gz"
        if args.action == "save":
            path.write_bytes(gzip.compress(json.dumps(shown).encode()))
            print(f"{service}: {len(shown)} pages saved to {path} (crawled in {took:.1f} s)")
            continue
        before = json.loads(gzip.decompress(path.read_bytes()))
        changed = sorted(k for k in before.keys() | shown.keys() if before.get(k) != shown.get(k))
        differing += len(changed)
        print(f"{service}: {len(shown)} pages, {len(changed)} differ (crawled in {took:.1f} s)")
        for key in changed[:20]:
            print(f"  {key}")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
