"""The contacts area: your address book, one contact per address."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_, select

from mock_services.core.base.access import owned
from mock_services.core.base.errors import Conflict, ValidationFailed
from mock_services.core.base.search import contains_text
from mock_services.core.spec.api import Ctx
from mock_services.email.addresses import parse_address
from mock_services.email.models import Contact


def get_contact(ctx: Ctx, contact_id: int) -> Contact:
    return owned(ctx.session, Contact, contact_id, ctx.user_id, kind="contact")


def search_contacts(ctx: Ctx, q: str | None) -> list[Contact]:
    conditions: list[Any] = [Contact.owner_id == ctx.user_id]
    if q and q.strip():
        text = q.strip()
        conditions.append(
            or_(
                contains_text(Contact.name, text),
                contains_text(Contact.email, text),
                contains_text(func.coalesce(Contact.company, ""), text),
            )
        )
    return list(
        ctx.session.scalars(
            select(Contact).where(*conditions).order_by(func.lower(Contact.name), Contact.id)
        )
    )


def _check_contact_email(ctx: Ctx, email: str, exclude: int = 0) -> str:
    address = parse_address(email, "email")
    clash = ctx.session.scalar(
        select(Contact).where(
            Contact.owner_id == ctx.user_id, Contact.email == address, Contact.id != exclude
        )
    )
    if clash is not None:
        raise Conflict(f"{address} is already in your contacts as {clash.name!r} (id {clash.id})")
    return address


def create_contact(ctx: Ctx, fields: dict[str, Any]) -> Contact:
    name = fields["name"].strip()
    if not name:
        raise ValidationFailed("name: a contact needs a name")
    contact = Contact(
        owner_id=ctx.user_id,
        name=name,
        email=_check_contact_email(ctx, fields["email"]),
        phone=fields.get("phone"),
        company=fields.get("company"),
        notes=fields.get("notes"),
    )
    ctx.session.add(contact)
    ctx.session.flush()
    return contact


def update_contact(ctx: Ctx, contact_id: int, fields: dict[str, Any]) -> Contact:
    contact = get_contact(ctx, contact_id)
    for required in ("name", "email"):
        if required in fields and (fields[required] is None or not fields[required].strip()):
            raise ValidationFailed(f"{required}: cannot be empty")
    if "name" in fields:
        contact.name = fields["name"].strip()
    if "email" in fields:
        contact.email = _check_contact_email(ctx, fields["email"], exclude=contact.id)
    for name in ("phone", "company", "notes"):
        if name in fields:
            setattr(contact, name, fields[name])
    return contact


def delete_contact(ctx: Ctx, contact_id: int) -> None:
    ctx.session.delete(get_contact(ctx, contact_id))
