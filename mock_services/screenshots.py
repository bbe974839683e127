"""Pictures of each service's web UI (``invoke screenshots``): its start page, its first list
page and its first record page, as its first seeded user sees them on the default seed, taken
in Debian's headless Chromium at 1280x800."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from mock_services.browser import browser_page, log_in
from mock_services.core.base.settings import Settings
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.core.serve.seeding import seed_service
from mock_services.core.spec.service import ServiceSpec
from mock_services.ui_coverage import page_addresses


class UnknownShowcase(ValueError):
    """A service's ``showcase`` names a page its first seeded user does not reach."""


def main_pages(addresses: list[str], showcase: tuple[str, str] | None = None) -> dict[str, str]:
    """The start page, a list page and a record page among ``addresses``, by the name their
    picture is saved under: the ``showcase`` pair (list, record) where the service names one,
    else the first list page and the first record page (an address with an id or a code)."""
    paths = sorted({a for a in addresses if "?" not in a})
    if showcase is not None:
        if missing := [a for a in showcase if a not in paths]:
            raise UnknownShowcase(
                f"showcase names {', '.join(missing)}, which the crawl does not reach; "
                f"its pages are {', '.join(paths)}"
            )
        return {"start": "/", "list": showcase[0], "record": showcase[1]}
    record = next((a for a in paths if re.search(r"/[A-Za-z]*-?\d+(/|$)", a)), None)
    listing = next((a for a in paths if a != "/" and a != record), None)
    chosen = {"start": "/", "list": listing, "record": record}
    return {name: address for name, address in chosen.items() if address is not None}


def take(spec: ServiceSpec, out_dir: Path) -> list[Path]:
    """``spec``'s main pages as PNG files in ``out_dir`` (``start.png``, ``list.png``,
    ``record.png``)."""
    user = spec.default_seed()["users"][0]
    out_dir.mkdir(parents=True, exist_ok=True)
    saved = []
    with tempfile.TemporaryDirectory(prefix="screenshots-") as work:
        pages = main_pages(page_addresses(spec, Path(work) / "crawl"), spec.showcase)
        data_dir = Path(work) / "served"
        seed_service(spec, spec.default_seed(), Settings(data_dir=data_dir))
        with (
            ServiceProcess(spec.name, free_port(), data_dir, workers=1) as served,
            browser_page() as page,
        ):
            log_in(page, served.url, user["username"], user["password"])
            for name, address in pages.items():
                page.goto(served.url + address)
                saved.append(out_dir / f"{name}.png")
                page.screenshot(path=str(saved[-1]))
    return saved


def default_folder(spec: ServiceSpec) -> Path:
    """Where a shipped service's pictures live, beside its README."""
    return Path(__file__).parent / spec.name / "screenshots"
