"""Debian's headless Chromium driven by Playwright, launched one way for everything that opens
the web UIs in a browser: the screenshots, the browser tests and the tasks' UI solutions
(``solution/ui.py``, run by ``invoke oracle --ui``).

A UI solution acts as a person at the browser does: it opens pages, reads what they show,
fills and submits their forms. It logs in through each service's login form
(:func:`log_in`); it never calls an API or crafts a cookie.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Playwright is imported when a browser starts (a dev dependency)
    from playwright.sync_api import Browser, Page

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--disable-dev-shm-usage",  # a container's /dev/shm is 64 MB
]
VIEWPORT = {"width": 1280, "height": 800}


class BrowserUnavailable(RuntimeError):
    """What driving a browser needs and this machine lacks (the message says how to get it)."""


def _sync_playwright() -> Any:
    if not Path(CHROMIUM).exists():
        raise BrowserUnavailable(
            f"no Chromium at {CHROMIUM}: apt-get install chromium (Debian's package)"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        raise BrowserUnavailable("no Playwright: pip install -e '.[dev]'") from exc
    return sync_playwright()


@contextmanager
def chromium() -> Iterator[Browser]:
    """A headless Chromium, closed on exit; ``BrowserUnavailable`` when it cannot start."""
    with _sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def browser_page() -> Iterator[Page]:
    """One page of a fresh browser profile (no cookies), its clock in this host's time zone."""
    with chromium() as browser:
        yield page_in(browser, None)


def log_in(page: Page, base_url: str, username: str, password: str) -> None:
    """Log in to the service at ``base_url`` through its login form, as a person does; raises
    ``RuntimeError`` naming the user when the service refuses."""
    page.goto(f"{base_url.rstrip('/')}/login")
    page.fill("#username", username)
    page.fill("#password", password)
    with page.expect_navigation():  # the form's answer, not the login page it leaves
        page.click("#login")
    if "/login" in page.url:
        raise RuntimeError(f"{base_url}: the login form refused {username!r}")


def local_url(port: int, path: str = "") -> str:
    """The address of ``path`` on the service at ``port`` of this host (a trial's services)."""
    return f"http://127.0.0.1:{port}{path}"


def page_in(browser: Browser, time_zone: str | None = "UTC") -> Page:
    """A page of a fresh profile (no cookies) at the screenshots' window size, whose clock is in
    ``time_zone`` (the user's; None: this host's), waiting up to 30 s for what it looks for."""
    context = browser.new_context(viewport=VIEWPORT, timezone_id=time_zone)  # type: ignore[arg-type]
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def main_text(page: Page) -> str:
    """The words of the page's ``main`` region, as a reader sees them."""
    return page.locator("main").inner_text()


def outage_wait(page: Page) -> int | None:
    """The seconds an outage or busy answer (a 503, a 429) asks to wait before trying again ("in
    2 seconds", "after 1 second"; 2 when it says "later"): an error page, or a form's page shown
    again with the outage above the form (what was typed kept); None when the page is no such
    answer."""
    refused = page.locator("#form-errors")
    if refused.count():
        said = refused.inner_text()
        if not re.search(r"try again|retry", said):
            return None  # refused for what was typed, not by an outage
    else:
        error = page.locator("#service-error")
        if not error.count():
            return None
        said = error.inner_text()
        if not re.search(r"try again|retry", said):
            raise RuntimeError(f"an error page that is no outage: {said}")
    asked = re.search(r"(?:in|after) (\d+) seconds?", said)
    return int(asked[1]) if asked else 2


AGAIN = re.compile(r"^Load (?:this|the start) page again$")
"""The error page's link that loads the failed page again."""


def past_outages(page: Page, tries: int = 10) -> None:
    """While the page shown is an outage or busy page for a page read (a seed's fault on the
    read it shows), wait as it asks and load the page again by its own link, as a person
    would."""
    for _ in range(tries):
        wait = outage_wait(page)
        if wait is None:
            return
        print("the page is unavailable; loading it again in", wait, "s")
        time.sleep(wait)
        # "Load this page again", or on the start page "Load the start page again"
        page.get_by_role("link", name=AGAIN).click()
        page.wait_for_load_state()
    raise AssertionError(f"the page stayed unavailable after {tries} tries: {page.url}")
