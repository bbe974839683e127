"""Response and request models shared by every service (health, login, pages, admin)."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

EmailAddress = Annotated[
    str,
    Field(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$", max_length=254, examples=["alice@example.com"]),
]
"""An email address; local test domains such as ``example.test`` are allowed."""


Line = TypeVar("Line")


def _some_lines(value: object) -> object:
    if isinstance(value, list) and not value:
        raise ValueError("add at least one line")
    return value


Lines = Annotated[list[Line], BeforeValidator(_some_lines)]
"""The lines of an order or an invoice (give the field its ``min_length=1``): none is refused
in the words of its form, "add at least one line", not in pydantic's about a list's length."""


def _drop_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


def omittable(**constraints: Any) -> Any:
    """A field that may be left out but not sent as null (its documented type stays non-null)."""
    return Field(None, json_schema_extra=_drop_default, **constraints)


class ApiModel(BaseModel):
    """Base of every request body: unknown fields are rejected with a clear message."""

    model_config = ConfigDict(extra="forbid")


class OutModel(BaseModel):
    """Base of every answer: built straight from ORM rows."""

    model_config = ConfigDict(from_attributes=True)


class Health(OutModel):
    status: str
    service: str
    seed_hash: str = Field(
        description="SHA-256 fingerprint of the seeded data and clock: equal for DBs seeded alike"
    )
    now: str


class LoginRequest(ApiModel):
    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=200)


class UserPublic(OutModel):
    id: int
    username: str
    display_name: str
    email: str


class LoginResponse(OutModel):
    token: str
    token_type: str = "bearer"
    user: UserPublic


class PageQuery(ApiModel):
    page: int = Field(1, ge=1, le=100_000)
    per_page: int = Field(20, ge=1, le=100)


class AuditChangeOut(OutModel):
    table: str
    row_id: str
    action: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None


class UndeliveredOut(OutModel):
    id: int
    request_id: int | None
    email_url: str
    recipients: list[str]
    subject: str
    reason: str


class AuditEntry(OutModel):
    id: int
    at: str
    method: str
    path: str
    operation: str | None = Field(
        None,
        description="the service-level action, named as the API operation (its operationId "
        "and MCP tool), whatever the channel: API route, MCP tool or web form",
    )
    params: dict[str, Any] = Field(
        default_factory=dict, description="the route's path parameters (what it acted on)"
    )
    username: str | None
    status: int | None
    body: Any = None
    via: str = Field(
        "http",
        description="'http' (an API route), 'mcp' (a tool), 'ui' (a form) or 'world' (a seed's "
        "world event: not the agent)",
    )
    fault: str | None = Field(
        None, description="the seed's fault rule that fired on the request ('faults[0]'), if any"
    )
    event: str | None = Field(
        None, description="the seed's world event this entry performed (via 'world'), if any"
    )
    logged_ns: int | None = Field(
        None,
        description="the host's real time when the request was logged, in nanoseconds since "
        "the epoch: it orders requests to different services (each counts its ids and keeps "
        "its task clock alone)",
    )
    received_ns: int | None = Field(
        None,
        description="the host's real time when the service received the request (ns since "
        "the epoch): a request sent before another was answered could not act on its answer",
    )
    changes: list[AuditChangeOut]


AUDIT_PAGE_SIZE = 100
AUDIT_PAGE_MAX = 1000


class AuditQuery(ApiModel):
    since: int = Field(0, ge=0, le=2**63 - 1, description="only requests with a larger id")
    limit: int = Field(
        AUDIT_PAGE_SIZE,
        ge=1,
        le=AUDIT_PAGE_MAX,
        description="page size; a 'Link: <...>; rel=\"next\"' header points at the next page",
    )


class SnapshotRequest(ApiModel):
    name: str = Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")


class SnapshotOut(OutModel):
    path: str
    bytes: int


class WorldEventOut(OutModel):
    id: str
    operation: str
    fired: int = Field(description="occurrences performed so far")
    times: int = Field(description="occurrences the seed asks for")


class WorldOut(OutModel):
    """A service's world: its clock, the agent phase and its events so far."""

    service: str
    clock: str = Field(description="'frozen' or 'running'")
    agent_phase: str = Field(
        description="'before', 'armed' (it starts at the agent's first request), 'running' or "
        "'ended'"
    )
    now: str = Field(description="the world clock now")
    events: list[WorldEventOut]


class ResetOut(OutModel):
    service: str
    reset: bool
