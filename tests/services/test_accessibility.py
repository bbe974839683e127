"""Every web UI page passes axe-core (the npm package, run in Chromium) with no serious or
critical violation: one address of each page its first seeded user reaches from ``/`` on the
default seed (the pages ``ui-coverage`` crawls), logged in through the login form. The suite
checks six pages per service spread over them; ``invoke test --sweep`` every page."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mock_services.registry import SERVICE_MODULES, get_spec
from tests.conftest import sweeping
from tests.helpers import ApiClient, log_in
from tests.services.crawled import Crawled

AXE_CORE = "axe-core@4.10.2"
NODE_DIR = Path(__file__).parents[1] / ".node"
"""Where npm installs axe-core on first use (git-ignored)."""
SERIOUS = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => `${v.id} (${v.impact}): ${v.help}; e.g. ${v.nodes[0].html.slice(0, 160)}`)"""


@pytest.fixture(scope="session")
def axe_script() -> str:
    script = NODE_DIR / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("the accessibility test needs npm to install axe-core: apt-get install npm")
        done = subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", "--prefix", str(NODE_DIR), AXE_CORE],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, f"npm install {AXE_CORE} failed:\n{done.stderr[-2000:]}"
    return script.read_text()


PAGE_SAMPLE = 6
"""Pages per service the suite checks, spread over the sorted addresses (``--sweep``: all)."""


def _spread(items: list[str], count: int) -> list[str]:
    """``count`` of ``items`` evenly spread from the first to the last (all when fewer)."""
    if len(items) <= count:
        return items
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_every_page_has_no_serious_accessibility_violation(
    request: pytest.FixtureRequest,
    service: str,
    first_crawl_of: Callable[[str], Crawled],
    live_service: Callable[..., ApiClient],
    page: Any,
    axe_script: str,
) -> None:
    spec = get_spec(service)
    user = spec.default_seed()["users"][0]
    addresses = first_crawl_of(service)[1].addresses()
    base = live_service(service).base_url
    log_in(page, base, user["username"], user["password"])
    problems = []
    for address in addresses if sweeping(request.config) else _spread(addresses, PAGE_SAMPLE):
        page.goto(base + address)
        page.add_script_tag(content=axe_script)
        problems += [f"{address}: {found}" for found in page.evaluate(SERIOUS)]
    assert len(addresses) >= 5, f"the crawl reached only {addresses}"
    assert problems == [], f"{service}: axe-core's serious or critical violations:\n" + "\n".join(
        problems
    )
