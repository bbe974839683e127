"""The company's policy and reference data (the policy, currencies and categories areas): the
company row, the currencies with their fixed rates, the categories with their limits."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base.errors import ValidationFailed
from mock_services.expense.models import Category, Company, Currency


def company(session: Session) -> Company:
    row = session.get(Company, 1)
    assert row is not None, "an expense DB always has its company row"
    return row


def currencies(session: Session) -> list[Currency]:
    return list(session.scalars(select(Currency).order_by(Currency.code)))


def categories(session: Session) -> list[Category]:
    return list(session.scalars(select(Category).order_by(Category.name)))


def currency_by_code(session: Session, code: str) -> Currency:
    found = session.scalar(select(Currency).where(Currency.code == code))
    if found is None:
        known = ", ".join(c.code for c in currencies(session))
        raise ValidationFailed(f"unknown currency {code!r}; expected one of: {known}")
    return found


def category_by_slug(session: Session, slug: str) -> Category:
    found = session.scalar(select(Category).where(Category.slug == slug))
    if found is None:
        known = ", ".join(c.slug for c in categories(session))
        raise ValidationFailed(f"unknown category {slug!r}; expected one of: {known}")
    return found
