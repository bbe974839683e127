"""Search (``/api/search``): one box over accounts (name, domain), contacts and leads (name,
e-mail, a lead's company) and deals (name), at most ``LIMIT`` hits of each kind."""

from __future__ import annotations

from sqlalchemy import select

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
    for model, kind in ((Contact, "contact"), (Lead, "lead")):
        matches = (
            contains_text(model.first_name, text)
            | contains_text(model.last_name, text)
            | contains_text(model.email, text)
        )
        if model is Lead:
            matches |= contains_text(Lead.company, text)
        for person in session.scalars(select(model).where(matches).order_by(model.id).limit(LIMIT)):
            hits.append(
                SearchHit(
                    kind=kind,  # type: ignore[arg-type]
                    id=person.id,
                    key=str(person.id),
                    title=full_name(person.first_name, person.last_name),
                    detail=person.email or "",
                )
            )
    for deal in session.scalars(
        select(Deal).where(contains_text(Deal.name, text)).order_by(Deal.id).limit(LIMIT)
    ):
        hits.append(
            SearchHit(kind="deal", id=deal.id, key=str(deal.id), title=deal.name, detail=deal.stage)
        )
    return hits
