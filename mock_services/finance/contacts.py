"""The contacts area (``/api/contacts``): the customers a user issues invoices to and the
vendors whose invoices they receive."""

from __future__ import annotations

from sqlalchemy import func, select

from mock_services.core.base.errors import Conflict, NotFound
from mock_services.core.spec.api import Ctx
from mock_services.finance.access import mine, readable, require_writer, writable
from mock_services.finance.models import Contact
from mock_services.finance.schemas import ContactCreate, ContactUpdate


def my_contacts(ctx: Ctx, kind: str | None) -> list[Contact]:
    stmt = select(Contact).where(mine(ctx, Contact.owner_id)).order_by(Contact.name, Contact.id)
    if kind is not None:
        stmt = stmt.where(Contact.kind == kind)
    return list(ctx.session.scalars(stmt))


def create_contact(ctx: Ctx, body: ContactCreate) -> Contact:
    require_writer(ctx, "add customers and vendors")
    name = body.name.strip()
    taken = ctx.session.scalar(
        select(Contact).where(
            Contact.owner_id == ctx.user_id, func.lower(Contact.name) == name.lower()
        )
    )
    if taken is not None:
        raise Conflict(
            f"you already have a {taken.kind} called {taken.name!r} (contact {taken.id})"
        )
    contact = Contact(owner_id=ctx.user_id, name=name, kind=body.kind, email=body.email.lower())
    ctx.session.add(contact)
    ctx.session.flush()
    return contact


def contact_of(ctx: Ctx, contact_id: int) -> Contact:
    """The contact ``contact_id``, if the caller may read it."""
    contact = ctx.session.get(Contact, contact_id)
    if contact is None:
        raise NotFound(f"no customer or vendor {contact_id}")
    return readable(ctx, contact, "contact", contact_id)


def update_contact(ctx: Ctx, contact_id: int, body: ContactUpdate) -> Contact:
    """Change the address a contact's invoices are mailed to."""
    contact = contact_of(ctx, contact_id)
    writable(ctx, contact, "contact", contact_id, "change customers and vendors")
    contact.email = body.email.strip().lower()
    return contact
