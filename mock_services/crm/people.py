"""Owners (the users, reps and managers) and territories (``/api/owners``,
``/api/territories``), and the check every write makes: the record's owner or a manager."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Row, func, select
from sqlalchemy.orm import Session

from mock_services.core.base.errors import Forbidden, invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.core.web.ui import people_names
from mock_services.crm.models import Account, Territory, User


def owners(session: Session) -> list[User]:
    return list(session.scalars(select(User).order_by(User.username)))


def owner_names(session: Session) -> list[Row[tuple[str, str]]]:
    """Every user's username and display name, by username: what a page's owner choices and
    names need (``owners`` without the rest of each row)."""
    return list(session.execute(select(User.username, User.display_name).order_by(User.username)))


def territories(session: Session) -> list[tuple[Territory, list[str], int]]:
    """Each territory, the usernames of its owners, and how many accounts it has."""
    by_territory = select(Account.territory_id, func.count()).group_by(Account.territory_id)
    counts: dict[int | None, int] = {tid: n for tid, n in session.execute(by_territory)}
    members: dict[int | None, list[str]] = {}
    for territory_id, username in session.execute(
        select(User.territory_id, User.username).order_by(User.username)
    ):
        members.setdefault(territory_id, []).append(username)
    return [
        (territory, members.get(territory.id, []), counts.get(territory.id, 0))
        for territory in session.scalars(select(Territory).order_by(Territory.name))
    ]


def territory_names(session: Session) -> list[str]:
    """Every territory's name, in order: what a form's territory choice offers."""
    return list(session.scalars(select(Territory.name).order_by(Territory.name)))


def owner_named(session: Session, username: str, field: str = "owner") -> User:
    """The user ``username``, else a 422 naming ``field``."""
    user = session.scalar(select(User).where(User.username == username))
    if user is None:
        raise invalid_field(field, f"no owner {username!r}; GET /api/owners lists them")
    return user


def owner_id_or_me(ctx: Ctx, username: str | None) -> int:
    """The id of the owner named, or the caller's when none is."""
    return ctx.user_id if username is None else owner_named(ctx.session, username).id


def owner_change(session: Session, changes: dict[str, Any]) -> dict[str, Any]:
    """A PATCH's ``changes`` with the owner's username turned into ``owner_id`` (a null owner
    leaves the owner as it is)."""
    username = changes.pop("owner", None)
    if username is not None:
        changes["owner_id"] = owner_named(session, username).id
    return changes


def territory_named(session: Session, name: str, field: str = "territory") -> Territory:
    """The territory ``name`` (any case), else a 422 naming ``field``."""
    territory = session.scalar(select(Territory).where(func.lower(Territory.name) == name.lower()))
    if territory is None:
        raise invalid_field(field, f"no territory {name!r}; GET /api/territories lists them")
    return territory


def username(session: Session, user_id: int) -> str:
    user = session.get(User, user_id)
    assert user is not None  # a foreign key holds it
    return user.username


def may_change(ctx: Ctx, owner_id: int) -> bool:
    """Whether the caller may change a record ``owner_id`` owns: its owner or a manager (a page
    offers its forms only then): the caller's role as the layout reads it, not a row loaded."""
    return owner_id == ctx.user_id or ctx.shown_user().role == "manager"


def owner_name(session: Session, owner_id: int) -> str:
    """The user ``owner_id`` as pages name people: "Bob Chen" (with the username beside a name
    two users share, "Alex Kim (akim)")."""
    return people_names(owners(session))[username(session, owner_id)]


def who_may_change(session: Session, owner: str) -> str:
    """Who may change a record the user ``owner`` (a username) owns, by name, as a page and a
    refusal say it before "may ...": "its owner, Bob Chen, or a manager (Carol Diaz)"; "its
    owner and manager, Carol Diaz," when she is the one manager. "Or a manager" alone never
    said whom to ask."""
    return who_may_change_among(owners(session), owner)


def who_may_change_among(users: list[User], owner: str) -> str:
    """``who_may_change`` with every user read already (``owners``): a page naming it under
    each of its rows reads them once."""
    names = people_names(users)
    mine = names.get(owner, owner)
    managers = [names[u.username] for u in users if u.role == "manager"]
    others = " or ".join(m for m in managers if m != mine)
    if mine in managers:
        return (
            f"its owner, {mine}, or another manager ({others})"
            if others
            else (f"its owner and manager, {mine},")
        )
    return (
        f"its owner, {mine}, or a manager ({others})"
        if others
        else (f"its owner, {mine}, or a manager")
    )


def check_may_change(ctx: Ctx, owner_id: int, words: str) -> None:
    """Only a record's owner or a manager changes it; others get a 403 naming the record by its
    words ("'Log Contoso go-live feedback'", as every notice names records, never "task 17"),
    the owner and the managers as people read them. Every record belongs to the one company,
    so it never says "belongs to another account", the kit's words for another customer's
    row."""
    if not may_change(ctx, owner_id):
        who = who_may_change(ctx.session, username(ctx.session, owner_id))
        raise Forbidden(f"{words!r}: only {who} may change it")
