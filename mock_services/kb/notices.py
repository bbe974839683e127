"""Mail to a page's watchers through the task's email service, once the request commits: a new
version (an edit, a publish, a restore) or a new comment. Nothing when the seed wires no mail."""

from __future__ import annotations

from sqlalchemy import bindparam, select

from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail
from mock_services.kb.access import levels_of, may_see_draft, rank
from mock_services.kb.models import Page, Space, User, Watch

DEFAULT_SENDER = "wiki@example.test"


_WATCHERS = (
    select(User)
    .join(Watch, Watch.user_id == User.id)
    .where(Watch.page_id == bindparam("page_id"))
    .order_by(User.username)
)


def watchers(ctx: Ctx, page: Page) -> list[User]:
    """Who watches ``page``, by username."""
    return list(ctx.session.scalars(_WATCHERS, {"page_id": page.id}))


def tell_watchers(ctx: Ctx, page: Page, what: str, text: str) -> list[str]:
    """Mail the watchers of ``page`` but the caller (those who can still read it) that
    ``what`` happened ("version 4", "a comment"), with ``text``; their addresses."""
    target = ctx.runtime.notifications
    space = ctx.session.get(Space, page.space_id)
    assert space is not None  # a foreign key
    to = []
    for user in watchers(ctx, page):
        level = levels_of(ctx, user.id)[space.id]
        if user.id != ctx.user_id and rank(level) >= 1 and may_see_draft(user.id, page, level):
            to.append(user.email)
    if target is None or not to:
        return to
    actor = ctx.user.display_name
    mail = MailDelivery(
        sender=target.sender or DEFAULT_SENDER,
        sender_name="Knowledge Base",
        to=to,
        subject=f"[{space.key}] {page.title}: {what} by {actor}"[:500],
        body=(
            f'{actor} changed the page "{page.title}" in {space.name} ({what}).\n\n{text}\n\n'
            f"-- \nPage {page.id}: /pages/{page.id}. You are mailed because you watch it; "
            f"stop with DELETE /api/pages/{page.id}/watch."
        ),
        labels=["kb"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))
    return to
