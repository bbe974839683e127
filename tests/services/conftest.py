"""What every crawl of the services' pages shares: one visit per service and test run."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.services.crawled import Visit, visit


@pytest.fixture(scope="session")
def visit_of(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Visit]:
    """What a service's first seeded user sees (``crawled.visit``): its pages and the notices
    its forms leave, crawled once per test run (the code-words and notice crawls share it)."""
    made: dict[str, Visit] = {}

    def seen(service: str) -> Visit:
        if service not in made:
            made[service] = visit(service, tmp_path_factory.mktemp(service), send_forms=True)
        return made[service]

    return seen
