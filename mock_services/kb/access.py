"""Who may do what in a space. A user's level in a space is the highest of the space's default
access (members only; guests have none), their grant there, and ``admin`` for site admins:
``view`` reads and comments, ``edit`` writes pages and resolves comments, ``admin`` changes the
space's settings and grants and deletes pages. A draft is seen by its author and the space's
admins only."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from flask import has_request_context, request
from sqlalchemy import ColumnElement, and_, bindparam, false, or_, select

from mock_services.core.base.access import not_yours, role_refused
from mock_services.core.base.errors import Forbidden, NotFound
from mock_services.core.base.row_codec import decoded
from mock_services.core.data.audit import is_web_page
from mock_services.core.data.db import table_of
from mock_services.core.spec.api import Ctx
from mock_services.kb.models import Page, Space, SpacePermission, User

LEVELS = ("none", "view", "edit", "admin")
_AS_ROLE = {"none": "without access", "view": "a viewer", "edit": "an editor", "admin": "an admin"}
_NEEDED = {"view": "users with view access", "edit": "editors or admins", "admin": "space admins"}


_RANKS = {level: n for n, level in enumerate(LEVELS)}
rank = _RANKS.__getitem__
"""A level's place in ``LEVELS``: a higher level includes every lower one."""


def level_of(role: str, default_access: str, granted: str | None) -> str:
    """The level in a space of a user of ``role``, given the space's default access and the
    user's grant there (None: no grant)."""
    if role == "admin":
        return "admin"
    base = "none" if role == "guest" else default_access
    return max(base, granted or "none", key=rank)


SPACE_ROWS = (
    "SELECT s.id, s.key, s.default_access, g.level AS granted, "
    "(SELECT role FROM users WHERE id = ?1) AS role FROM spaces s "
    "LEFT JOIN space_permissions g ON g.space_id = s.id AND g.user_id = ?1 ORDER BY s.id"
)
"""Every space with the grant there and the role of user ?1 (NULL for nobody): one plain
read serves the space keys of every answer and the caller's levels."""


def spaces(ctx: Ctx) -> list[sqlite3.Row]:
    """Every space's id, key and default access, with the caller's grant there and role
    (``SPACE_ROWS``; read once per request until it writes)."""
    caller = ctx.caller.id if ctx.caller is not None else None
    return ctx.once("kb.spaces", lambda: ctx.db.all(SPACE_ROWS, (caller,)))


def levels(ctx: Ctx) -> dict[int, str]:
    """The caller's level in every space, by space id (read once per request until it
    writes)."""
    return ctx.once("kb.levels", lambda: _levels(spaces(ctx)))


def levels_of(ctx: Ctx, user_id: int) -> dict[int, str]:
    """The level of user ``user_id`` in every space, by space id."""
    return _levels(ctx.db.all(SPACE_ROWS, (user_id,)))


def _levels(rows: list[sqlite3.Row]) -> dict[int, str]:
    return {row["id"]: level_of(row["role"], row["default_access"], row["granted"]) for row in rows}


def space_admins(ctx: Ctx, space_id: int) -> list[User]:
    """The users granted ``admin`` in space ``space_id``, by username (site admins not
    listed)."""
    return list(
        ctx.session.scalars(
            select(User)
            .join(SpacePermission, SpacePermission.user_id == User.id)
            .where(SpacePermission.space_id == space_id, SpacePermission.level == "admin")
            .order_by(User.username)
        )
    )


def require(ctx: Ctx, space_id: int, needed: str, action: str) -> str:
    """The caller's level in space ``space_id`` when it is at least ``needed``; else a 403 in
    the kit's wording, saying whom to ask (``action``: "edit pages in space ENG")."""
    level = levels(ctx)[space_id]
    if rank(level) < rank(needed):
        raise _refused(ctx, space_id, level, needed, action)
    return level


def _refused(ctx: Ctx, space_id: int, level: str, needed: str, action: str) -> Forbidden:
    """The refusal names whom to ask: by username for an API client (the permission routes
    take one), by display name on a page, as the pages name people ("Carol Diaz")."""
    on_page = has_request_context() and is_web_page(request)
    named = [u.display_name if on_page else u.username for u in space_admins(ctx, space_id)]
    admins = ", ".join(named) or "a site admin"
    more = "" if needed == "view" else f" {needed}"
    hint = f"ask a space admin ({admins}) for{more} access"
    if needed == "edit" and level == "view":
        hint += ", or comment instead"
    return role_refused(action, _NEEDED[needed], _AS_ROLE[level], hint)


def visible_pages(ctx: Ctx, spaces: dict[int, str] | None = None) -> ColumnElement[bool]:
    """Pages the caller may read: in a space they can view, and not someone else's draft
    unless they administer its space."""
    spaces = levels(ctx) if spaces is None else spaces
    viewable = [space_id for space_id, level in spaces.items() if rank(level) >= rank("view")]
    administered = [space_id for space_id, level in spaces.items() if level == "admin"]
    if not viewable:
        return false()
    return and_(
        Page.space_id.in_(viewable),
        or_(
            Page.status != "draft",
            Page.author_id == ctx.user_id,
            Page.space_id.in_(administered),
        ),
    )


class Authored(Protocol):
    """A page as the draft rule reads it (a mapped ``Page``, a ``PageView``)."""

    @property
    def status(self) -> str: ...

    @property
    def author_id(self) -> int: ...


def may_see_draft(user_id: int, page: Authored, level: str) -> bool:
    """Whether the user ``user_id``, at ``level`` in the page's space, sees ``page`` if it is a
    draft: its author and the space's admins."""
    return page.status != "draft" or page.author_id == user_id or level == "admin"


@dataclass(slots=True)
class PageView:
    """A page read as a plain row (``read_page``), with the attributes of the mapped ``Page``
    and the same Python values, so that the presenters serve both."""

    id: int
    space_id: int
    parent_id: int | None
    title: str
    body: str
    labels: list[str]
    status: str
    version: int
    author_id: int
    created_at: datetime
    updated_at: datetime
    updated_by_id: int


_PAGES = table_of(Page)
_PAGE_ROW = "SELECT * FROM pages WHERE id = ?"
_PAGE_AND_SPACE = (
    select(Page, Space)
    .join(Space, Space.id == Page.space_id)
    .where(Page.id == bindparam("page_id"))
)


def read_page(ctx: Ctx, page_id: int) -> PageView:
    """Page ``page_id`` for reading it, as ``open_page`` lets the caller (one plain row)."""
    row = ctx.db.one(_PAGE_ROW, (page_id,))
    if row is None:
        raise _no_page(page_id)
    page = PageView(**decoded(_PAGES, row))
    _readable(ctx, page)
    return page


def open_page(
    ctx: Ctx, page_id: int, needed: str = "view", doing: str = "edit pages"
) -> tuple[Page, str]:
    """Page ``page_id`` and the caller's level in its space: a 404 when there is none, a 403
    when its space is closed to them, it is another's draft, or the caller's level is below
    ``needed`` for ``doing`` ("edit pages", said of its space)."""
    found = ctx.session.execute(_PAGE_AND_SPACE, {"page_id": page_id}).first()
    if found is None:
        raise _no_page(page_id)
    page, space = found
    level = _readable(ctx, page)
    if needed != "view":
        level = require(ctx, space.id, needed, f"{doing} in space {space.key}")
    return page, level


def _readable(ctx: Ctx, page: Page | PageView) -> str:
    """The caller's level in the space of ``page``, which lets them read it; a 403
    otherwise."""
    level = levels(ctx)[page.space_id]
    if rank(level) < rank("view"):
        key = next(row["key"] for row in spaces(ctx) if row["id"] == page.space_id)
        raise _refused(ctx, page.space_id, level, "view", f"read pages in space {key}")
    if not may_see_draft(ctx.user_id, page, level):
        raise not_yours("draft", page.id, "only its author sees it until it is published")
    return level


def _no_page(page_id: int) -> NotFound:
    return NotFound(f"no page {page_id}; find pages with GET /api/search?q=... or GET /api/pages")
