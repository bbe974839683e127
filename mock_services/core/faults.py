"""Declarative fault injection for robustness tasks, off unless a seed asks for it.

A rule such as ``{"route": "POST /api/orders", "first_n": 2, "status": 503, "retry_after": 1}``
makes the first two matching calls fail. Hit counts live in the service DB, so every worker
sees the same sequence and a reset to seed starts it over.
"""

from __future__ import annotations

import fnmatch
import time
from typing import Literal

from flask import Response
from pydantic import BaseModel, ConfigDict, Field, model_validator
from sqlalchemy import Engine, text

from mock_services.core.errors import error_response

_CODES = {
    429: "rate_limited",
    500: "internal_error",
    502: "bad_gateway",
    503: "service_unavailable",
    504: "gateway_timeout",
}


class FaultRule(BaseModel):
    """Make matching requests fail or slow down, for calls ``skip+1`` to ``skip+first_n``."""

    model_config = ConfigDict(extra="forbid")
    route: str = Field(
        pattern=r"^(GET|POST|PUT|PATCH|DELETE|\*) /\S*$",
        description="'METHOD /path', the path may use * wildcards",
    )
    status: Literal[429, 500, 502, 503, 504] | None = None
    delay_ms: int = Field(0, ge=0, le=30_000)
    first_n: int | None = Field(None, ge=1, description="how many calls; omitted = all of them")
    skip: int = Field(0, ge=0, description="matching calls let through before the fault starts")
    retry_after: int | None = Field(None, ge=0, le=3600)
    message: str | None = None

    @model_validator(mode="after")
    def _does_something(self) -> FaultRule:
        if self.status is None and self.delay_ms == 0:
            raise ValueError("a fault needs a 'status' (429/500/502/503/504) or a 'delay_ms'")
        return self

    def matches(self, method: str, path: str) -> bool:
        want_method, want_path = self.route.split(" ", 1)
        return want_method in ("*", method) and fnmatch.fnmatchcase(path, want_path)

    def fires_on(self, hit: int) -> bool:
        return hit > self.skip and (self.first_n is None or hit <= self.skip + self.first_n)


class FaultInjector:
    """Counts matching requests in the DB and answers the faulty ones."""

    def __init__(self, rules: list[FaultRule], engine: Engine) -> None:
        self.rules = rules
        self._engine = engine

    def _hit(self, index: int) -> int:
        with self._engine.begin() as conn:
            return conn.execute(
                text(
                    "INSERT INTO _fault_counters (rule, hits) VALUES (:rule, 1) "
                    "ON CONFLICT(rule) DO UPDATE SET hits = hits + 1 RETURNING hits"
                ),
                {"rule": index},
            ).scalar_one()

    def check(self, method: str, path: str) -> Response | None:
        for index, rule in enumerate(self.rules):
            if not rule.matches(method, path) or not rule.fires_on(self._hit(index)):
                continue
            if rule.delay_ms:
                time.sleep(rule.delay_ms / 1000)
            if rule.status is None:
                continue
            headers = {"Retry-After": str(rule.retry_after)} if rule.retry_after is not None else {}
            message = rule.message or f"injected fault: {rule.status} on {rule.route}"
            return error_response(rule.status, _CODES[rule.status], message, headers=headers)
        return None
