"""How people talk on a service (a chat, a mail): which operations carry a message of the
agent's, who each reaches, and the request that answers it. Personas hear through it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mock_services.core.data.audit import Change
from mock_services.core.data.transaction import Transaction


@dataclass(frozen=True)
class WorldCall:
    """A request the world makes: an operation of the service, its path parameters, its body."""

    operation: str
    params: dict[str, int | str]
    body: dict[str, Any] | None


@dataclass(frozen=True)
class Heard:
    """A message of the agent's that reaches someone: their username, what it says, and the
    request (made as them) that answers it with a text."""

    to: str
    text: str
    answer: Callable[[str], WorldCall]


RECIPIENTS = "recipients"
"""The field a world event's ``where`` names for who a message of the agent's went to."""


@dataclass(frozen=True)
class Hearing:
    """The operations that carry a message, and who a request of one of them reached, read
    from the rows it wrote (so the API, an MCP tool and a web form are heard alike).
    ``recipients`` gives every address the message went to, people of the service or not
    (what a world event's ``where: {"recipients": ...}`` reads); None where the service has
    no such address."""

    operations: frozenset[str]
    heard: Callable[[Transaction, list[Change]], list[Heard]]
    recipients: Callable[[list[Change]], list[str]] | None = None
