"""The reports area (``/api/reports``): the pipeline by stage or by owner (counts, amounts and
weighted amounts per currency), deals won and lost in a period, and exported account reports."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.crm.accounts import account_in_body
from mock_services.crm.models import CLOSED, PROBABILITY, STAGES, Deal, ReportExport, User
from mock_services.crm.people import owner_named
from mock_services.crm.schemas import (
    ExportCreate,
    OutcomeRow,
    PipelineQuery,
    PipelineRow,
    WonLostQuery,
)


def pipeline(ctx: Ctx, query: PipelineQuery) -> list[PipelineRow]:
    """Deals grouped by stage (in pipeline order) or owner, then currency."""
    return grouped(deal_amounts(ctx, query.include_closed), query.group_by)


def deal_amounts(ctx: Ctx, include_closed: bool) -> list[tuple[str, str, str, float]]:
    """Each open deal's stage, owner, currency and amount (the closed ones too if
    ``include_closed``): what the pipeline groups, read once for both its groupings."""
    stmt = select(Deal.stage, User.username, Deal.currency, Deal.amount).join(
        User, User.id == Deal.owner_id
    )
    if not include_closed:
        stmt = stmt.where(Deal.stage.not_in(CLOSED))
    return [
        (stage, owner, currency, amount)
        for stage, owner, currency, amount in ctx.session.execute(stmt)
    ]


def grouped(amounts: list[tuple[str, str, str, float]], group_by: str) -> list[PipelineRow]:
    """``deal_amounts`` by stage (in pipeline order) or owner, then currency: count, amount and
    probability-weighted amount."""
    sums: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for stage, owner, currency, amount in amounts:
        row = sums[(stage if group_by == "stage" else owner, currency)]
        row[0] += 1
        row[1] += amount
        row[2] += amount * PROBABILITY[stage] / 100
    order: dict[str, int] = {stage: i for i, stage in enumerate(STAGES)}
    keys = sorted(sums, key=lambda k: (order.get(k[0], 0), k) if group_by == "stage" else k)
    return [
        PipelineRow(
            key=key,
            currency=currency,
            count=int(sums[(key, currency)][0]),
            amount=round(sums[(key, currency)][1], 2),
            weighted_amount=round(sums[(key, currency)][2], 2),
        )
        for key, currency in keys
    ]


def won_lost(ctx: Ctx, query: WonLostQuery) -> tuple[list[OutcomeRow], float | None, list[Deal]]:
    """Deals closed won or lost with a close date in ``start``..``end``, totals per currency."""
    if query.end < query.start:
        raise invalid_field(
            "end", f"the period ends ({query.end}) before it starts ({query.start})"
        )
    stmt = (
        select(Deal)
        .where(Deal.stage.in_(CLOSED), Deal.close_date >= query.start, Deal.close_date <= query.end)
        .order_by(Deal.close_date, Deal.id)
    )
    if query.owner:
        stmt = stmt.where(Deal.owner_id == owner_named(ctx.session, query.owner).id)
    deals = list(ctx.session.scalars(stmt))
    totals: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0])
    for deal in deals:
        total = totals[("won" if deal.stage == "closed_won" else "lost", deal.currency)]
        total[0] += 1
        total[1] += deal.amount
    rows = [
        OutcomeRow(outcome=outcome, currency=cur, count=int(t[0]), amount=round(t[1], 2))
        for (outcome, cur), t in sorted(
            totals.items(), key=lambda kv: (kv[0][0] != "won", kv[0][1])
        )
    ]
    won = sum(1 for d in deals if d.stage == "closed_won")
    return rows, (round(won / len(deals), 4) if deals else None), deals


def period_default(today: date) -> tuple[date, date]:
    """The current quarter, the UI's period when none is chosen."""
    first_month = 3 * ((today.month - 1) // 3) + 1
    start = date(today.year, first_month, 1)
    end_month = first_month + 2
    next_first = date(today.year + (end_month == 12), end_month % 12 + 1, 1)
    return start, date.fromordinal(next_first.toordinal() - 1)


def export_report(ctx: Ctx, body: ExportCreate) -> ReportExport:
    """Save a report over the accounts named (each must exist), as a record others can read."""
    codes = []
    for i, code in enumerate(body.account_codes):
        codes.append(account_in_body(ctx.session, code, f"account_codes.{i}").code)
    row = ReportExport(
        title=body.title,
        summary=body.summary,
        account_codes=codes,
        created_by=ctx.user_id,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(row)
    ctx.session.flush()
    return row


def exports(ctx: Ctx) -> list[ReportExport]:
    return list(ctx.session.scalars(select(ReportExport).order_by(ReportExport.id.desc())))
