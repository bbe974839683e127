"""The spaces area (``/api/spaces``): spaces, their settings and who may do what in them."""

from __future__ import annotations

from sqlalchemy import func, select

from mock_services.core.base.access import role_refused
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.kb.access import levels, rank, require
from mock_services.kb.models import Page, Space, SpacePermission, User
from mock_services.kb.schemas import PermissionSet, SpaceCreate, SpaceUpdate


def space_by_key(ctx: Ctx, key: str, field: str | None = None) -> Space:
    """The space ``key`` names (any case); a 404, or a 422 naming the input ``field``."""
    space = ctx.session.scalar(select(Space).where(Space.key == key.strip().upper()))
    if space is not None:
        return space
    message = f"no space {key!r}; list them with GET /api/spaces"
    raise invalid_field(field, message) if field else NotFound(message)


def user_named(ctx: Ctx, username: str, field: str | None = None) -> User:
    """The user ``username``; a 404, or a 422 naming the input ``field``."""
    user = ctx.session.scalar(select(User).where(User.username == username.strip().lower()))
    if user is not None:
        return user
    message = f"no user {username!r}; list them with GET /api/users"
    raise invalid_field(field, message) if field else NotFound(message)


def space_key(ctx: Ctx, space_id: int) -> str:
    space = ctx.session.get(Space, space_id)
    assert space is not None  # a foreign key
    return space.key


def all_users(ctx: Ctx) -> list[User]:
    """Everyone who can log in, by username."""
    return list(ctx.session.scalars(select(User).order_by(User.username)))


def viewable_spaces(ctx: Ctx) -> list[tuple[Space, str, int]]:
    """The spaces the caller can view, by key, with their level and published pages."""
    mine = levels(ctx)
    counts = dict(
        ctx.session.execute(
            select(Page.space_id, func.count())
            .where(Page.status == "published")
            .group_by(Page.space_id)
        ).all()
    )
    spaces = ctx.session.scalars(select(Space).order_by(Space.key))
    return [(s, mine[s.id], counts.get(s.id, 0)) for s in spaces if rank(mine[s.id]) >= 1]


def open_space(ctx: Ctx, key: str) -> tuple[Space, str]:
    """The space ``key`` and the caller's level there, which lets them view it."""
    space = space_by_key(ctx, key)
    return space, require(ctx, space.id, "view", f"see space {space.key}")


def permissions(ctx: Ctx, space: Space) -> list[tuple[User, str]]:
    """The grants of ``space``, by username."""
    return [
        (user, level)
        for user, level in ctx.session.execute(
            select(User, SpacePermission.level)
            .join(SpacePermission, SpacePermission.user_id == User.id)
            .where(SpacePermission.space_id == space.id)
            .order_by(User.username)
        )
    ]


def create_space(ctx: Ctx, body: SpaceCreate) -> Space:
    """A new space, its creator its admin; guests cannot make one."""
    if ctx.user.role == "guest":
        raise role_refused("create spaces", "members or admins", "a guest")
    taken = ctx.session.scalar(select(Space).where(Space.key == body.key))
    if taken is not None:
        raise Conflict(f"key: space {taken.key} ({taken.name}) already has that key")
    space = Space(
        key=body.key,
        name=body.name,
        description=body.description,
        default_access=body.default_access,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(space)
    ctx.session.flush()
    ctx.session.add(SpacePermission(space_id=space.id, user_id=ctx.user_id, level="admin"))
    ctx.session.flush()
    return space


def update_space(ctx: Ctx, key: str, body: SpaceUpdate) -> Space:
    space = space_by_key(ctx, key)
    require(ctx, space.id, "admin", f"change space {space.key}'s settings")
    for field, value in body.model_dump(exclude_unset=True).items():
        if value is not None:
            setattr(space, field, value)
    return space


def set_permission(ctx: Ctx, key: str, username: str, body: PermissionSet) -> Space:
    """Grant ``username`` a level in the space (replacing their grant)."""
    space = space_by_key(ctx, key)
    require(ctx, space.id, "admin", f"change space {space.key}'s permissions")
    user = user_named(ctx, username)
    grant = _grant(ctx, space, user)
    if grant is None:
        ctx.session.add(SpacePermission(space_id=space.id, user_id=user.id, level=body.level))
    else:
        if grant.level == "admin" and body.level != "admin":
            _keep_an_admin(ctx, space, user)
        grant.level = body.level
    ctx.session.flush()
    return space


def remove_permission(ctx: Ctx, key: str, username: str) -> Space:
    """Take ``username``'s grant away: they keep the space's default access, if any."""
    space = space_by_key(ctx, key)
    require(ctx, space.id, "admin", f"change space {space.key}'s permissions")
    user = user_named(ctx, username)
    grant = _grant(ctx, space, user)
    if grant is None:
        raise NotFound(
            f"{user.username} has no grant in space {space.key}; see GET /api/spaces/{space.key}"
        )
    if grant.level == "admin":
        _keep_an_admin(ctx, space, user)
    ctx.session.delete(grant)
    ctx.session.flush()
    return space


def _grant(ctx: Ctx, space: Space, user: User) -> SpacePermission | None:
    return ctx.session.scalar(
        select(SpacePermission).where(
            SpacePermission.space_id == space.id, SpacePermission.user_id == user.id
        )
    )


def _keep_an_admin(ctx: Ctx, space: Space, leaving: User) -> None:
    others = ctx.session.scalar(
        select(func.count()).where(
            SpacePermission.space_id == space.id,
            SpacePermission.level == "admin",
            SpacePermission.user_id != leaving.id,
        )
    )
    if not others:
        raise Conflict(
            f"{leaving.username} is space {space.key}'s last admin; make someone else its "
            "admin first"
        )
