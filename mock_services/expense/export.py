"""The CSV export (the export area): one line per item of the reports asked for."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.spec.api import Ctx
from mock_services.expense.models import Report, User
from mock_services.expense.policy import categories, company
from mock_services.expense.reports import receipts_by_item, report_items

EXPORT_LIMIT = 100_000


def users_by_id(session: Session, ids: Sequence[int | None]) -> dict[int, User]:
    wanted = {i for i in ids if i is not None}
    return {u.id: u for u in session.scalars(select(User).where(User.id.in_(wanted)))}


CSV_COLUMNS = (
    "report",
    "owner",
    "status",
    "title",
    "item_id",
    "spent_on",
    "merchant",
    "category",
    "description",
    "amount",
    "currency",
    "base_amount",
    "base_currency",
    "over_limit",
    "receipts",
)


def export_csv(ctx: Ctx, reports: Sequence[Report]) -> bytes:
    """One line per item of ``reports`` (in their order), amounts with two decimals."""
    session = ctx.session
    base = company(session).base_currency
    owners = users_by_id(session, [r.owner_id for r in reports])
    slugs = {c.id: c.slug for c in categories(session)}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for report in reports:
        items = report_items(session, report.id)
        receipts = receipts_by_item(session, [i.id for i in items])
        for item in items:
            writer.writerow(
                (
                    report.code,
                    owners[report.owner_id].username,
                    report.status,
                    report.title,
                    item.id,
                    item.spent_on.isoformat(),
                    item.merchant,
                    slugs[item.category_id],
                    item.description,
                    f"{item.amount_cents / 100:.2f}",
                    item.currency,
                    f"{item.base_cents / 100:.2f}",
                    base,
                    "yes" if item.over_limit else "no",
                    len(receipts[item.id]),
                )
            )
    return out.getvalue().encode()
