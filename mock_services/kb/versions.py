"""A page's history (``/api/pages/<id>/versions``, ``.../diff``, ``.../restore``): every save of
a published page is a version with its content, author, time and message."""

from __future__ import annotations

import difflib

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.kb.access import open_page
from mock_services.kb.models import Page, PageVersion
from mock_services.kb.notices import tell_watchers
from mock_services.kb.schemas import DiffOut, DiffQuery


def history(ctx: Ctx, page_id: int) -> tuple[Page, list[PageVersion]]:
    """Page ``page_id`` and its versions, newest first."""
    page, _ = open_page(ctx, page_id)
    found = ctx.session.scalars(
        select(PageVersion)
        .where(PageVersion.page_id == page.id)
        .order_by(PageVersion.number.desc())
    )
    return page, list(found)


def version(ctx: Ctx, page_id: int, number: int, field: str | None = None) -> PageVersion:
    """Version ``number`` of page ``page_id``; a 404, or a 422 naming the input ``field``."""
    page, _ = open_page(ctx, page_id)
    found = ctx.session.scalar(
        select(PageVersion).where(PageVersion.page_id == page.id, PageVersion.number == number)
    )
    if found is not None:
        return found
    known = (
        f"it has versions 1 to {page.version}" if page.version else "it is a draft, never published"
    )
    message = f"page {page.id} has no version {number}; {known}"
    raise invalid_field(field, message) if field else NotFound(message)


def save_version(ctx: Ctx, page: Page, message: str) -> PageVersion:
    """Record ``page``'s content as its next version, by the caller, now; its watchers are
    mailed what changed."""
    previous = _latest(ctx, page)
    page.version += 1
    saved = PageVersion(
        page_id=page.id,
        number=page.version,
        title=page.title,
        body=page.body,
        labels=list(page.labels),
        author_id=ctx.user_id,
        created_at=to_naive_utc(ctx.now),
        message=message,
    )
    ctx.session.add(saved)
    ctx.session.flush()
    if previous is None:
        change = "Published."
    else:
        change = _diff_text(previous.body, saved.body, 30) or "The title or labels changed."
    note = f"Change: {message}\n\n" if message else ""
    tell_watchers(ctx, page, f"version {saved.number}", note + change)
    return saved


def _latest(ctx: Ctx, page: Page) -> PageVersion | None:
    if page.version == 0:
        return None
    return ctx.session.scalar(
        select(PageVersion).where(
            PageVersion.page_id == page.id, PageVersion.number == page.version
        )
    )


def diff(ctx: Ctx, page_id: int, query: DiffQuery) -> DiffOut:
    """What changed between two versions of a page (default: the newest and the one before)."""
    page, _ = open_page(ctx, page_id)
    if page.version == 0:
        raise Conflict(f"page {page.id} is a draft, never published: it has no versions yet")
    new_number = query.to_version or page.version
    old_number = query.from_version or max(1, new_number - 1)
    new = version(ctx, page_id, new_number, "to_version")
    old = version(ctx, page_id, old_number, "from_version")
    text = _diff_text(old.body, new.body)
    lines = text.splitlines()
    return DiffOut(
        page_id=page.id,
        from_version=old.number,
        to_version=new.number,
        old_title=old.title,
        new_title=new.title,
        labels_added=sorted(set(new.labels) - set(old.labels)),
        labels_removed=sorted(set(old.labels) - set(new.labels)),
        lines_added=sum(1 for line in lines if line.startswith("+") and not line.startswith("+++")),
        lines_removed=sum(
            1 for line in lines if line.startswith("-") and not line.startswith("---")
        ),
        diff=text,
    )


def _diff_text(old: str, new: str, most: int | None = None) -> str:
    lines = list(
        difflib.unified_diff(
            old.splitlines(), new.splitlines(), "before", "after", lineterm="", n=1
        )
    )
    if most is not None and len(lines) > most:
        lines = [*lines[:most], f"... ({len(lines) - most} more lines)"]
    return "\n".join(lines)
