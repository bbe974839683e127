"""The caller as the rules see them: ``VIEWER`` in statements built once, a page of rows seen by
the caller, and the request's time. Every action is the logged-in caller's own: no route takes
another user to act as."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BindParameter, Select, bindparam

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.data.paging import Page, Paging, page_of_select
from mock_services.core.spec.api import Ctx


def now(ctx: Ctx) -> datetime:
    return to_naive_utc(ctx.now)


VIEWER: BindParameter[int] = bindparam("viewer")
"""Whose eyes a statement looks through: statements are built once, with the caller bound
as ``viewer`` when they run (building a statement costs as much as running it)."""


def paged(ctx: Ctx, stmt: Select[Any], paging: Paging) -> Page[Any]:
    """One page of ``stmt``'s rows, seen by the caller, and the number of rows in all pages."""
    return page_of_select(ctx.session, stmt, paging, {"viewer": ctx.user_id})
