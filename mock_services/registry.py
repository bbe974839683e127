"""The services this package ships, by name; each is imported only when used."""

from __future__ import annotations

import importlib
from functools import cache

from mock_services.core.service import ServiceSpec

SERVICE_MODULES = {
    "shop": "mock_services.shop.service",
    "airline": "mock_services.airline.service",
    "email": "mock_services.email.service",
    "calendar": "mock_services.calendar.service",
}


class UnknownService(KeyError):
    def __str__(self) -> str:
        return f"unknown service {self.args[0]!r}; expected one of: {', '.join(SERVICE_MODULES)}"


@cache
def get_spec(name: str) -> ServiceSpec:
    """A shipped service by name, or any service given as ``package.module:ATTRIBUTE``."""
    if ":" in name:
        module, attribute = name.split(":", 1)
        return getattr(importlib.import_module(module), attribute)
    if name not in SERVICE_MODULES:
        raise UnknownService(name)
    return importlib.import_module(SERVICE_MODULES[name]).SPEC


def all_specs() -> dict[str, ServiceSpec]:
    return {name: get_spec(name) for name in SERVICE_MODULES}
