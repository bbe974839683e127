"""Duplicate detection (``GET /api/duplicates``: the same normalised e-mail, or a company's
same normalised name or domain) and the merge of two records keeping one (``POST
/api/contacts/<id>/merge``, ``POST /api/accounts/<code>/merge``, ``POST /api/leads/<id>/merge``)."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select

from mock_services.core.base.errors import invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.crm.accounts import account, canonical_code
from mock_services.crm.contacts import detach_contact, owned_or_managed
from mock_services.crm.fields import full_name
from mock_services.crm.leads import open_lead
from mock_services.crm.links import relink
from mock_services.crm.models import Account, Activity, Contact, Deal, Lead, Task
from mock_services.crm.people import check_may_change

LEGAL_FORMS = frozenset(
    (
        "inc",
        "incorporated",
        "ltd",
        "limited",
        "llc",
        "llp",
        "corp",
        "corporation",
        "co",
        "company",
        "gmbh",
        "ag",
        "sa",
        "sas",
        "srl",
        "bv",
        "plc",
        "pty",
        "oy",
        "ab",
        "as",
        "kk",
    )
)
"""Words that name a company's legal form, not the company: 'Acme, Inc.' is 'acme'."""
ACCOUNT_FILLED = (
    "domain",
    "industry",
    "size",
    "territory_id",
    "location",
    "sla",
    "contract_end",
    "churn_date",
    "churn_reason",
    "satisfaction",
    "notes",
)
CONTACT_FILLED = ("last_name", "email", "phone", "job_title", "account_id", "notes")
LEAD_FILLED = ("last_name", "email", "phone", "company", "job_title", "notes")


@dataclass(frozen=True)
class Group:
    """Records sharing ``reason`` (what they share), by id."""

    reason: str
    ids: list[int]


def normal_email(email: str | None) -> str | None:
    return email.strip().casefold() if email and email.strip() else None


def normal_company(name: str) -> str | None:
    """A company name without case, accents, punctuation or legal form."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()
    words = [w for w in re.split(r"[^a-z0-9]+", plain) if w and w not in LEGAL_FORMS]
    return " ".join(words) or None


def normal_domain(domain: str | None) -> str | None:
    if not domain:
        return None
    bare = re.sub(r"^(https?://)?(www\.)?", "", domain.strip().casefold()).split("/")[0]
    return bare or None


def groups(keyed: Iterable[tuple[int, list[str]]]) -> list[Group]:
    """Records that share any key, joined transitively, each group named by its first key."""
    parent: dict[int, int] = {}

    def root(i: int) -> int:
        while parent.setdefault(i, i) != i:
            i = parent[i]
        return i

    first_by_key: dict[str, int] = {}
    reasons: dict[int, str] = {}
    for record_id, keys in keyed:
        root(record_id)
        for key in keys:
            if key in first_by_key:
                a, b = root(first_by_key[key]), root(record_id)
                if a != b:
                    parent[max(a, b)] = min(a, b)
                reasons.setdefault(min(a, b), key)
            else:
                first_by_key[key] = record_id
    members: dict[int, list[int]] = defaultdict(list)
    for record_id in parent:
        members[root(record_id)].append(record_id)
    found = [Group(reasons[r], sorted(ids)) for r, ids in members.items() if len(ids) > 1]
    return sorted(found, key=lambda g: g.ids)


def duplicate_contacts(ctx: Ctx) -> list[Group]:
    rows = ctx.session.execute(select(Contact.id, Contact.email).order_by(Contact.id))
    return groups((i, [f"email {e}"] if (e := normal_email(email)) else []) for i, email in rows)


def duplicate_leads(ctx: Ctx) -> list[Group]:
    rows = ctx.session.execute(select(Lead.id, Lead.email).order_by(Lead.id))
    return groups((i, [f"email {e}"] if (e := normal_email(email)) else []) for i, email in rows)


def duplicate_accounts(ctx: Ctx) -> list[Group]:
    rows = ctx.session.execute(
        select(Account.id, Account.name, Account.domain).order_by(Account.id)
    )
    return groups(
        (
            i,
            [
                f"{what} {key}"
                for what, key in (("name", normal_company(name)), ("domain", normal_domain(domain)))
                if key
            ],
        )
        for i, name, domain in rows
    )


def merge_contacts(ctx: Ctx, keep_id: int, duplicate_id: int) -> Contact:
    """Merge contact ``duplicate_id`` into ``keep_id``: its deals, activities, tasks and leads
    move over, fields the kept one lacks are filled from it, and it is deleted."""
    if keep_id == duplicate_id:
        raise invalid_field("duplicate_id", "a contact cannot be merged into itself")
    keep = owned_or_managed(ctx, keep_id)
    duplicate = owned_or_managed(ctx, duplicate_id)
    detach_contact(ctx, duplicate.id, keep.id)
    _fill(keep, duplicate, CONTACT_FILLED)
    keep.primary = keep.primary or (duplicate.primary and duplicate.account_id == keep.account_id)
    ctx.session.delete(duplicate)
    ctx.session.flush()
    return keep


def merge_leads(ctx: Ctx, keep_id: int, duplicate_id: int) -> Lead:
    """Merge open lead ``duplicate_id`` into open lead ``keep_id``: fields the kept one lacks
    are filled from it, and it is deleted (a converted lead is a contact's history: refused)."""
    if keep_id == duplicate_id:
        raise invalid_field("duplicate_id", "a lead cannot be merged into itself")
    keep = open_lead(ctx, keep_id)
    duplicate = open_lead(ctx, duplicate_id)
    _fill(keep, duplicate, LEAD_FILLED)
    ctx.session.delete(duplicate)
    ctx.session.flush()
    return keep


def merge_accounts(ctx: Ctx, code: str, duplicate_code: str) -> Account:
    """Merge account ``duplicate_code`` into ``code``: its contacts, deals, activities, tasks
    and leads move over, fields the kept one lacks are filled from it, and it is deleted."""
    if canonical_code(code) == canonical_code(duplicate_code):
        raise invalid_field("duplicate", "an account cannot be merged into itself")
    keep, duplicate = account(ctx, code), account(ctx, duplicate_code)
    for row in (keep, duplicate):
        check_may_change(ctx, row.owner_id, row.name)
    has_primary = ctx.session.scalar(
        select(Contact.id).where(Contact.account_id == keep.id, Contact.primary)
    )
    if has_primary:
        duplicate_primaries = select(Contact).where(
            Contact.account_id == duplicate.id, Contact.primary
        )
        for contact in ctx.session.scalars(duplicate_primaries):
            contact.primary = False
    relink(ctx.session, (Contact, Deal, Activity, Task, Lead), "account_id", duplicate.id, keep.id)
    _fill(keep, duplicate, ACCOUNT_FILLED)
    keep.annual_revenue = keep.annual_revenue or duplicate.annual_revenue
    if duplicate.last_contact and (
        keep.last_contact is None or duplicate.last_contact > keep.last_contact
    ):
        keep.last_contact = duplicate.last_contact
    ctx.session.flush()
    ctx.session.delete(duplicate)
    ctx.session.flush()
    return keep


def _fill(keep: object, duplicate: object, fields: tuple[str, ...]) -> None:
    """Each of ``fields`` the kept record leaves empty takes the duplicate's value."""
    for field in fields:
        if getattr(keep, field) in (None, "") and getattr(duplicate, field) not in (None, ""):
            setattr(keep, field, getattr(duplicate, field))


def group_names(ctx: Ctx, kind: str, group: Group) -> tuple[list[str], list[str]]:
    """The names and keys (an account's code, else the id) of a group's records."""
    if kind == "accounts":
        found = [ctx.session.get(Account, i) for i in group.ids]
        return [a.name for a in found if a], [a.code for a in found if a]
    people: list[Contact | Lead | None] = (
        [ctx.session.get(Contact, i) for i in group.ids]
        if kind == "contacts"
        else [ctx.session.get(Lead, i) for i in group.ids]
    )
    names = [full_name(p.first_name, p.last_name) for p in people if p is not None]
    return names, [str(i) for i in group.ids]
