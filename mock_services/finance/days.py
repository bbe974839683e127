"""Calendar days on the task's frozen clock, in the task's time zone: today, months, and the
steps of a recurring schedule."""

from __future__ import annotations

from datetime import date, timedelta

from mock_services.core.spec.api import Ctx

STEP_MONTHS = {"monthly": 1, "quarterly": 3, "yearly": 12}


def month_start(day: date) -> date:
    return day.replace(day=1)


def add_months(day: date, months: int) -> date:
    """``day`` ``months`` later, on the same day of the month or that month's last day."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    last = (date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)).day
    return date(year, month, min(day.day, last))


def next_month(day: date) -> date:
    return add_months(month_start(day), 1)


def month_of(text: str | None, ctx: Ctx) -> date:
    """The first day of the month ``YYYY-MM`` names (this month when None)."""
    if text is None:
        return month_start(ctx.today)
    year, month = text.split("-")
    return date(int(year), int(month), 1)


def month_name(first: date) -> str:
    return first.strftime("%Y-%m")


def next_payment(day: date, frequency: str) -> date:
    """The payment after one on ``day``."""
    if frequency == "weekly":
        return day + timedelta(days=7)
    return add_months(day, STEP_MONTHS[frequency])
