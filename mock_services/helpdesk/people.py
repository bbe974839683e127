"""Who tickets are about and who works them: agents and their groups, requesters and their
organisations (``/api/requesters``, ``/api/organizations``, ``/api/groups``)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from mock_services.core.base.errors import Conflict, NotFound, invalid_field
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.helpdesk.access import require_agent
from mock_services.helpdesk.models import Group, Organization, Requester, User
from mock_services.helpdesk.schemas import RequesterCreate, RequesterQuery


def agent_named(session: Session, username: str, field: str = "assignee") -> User:
    """The agent ``username``, else a 422 naming ``field``."""
    agent = session.scalar(select(User).where(User.username == username.strip()))
    if agent is None:
        raise invalid_field(field, f"no agent {username!r}; list agents with GET /api/groups")
    return agent


def group_named(session: Session, name: str, field: str = "group") -> Group:
    """The group ``name``, else a 422 naming ``field``."""
    group = session.scalar(select(Group).where(func.lower(Group.name) == name.strip().lower()))
    if group is None:
        raise invalid_field(field, f"no group {name!r}; list groups with GET /api/groups")
    return group


def requester_numbered(session: Session, requester_id: int, field: str) -> Requester:
    """The requester ``requester_id``, else a 422 naming ``field``."""
    found = session.get(Requester, requester_id)
    if found is None:
        raise invalid_field(
            field,
            f"no requester {requester_id}; find them with GET /api/requesters or add one with "
            "POST /api/requesters",
        )
    return found


def requester_by_email(session: Session, email: str, field: str = "requester") -> Requester:
    """The requester whose email is ``email``, else a 422 naming ``field``."""
    found = session.scalar(select(Requester).where(Requester.email == email.strip().lower()))
    if found is None:
        raise invalid_field(
            field, f"no requester {email!r}; add one with POST /api/requesters or list them"
        )
    return found


def organization_named(session: Session, name: str, field: str = "organization") -> Organization:
    """The organisation ``name``, else a 422 naming ``field``."""
    org = session.scalar(
        select(Organization).where(func.lower(Organization.name) == name.strip().lower())
    )
    if org is None:
        raise invalid_field(
            field, f"no organization {name!r}; list them with GET /api/organizations"
        )
    return org


def find_requesters(ctx: Ctx, query: RequesterQuery) -> Page[Requester]:
    """One page of requesters by name, optionally matching ``q`` or in one organisation."""
    stmt = select(Requester).order_by(Requester.name, Requester.id)
    if query.q is not None:
        stmt = stmt.where(
            or_(contains_text(Requester.name, query.q), contains_text(Requester.email, query.q))
        )
    if query.organization is not None:
        org = organization_named(ctx.session, query.organization)
        stmt = stmt.where(Requester.organization_id == org.id)
    return page_of_select(ctx.session, stmt, query)


def requester(ctx: Ctx, requester_id: int) -> Requester:
    found = ctx.session.get(Requester, requester_id)
    if found is None:
        raise NotFound(f"no requester {requester_id}; list them with GET /api/requesters")
    return found


def create_requester(ctx: Ctx, body: RequesterCreate) -> Requester:
    """A new end user; an email already known is a 409 naming who has it."""
    require_agent(ctx, "add requesters")
    email = body.email.lower()
    taken = ctx.session.scalar(select(Requester).where(Requester.email == email))
    if taken is not None:
        raise Conflict(f"requester {taken.id} ({taken.name}) already has the email {email!r}")
    org = organization_named(ctx.session, body.organization) if body.organization else None
    added = Requester(
        name=body.name,
        email=email,
        organization_id=org.id if org else None,
        department=body.department,
    )
    ctx.session.add(added)
    ctx.session.flush()
    return added


def organizations(session: Session) -> list[tuple[Organization, int]]:
    """Every organisation by name, with how many requesters it has."""
    counts = dict(
        session.execute(
            select(Requester.organization_id, func.count()).group_by(Requester.organization_id)
        ).all()
    )
    orgs = session.scalars(select(Organization).order_by(Organization.name))
    return [(org, counts.get(org.id, 0)) for org in orgs]


def groups(session: Session) -> list[tuple[Group, list[User]]]:
    """Every group by name, with its agents by username."""
    agents = session.scalars(select(User).order_by(User.username)).all()
    return [
        (group, [a for a in agents if a.group_id == group.id])
        for group in session.scalars(select(Group).order_by(Group.name))
    ]


@dataclass(frozen=True)
class AgentNames:
    """How the pages name agents: by display name, as Zendesk does, with the username beside
    it where another agent has the same display name (ignoring case and spacing), so that two
    agents are never shown alike; forms still send the username, which the API takes."""

    display: dict[str, str]
    """each agent's display name, by username"""
    confusable: frozenset[str]
    """the usernames whose display name another agent shares"""

    def __call__(self, username: str) -> str:
        """``Alice Martin``, or ``Sam Lee (slee)`` where another agent is a Sam Lee too."""
        name = self.display.get(username, username)
        return f"{name} ({username})" if username in self.confusable else name

    def in_group(self, agent: User, group: str) -> str:
        """An assignee picker's option: ``Alice Martin (Tier 1 Support)``, or ``Sam Lee
        (slee, Billing)`` where another agent is a Sam Lee too."""
        known = f"{agent.username}, " if agent.username in self.confusable else ""
        return f"{self.display.get(agent.username, agent.username)} ({known}{group})"


def agent_names(session: Session) -> AgentNames:
    """Every agent's name as the pages show it (one query)."""
    display = {
        username: name
        for username, name in session.execute(select(User.username, User.display_name))
    }
    seen: dict[str, list[str]] = {}
    for username, name in display.items():
        seen.setdefault(" ".join(name.split()).casefold(), []).append(username)
    shared = (names for names in seen.values() if len(names) > 1)
    return AgentNames(display, frozenset(u for names in shared for u in names))
