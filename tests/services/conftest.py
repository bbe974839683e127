"""What every crawl of the services' pages shares: one crawl per service and test run for the
checks that only read pages, and one visit that sends every form for those that read notices."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mock_services import ui_coverage as uc
from mock_services.registry import get_spec
from tests.services.crawled import Crawled, Visit, once_per_service, visit


@pytest.fixture(scope="session")
def first_crawl_of(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Crawled]:
    """A service's app on its default seed, crawled as its first seeded user (the pages a person
    reaches from ``/``), once per test run: the checks that only read its pages share it (the
    pager, the reads each page shows, the filters, accessibility), so none of them may write."""
    return once_per_service(
        lambda service, data_dir: uc.crawled(get_spec(service), data_dir, users=1),
        tmp_path_factory,
    )


@pytest.fixture(scope="session")
def visit_of(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Visit]:
    """What a service's first seeded user sees (``crawled.visit``): its pages and the notices
    its forms leave, crawled once per test run (the code-words and notice crawls share it)."""
    return once_per_service(
        lambda service, data_dir: visit(service, data_dir, send_forms=True), tmp_path_factory
    )
