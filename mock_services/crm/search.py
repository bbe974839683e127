"""Search (``/api/search``): one box over accounts (name, domain), contacts and leads (name,
e-mail, a lead's company) and deals (name), at most ``LIMIT`` hits of each kind."""

from __future__ import annotations

from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base.search import contains_text
from mock_services.core.spec.api import Ctx
from mock_services.crm.fields import full_name
from mock_services.crm.models import Account, Contact, Deal, Lead
from mock_services.crm.schemas import SearchHit

LIMIT = 20


def search(ctx: Ctx, text: str) -> list[SearchHit]:
    session = ctx.session
    hits = [
        SearchHit(kind="account", id=a.id, key=a.code, title=a.name, detail=a.domain or a.industry)
        for a in session.scalars(
            select(Account)
            .where(contains_text(Account.name, text) | contains_text(Account.domain, text))
            .order_by(Account.name)
            .limit(LIMIT)
        )
    ]
    hits += _people(session, Contact, "contact", text) + _people(session, Lead, "lead", text)
    for deal in session.scalars(
        select(Deal).where(contains_text(Deal.name, text)).order_by(Deal.id).limit(LIMIT)
    ):
        hits.append(
            SearchHit(kind="deal", id=deal.id, key=str(deal.id), title=deal.name, detail=deal.stage)
        )
    return hits


def _people(
    session: Session, model: type[Any], kind: Literal["contact", "lead"], text: str
) -> list[SearchHit]:
    """Contacts or leads by name or e-mail (a lead by its company too)."""
    matches = (
        contains_text(model.first_name, text)
        | contains_text(model.last_name, text)
        | contains_text(model.email, text)
    )
    if model is Lead:
        matches |= contains_text(Lead.company, text)
    found = session.scalars(select(model).where(matches).order_by(model.id).limit(LIMIT))
    return [
        SearchHit(
            kind=kind,
            id=person.id,
            key=str(person.id),
            title=full_name(person.first_name, person.last_name),
            detail=person.email or "",
        )
        for person in found
    ]
