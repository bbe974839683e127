"""Watching a page (``/api/pages/<id>/watch``): its watchers are mailed its new versions and
comments. Anyone who reads a page may watch it."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.spec.api import Ctx
from mock_services.kb.access import open_page, visible_pages
from mock_services.kb.models import Page, Watch


def _watch(ctx: Ctx, page: Page) -> Watch | None:
    return ctx.session.scalar(
        select(Watch).where(Watch.page_id == page.id, Watch.user_id == ctx.user_id)
    )


def watch_page(ctx: Ctx, page_id: int) -> Page:
    """Start watching a page (watching it already changes nothing)."""
    page, _ = open_page(ctx, page_id)
    if _watch(ctx, page) is None:
        now = to_naive_utc(ctx.now)
        ctx.session.add(Watch(page_id=page.id, user_id=ctx.user_id, created_at=now))
        ctx.session.flush()
    return page


def unwatch_page(ctx: Ctx, page_id: int) -> Page:
    """Stop watching a page (not watching it changes nothing)."""
    page, _ = open_page(ctx, page_id)
    found = _watch(ctx, page)
    if found is not None:
        ctx.session.delete(found)
        ctx.session.flush()
    return page


def watched(ctx: Ctx) -> list[Page]:
    """The pages the caller watches (and can still read), by title."""
    return [
        page
        for page in ctx.session.scalars(
            select(Page)
            .join(Watch, Watch.page_id == Page.id)
            .where(Watch.user_id == ctx.user_id, visible_pages(ctx))
            .order_by(Page.title)
        )
    ]
