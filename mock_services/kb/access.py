"""Who may do what in a space. A user's level in a space is the highest of the space's default
access (members only; guests have none), their grant there, and ``admin`` for site admins:
``view`` reads and comments, ``edit`` writes pages and resolves comments, ``admin`` changes the
space's settings and grants and deletes pages. A draft is seen by its author and the space's
admins only."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement, Row, and_, bindparam, false, or_, select
from sqlalchemy.orm import Session

from mock_services.core.base.access import not_yours, role_refused
from mock_services.core.base.errors import NotFound
from mock_services.core.spec.api import Ctx
from mock_services.kb.models import Page, Space, SpacePermission, User

LEVELS = ("none", "view", "edit", "admin")
_AS_ROLE = {"none": "without access", "view": "a viewer", "edit": "an editor", "admin": "an admin"}
_NEEDED = {"view": "users with view access", "edit": "editors or admins", "admin": "space admins"}


def rank(level: str) -> int:
    return LEVELS.index(level)


# Statements read on every request, built once (building one costs more than running it).
_SPACES = select(Space.id, Space.key, Space.default_access)
_GRANTS = select(SpacePermission.space_id, SpacePermission.level).where(
    SpacePermission.user_id == bindparam("user_id")
)


def levels(ctx: Ctx) -> dict[int, str]:
    """The caller's level in every space, by space id (read once per request until it
    writes)."""
    return ctx.once("kb.levels", lambda: levels_of(ctx.session, ctx.user, spaces(ctx)))


def spaces(ctx: Ctx) -> Sequence[Row[int, str, str]]:
    """Every space's id, key and default access (read once per request until it writes)."""
    return ctx.once("kb.spaces", lambda: space_rows(ctx.session))


def space_rows(session: Session) -> Sequence[Row[int, str, str]]:
    """Every space's id, key and default access."""
    return session.execute(_SPACES).all()


def levels_of(
    session: Session, user: User, spaces: Sequence[Row[int, str, str]] | None = None
) -> dict[int, str]:
    """``user``'s level in every space, by space id (``spaces``: ``space_rows``, when already
    read)."""
    spaces = space_rows(session) if spaces is None else spaces
    if user.role == "admin":
        return {space_id: "admin" for space_id, _, _ in spaces}
    granted = dict(session.execute(_GRANTS, {"user_id": user.id}).all())
    found: dict[int, str] = {}
    for space_id, _, default in spaces:
        base = "none" if user.role == "guest" else default
        found[space_id] = max(base, granted.get(space_id, "none"), key=rank)
    return found


def level_in(ctx: Ctx, space: Space) -> str:
    return levels(ctx)[space.id]


def space_admins(ctx: Ctx, space: Space) -> list[User]:
    """The users granted ``admin`` in ``space``, by username (site admins not listed)."""
    return list(
        ctx.session.scalars(
            select(User)
            .join(SpacePermission, SpacePermission.user_id == User.id)
            .where(SpacePermission.space_id == space.id, SpacePermission.level == "admin")
            .order_by(User.username)
        )
    )


def require(ctx: Ctx, space: Space, needed: str, action: str) -> str:
    """The caller's level in ``space`` when it is at least ``needed``; else a 403 in the kit's
    wording, saying whom to ask (``action``: "edit pages in space ENG")."""
    level = level_in(ctx, space)
    if rank(level) >= rank(needed):
        return level
    admins = ", ".join(u.username for u in space_admins(ctx, space)) or "a site admin"
    more = "" if needed == "view" else f" {needed}"
    hint = f"ask a space admin ({admins}) for{more} access"
    if needed == "edit" and level == "view":
        hint += ", or comment instead"
    raise role_refused(action, _NEEDED[needed], _AS_ROLE[level], hint)


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


def may_see_draft(user_id: int, page: Page, level: str) -> bool:
    """Whether the user ``user_id``, at ``level`` in the page's space, sees ``page`` if it is a
    draft: its author and the space's admins."""
    return page.status != "draft" or page.author_id == user_id or level == "admin"


_PAGE_AND_SPACE = (
    select(Page, Space)
    .join(Space, Space.id == Page.space_id)
    .where(Page.id == bindparam("page_id"))
)


def open_page(
    ctx: Ctx, page_id: int, needed: str = "view", doing: str = "edit pages"
) -> tuple[Page, str]:
    """Page ``page_id`` and the caller's level in its space: a 404 when there is none, a 403
    when its space is closed to them, it is another's draft, or the caller's level is below
    ``needed`` for ``doing`` ("edit pages", said of its space)."""
    found = ctx.session.execute(_PAGE_AND_SPACE, {"page_id": page_id}).first()
    if found is None:
        raise NotFound(
            f"no page {page_id}; find pages with GET /api/search?q=... or GET /api/pages"
        )
    page, space = found
    level = require(ctx, space, "view", f"read pages in space {space.key}")
    if not may_see_draft(ctx.user_id, page, level):
        raise not_yours("draft", page_id, "only its author sees it until it is published")
    if needed != "view":
        level = require(ctx, space, needed, f"{doing} in space {space.key}")
    return page, level
