"""``invoke screenshots``: each service's start, list and record pages as PNG pictures taken in
headless Chromium, as its first seeded user sees them."""

from __future__ import annotations

import struct
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from mock_services.registry import SERVICE_MODULES, get_spec
from mock_services.screenshots import UnknownShowcase, main_pages
from tests.services.crawled import Crawled


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_main_pages_are_the_start_a_list_and_a_record() -> None:
    crawled = ["/", "/lists/2", "/notes", "/notes/4", "/tasks/7?x=1", "/profile"]
    assert main_pages(crawled) == {"start": "/", "list": "/notes", "record": "/lists/2"}
    assert main_pages(["/", "/orders/ORD-100001", "/cart"]) == {
        "start": "/",
        "list": "/cart",
        "record": "/orders/ORD-100001",
    }
    assert main_pages(["/"]) == {"start": "/"}


def test_a_showcase_picks_the_pages_and_must_be_reached() -> None:
    crawled = ["/", "/account", "/account/addresses/1", "/orders", "/products/12"]
    assert main_pages(crawled, ("/orders", "/products/12")) == {
        "start": "/",
        "list": "/orders",
        "record": "/products/12",
    }
    with pytest.raises(UnknownShowcase, match=r"names /products/99, which the crawl does not"):
        main_pages(crawled, ("/orders", "/products/99"))


@pytest.mark.parametrize("service", sorted(SERVICE_MODULES))
def test_every_service_shows_its_model_sites_main_pages(
    service: str, first_crawl_of: Callable[[str], Crawled]
) -> None:
    """A service's pictures show a list and a record its first user reaches: the pages its
    ``showcase`` names (a store's orders and a product, a help desk's view and a ticket), else
    the first of each the crawl finds."""
    spec = get_spec(service)
    _app, crawl = first_crawl_of(service)
    pages = main_pages(crawl.addresses(), spec.showcase)  # refuses a page the crawl lacks
    if spec.showcase is not None:
        assert (pages["list"], pages["record"]) == spec.showcase, pages
    assert pages["start"] == "/" and set(pages) <= {"start", "list", "record"}, pages


@pytest.mark.browser
@pytest.mark.process
def test_the_command_writes_each_page_as_a_picture(tmp_path: Path) -> None:
    """Run as a maintainer runs it (its own process: Playwright's sync API takes the thread)."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mock_services.cli",
            "screenshots",
            "todolist",
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    written = sorted(Path(line) for line in done.stdout.split())
    assert [p.name for p in written] == ["list.png", "record.png", "start.png"]
    assert {p.parent for p in written} == {tmp_path / "todolist"}
    assert {png_size(p) for p in written} == {(1280, 800)}
    assert min(p.stat().st_size for p in written) > 20_000  # a page, not a blank window
