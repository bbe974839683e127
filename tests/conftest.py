"""Fixtures shared by every test area: seeded data directories and live service processes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.process import ServiceProcess, free_port
from mock_services.core.seeding import seed_service
from mock_services.core.settings import Settings
from mock_services.registry import get_spec
from tests.helpers import ApiClient


def seed_dir(
    data_dir: Path, service: str, document: dict[str, Any] | None = None, **clock: Any
) -> Settings:
    """Seed ``service`` into ``data_dir`` from ``document`` (its default seed when None)."""
    spec = get_spec(service)
    settings = Settings(data_dir=data_dir)
    seed_service(spec, spec.default_seed() if document is None else document, settings, **clock)
    return settings


@pytest.fixture
def live_service(tmp_path: Path) -> Iterator[Callable[..., ApiClient]]:
    """Start a real server for a service: ``live_service("shop", seed=None, workers=1)``.

    Several services started in one test share one data directory, as in a task container.
    """
    started: list[ServiceProcess] = []
    data_dir = tmp_path / "mock-data"

    def start(
        service: str,
        seed: dict[str, Any] | None = None,
        *,
        workers: int = 1,
        threads: int = 4,
        **clock: Any,
    ) -> ApiClient:
        seed_dir(data_dir, service, seed, **clock)
        process = ServiceProcess(service, free_port(), data_dir, workers=workers, threads=threads)
        started.append(process)
        process.start()
        return ApiClient(process.url, process.admin_token)

    yield start
    for process in started:
        process.stop()


CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright (tests using it are marked ``browser``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_FLAGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser page (own cookies) per test."""
    context = browser.new_context()
    yield context.new_page()
    context.close()
