"""The real task images the Docker tests build are tagged for the test run (``pytest``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import image_namespace_for_tests


@pytest.fixture(scope="package", autouse=True)
def image_namespace() -> Iterator[str]:
    """A test run never replaces a maintainer's ``latest`` task images."""
    with image_namespace_for_tests() as namespace:
        yield namespace
