"""Listings cut into pages: one way to take a page of rows, a query or SQL, and to answer it.

Every listing takes a ``Paging`` (the route's ``PageQuery``, whose bounds are validated there
once, or a fixed ``Window`` in a UI page) and gives back a ``Page``: the rows of that page and
the number of rows in all pages. ``page_answer`` builds the route's answer model from it; a
model that declares ``page`` and ``per_page`` gets them too, so each service keeps its shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from pydantic import BaseModel
from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

T = TypeVar("T")
AnswerT = TypeVar("AnswerT", bound=BaseModel)


class Paging(Protocol):
    """Which page of a listing is asked for (1-based) and how many rows a page holds."""

    @property
    def page(self) -> int: ...

    @property
    def per_page(self) -> int: ...


@dataclass(frozen=True)
class Window:
    """A page fixed in code (a UI page showing the first 50 rows), not asked for by a query."""

    page: int = 1
    per_page: int = 20


class Page(NamedTuple, Generic[T]):
    """The rows of one page and the number of rows in all pages."""

    items: list[T]
    total: int


def page_count(total: int, per_page: int) -> int:
    """How many pages ``total`` rows fill at ``per_page`` a page; one when there are none (an
    empty listing still shows its page)."""
    return max(1, -(-total // per_page))


def page_offset(paging: Paging) -> int:
    """How many rows come before the page: SQL's ``OFFSET``."""
    return (paging.page - 1) * paging.per_page


def page_of(rows: Sequence[T], paging: Paging) -> Page[T]:
    """The page of ``rows`` already read (a listing sorted or filtered in Python)."""
    start = page_offset(paging)
    return Page(list(rows[start : start + paging.per_page]), len(rows))


def page_of_select(
    session: Session, stmt: Select[Any], paging: Paging, params: Mapping[str, Any] | None = None
) -> Page[Any]:
    """The page of what ``stmt`` selects, in its order, and its rows counted in SQL;
    ``params`` binds the statement's parameters (social's ``viewer``)."""
    count = select(func.count()).select_from(stmt.order_by(None).subquery())
    total = session.scalar(count, params) or 0
    window = stmt.limit(paging.per_page).offset(page_offset(paging))
    return Page(list(session.scalars(window, params)), total)


def page_answer(
    model: type[AnswerT], items: list[Any], total: int, paging: Paging, **extra: Any
) -> AnswerT:
    """``model`` answering one page: ``items``, ``total`` and ``extra`` fields, and
    ``page``/``per_page`` when the model declares them."""
    fields: dict[str, Any] = {"items": items, "total": total, **extra}
    if "page" in model.model_fields:
        fields |= {"page": paging.page, "per_page": paging.per_page}
    return model(**fields)
