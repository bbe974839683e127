"""Page reviews (``/api/pages/<id>/reviews``): an editor schedules a meeting to go over a page
(a stale one, one that contradicts another); it is put on the attendees' calendars through
the calendar service once the request commits (nothing when the seed wires no calendar)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from mock_services.core.base.clock import aware_utc, iso, to_naive_utc
from mock_services.core.base.errors import invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import CalendarInvitation, ServiceDelivery, deliver_to_service
from mock_services.kb.access import levels_of, may_see_draft, open_page, rank
from mock_services.kb.models import Page, PageReview, Space, User
from mock_services.kb.schemas import ReviewCreate


def schedule_review(ctx: Ctx, page_id: int, body: ReviewCreate) -> PageReview:
    """A review meeting of page ``page_id`` with the caller and ``attendees``, each of whom must
    be able to read the page; it starts in the future."""
    page, _ = open_page(ctx, page_id, "edit", "schedule reviews")
    start = to_naive_utc(body.start)
    if start <= to_naive_utc(ctx.now):
        raise invalid_field(
            "start", f"{body.start.isoformat()} is not in the future (now: {iso(ctx.now)})"
        )
    people = [_attendee(ctx, page, name) for name in dict.fromkeys(body.attendees)]
    names = sorted({ctx.user.username, *(u.username for u in people)})
    review = PageReview(
        page_id=page.id,
        organizer_id=ctx.user_id,
        start=start,
        end=start + timedelta(minutes=body.duration_minutes),
        attendees=names,
        note=body.note,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(review)
    ctx.session.flush()
    _invite(ctx, page, review)
    return review


def _attendee(ctx: Ctx, page: Page, username: str) -> User:
    user = ctx.session.scalar(select(User).where(User.username == username.strip().lower()))
    if user is None:
        raise invalid_field("attendees", f"no user {username!r}; list them with GET /api/users")
    level = levels_of(ctx, user.id)[page.space_id]
    if rank(level) < rank("view") or not may_see_draft(user.id, page, level):
        raise invalid_field(
            "attendees", f"{user.username} cannot read page {page.id}; grant them access first"
        )
    return user


def _invite(ctx: Ctx, page: Page, review: PageReview) -> None:
    """Once committed: the review on each attendee's calendar."""
    space = ctx.session.get(Space, page.space_id)
    assert space is not None  # a foreign key
    emails = [
        u.email
        for u in ctx.session.scalars(select(User).where(User.username.in_(review.attendees)))
    ]
    invitation = CalendarInvitation(
        uid=f"review-{review.id}@kb",
        method="request",
        organizer=ctx.user.email,
        organizer_name=ctx.user.display_name,
        attendees=sorted(emails),
        title=f"Review: {page.title}"[:200],
        description=(f"{review.note}\n\nPage {page.id} in {space.name}: /pages/{page.id}".strip()),
        location="",
        start=aware_utc(review.start),
        end=aware_utc(review.end),
        timezone=ctx.runtime.clock.tz.key,
    )
    delivery = ServiceDelivery(
        service="calendar",
        path="/admin/invitations",
        payload=invitation,
        recipients=invitation.attendees,
        subject=invitation.title,
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_to_service(runtime, delivery))
