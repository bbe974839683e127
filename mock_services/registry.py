"""The services this package ships, by name; each is imported only when used.

The top layer: it knows every service, the services know the core, and the core knows none of
them (``tests/core/test_layering.py``)."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # not imported at run time: ``serve`` resolves a spec only when it must
    from mock_services.core.spec.service import ServiceSpec

SERVICE_MODULES = {
    "shop": "mock_services.shop.service",
    "airline": "mock_services.airline.service",
    "email": "mock_services.email.service",
    "calendar": "mock_services.calendar.service",
    "expense": "mock_services.expense.service",
    "health": "mock_services.health.service",
    "social": "mock_services.social.service",
    "todolist": "mock_services.todolist.service",
    "helpdesk": "mock_services.helpdesk.service",
    "crm": "mock_services.crm.service",
    "finance": "mock_services.finance.service",
    "inventory": "mock_services.inventory.service",
    "kb": "mock_services.kb.service",
    "chat": "mock_services.chat.service",
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


class SpecIndex(Mapping[str, "ServiceSpec"]):
    """The shipped services (and any extra ``module:ATTRIBUTE`` ones) by name, imported lazily."""

    def __init__(self, extra: Iterable[str] = ()) -> None:
        self._refs = dict(SERVICE_MODULES)
        for ref in extra:
            if ref not in SERVICE_MODULES:
                self._refs[get_spec(ref).name] = ref

    def __getitem__(self, name: str) -> ServiceSpec:
        if name not in self._refs:
            raise KeyError(name)
        return get_spec(self._refs[name] if ":" in self._refs[name] else name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._refs)

    def __len__(self) -> int:
        return len(self._refs)
