"""The calendar's JSON API under /api."""

from __future__ import annotations

from datetime import time, timedelta

from sqlalchemy import or_, select

from mock_services.core.base.clock import iso, to_naive_utc
from mock_services.core.base.schemas import PageQuery
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import page_answer, page_of, page_of_select
from mock_services.core.spec.api import Api, Ctx

from . import access, calendars, conflicts, events, invitations, occurrences, ranges, users
from .freebusy import free_busy, suggest_slots
from .inbound import receive_invitation
from .models import User
from .present import (
    calendar_out,
    conflict_out,
    event_conflict_out,
    event_out,
    invitations_out,
    occurrence_out,
    user_out,
)
from .schemas import (
    BusyOut,
    CalendarCreate,
    CalendarOut,
    CalendarPage,
    CalendarUpdate,
    ConflictPage,
    ConflictPair,
    ConflictSide,
    DeleteOut,
    EventConflicts,
    EventCreate,
    EventOut,
    EventQuery,
    EventSaved,
    EventUpdate,
    FreeBusyIn,
    FreeBusyOut,
    InvitationDelivered,
    InvitationDelivery,
    InvitationPage,
    InvitationQuery,
    OccurrenceOut,
    OccurrencePage,
    OccurrenceSaved,
    OccurrenceUpdate,
    ProfileUpdate,
    RangeQuery,
    RsvpIn,
    ShareCreate,
    SlotOut,
    SuggestIn,
    SuggestOut,
    UserBusyOut,
    UserOut,
    UserPage,
    UserQuery,
)
from .times import Occurrence, local_iso, zone_of

api = Api("calendar", url_prefix="/api")
admin = Api("calendar_admin", url_prefix="/admin", tag="admin")


# --- Profile and directory ----------------------------------------------------------------------


@api.get("/profile", response=UserOut)
def get_profile(ctx: Ctx) -> UserOut:
    """Your account, with your home time zone."""
    return user_out(ctx.user)


@api.patch("/profile", response=UserOut, errors=(422,))
def update_profile(ctx: Ctx, body: ProfileUpdate) -> UserOut:
    """Change your display name or home time zone (IANA name)."""
    return user_out(users.update_profile(ctx, body.display_name, body.timezone))


@api.get("/users", response=UserPage)
def list_users(ctx: Ctx, query: UserQuery) -> UserPage:
    """The people directory (to invite colleagues or check their free/busy)."""
    stmt = select(User).order_by(User.id)
    if query.q:
        stmt = stmt.where(
            or_(
                contains_text(User.username, query.q),
                contains_text(User.display_name, query.q),
                contains_text(User.email, query.q),
            )
        )
    found, total = page_of_select(ctx.session, stmt, query)
    return page_answer(UserPage, [user_out(u) for u in found], total, query)


# --- Calendars ----------------------------------------------------------------------------------


@api.get("/calendars", response=CalendarPage)
def list_calendars(ctx: Ctx, query: PageQuery) -> CalendarPage:
    """Your calendars (primary first), then the ones shared with you."""
    found, total = page_of(calendars.visible_calendars(ctx), query)
    return page_answer(
        CalendarPage, [calendar_out(c, ctx.user) for c, _role in found], total, query
    )


@api.post("/calendars", response=CalendarOut, status=201, errors=(409, 422))
def create_calendar(ctx: Ctx, body: CalendarCreate) -> CalendarOut:
    """Create a secondary calendar (names are unique per owner)."""
    calendar = calendars.create_calendar(
        ctx, body.name, body.color, body.description, body.timezone
    )
    return calendar_out(calendar, ctx.user)


@api.get("/calendars/<int:calendar_id>", response=CalendarOut, errors=(403, 404))
def get_calendar(ctx: Ctx, calendar_id: int) -> CalendarOut:
    """One calendar you own or that is shared with you."""
    calendar, _role = access.get_calendar(ctx, calendar_id)
    return calendar_out(calendar, ctx.user)


@api.patch("/calendars/<int:calendar_id>", response=CalendarOut, errors=(403, 404, 409, 422))
def update_calendar(ctx: Ctx, calendar_id: int, body: CalendarUpdate) -> CalendarOut:
    """Rename or recolor one of your calendars, or change its time zone."""
    changes = body.model_dump(exclude_unset=True)
    return calendar_out(calendars.update_calendar(ctx, calendar_id, changes), ctx.user)


@api.delete("/calendars/<int:calendar_id>", status=204, errors=(403, 404, 409))
def delete_calendar(ctx: Ctx, calendar_id: int) -> None:
    """Delete a secondary calendar and its events (guests get cancellation notices).

    The primary calendar cannot be deleted (409).
    """
    calendars.delete_calendar(ctx, calendar_id)


@api.post("/calendars/<int:calendar_id>/shares", response=CalendarOut, errors=(403, 404, 422))
def share_calendar(ctx: Ctx, calendar_id: int, body: ShareCreate) -> CalendarOut:
    """Share your calendar with another user as reader or writer (again to change the role)."""
    calendar = calendars.share_calendar(ctx, calendar_id, body.user, body.role)
    return calendar_out(calendar, ctx.user)


@api.delete(
    "/calendars/<int:calendar_id>/shares/<int:user_id>",
    response=CalendarOut,
    errors=(403, 404),
)
def unshare_calendar(ctx: Ctx, calendar_id: int, user_id: int) -> CalendarOut:
    """Stop sharing your calendar with a user."""
    return calendar_out(calendars.unshare_calendar(ctx, calendar_id, user_id), ctx.user)


# --- Events -------------------------------------------------------------------------------------


@api.get("/events", response=OccurrencePage, errors=(403, 404))
def list_events(ctx: Ctx, query: EventQuery) -> OccurrencePage:
    """Event instances overlapping [start, end), sorted by start (recurrences expanded).

    Includes your calendars, calendars shared with you and invitations (with `my_rsvp`).
    Cancelled events are left out unless `include_cancelled=true`.
    """
    q = query
    lo, hi = ranges.resolve_range(ctx, q.start, q.end, q.timezone)
    found, total = events.page_occurrences(
        ctx,
        lo,
        hi,
        paging=q,
        calendar_ids=q.calendar_ids,
        q=q.q,
        include_cancelled=q.include_cancelled,
    )
    return page_answer(
        OccurrencePage,
        [occurrence_out(o, ctx.user) for o in found],
        total,
        q,
        range_start=iso(lo) or "",
        range_end=iso(hi) or "",
    )


@api.post("/events", response=EventSaved, status=201, errors=(403, 404, 409, 422))
def create_event(ctx: Ctx, body: EventCreate) -> EventSaved:
    """Create an event; you are its organizer. Guests are invited (and mailed).

    The answer lists `conflicts` with your and local guests' other events; with
    `reject_conflicts: true` a conflict is a 409 instead.
    """
    event, hits = events.create_event(ctx, body)
    return EventSaved(
        **event_out(event, ctx.user).model_dump(), conflicts=[conflict_out(h) for h in hits]
    )


@api.get("/events/<int:event_id>", response=EventOut, errors=(403, 404))
def get_event(ctx: Ctx, event_id: int) -> EventOut:
    """One event (cancelled ones too) you organize, can see or are invited to."""
    event, _role = access.read_event(ctx, event_id)
    return event_out(event, ctx.require_caller())


@api.get("/events/<int:event_id>/conflicts", response=EventConflicts, errors=(403, 404))
def list_event_conflicts(ctx: Ctx, event_id: int) -> EventConflicts:
    """Who is busy with another event at an event's times: its organizer, its calendar's owner
    and its local guests who have not declined, at each instance of a series over a year.

    The other event's id and title are shown only where you may see it (else null). A
    cancelled or free ("transparent") event conflicts with nothing.
    """
    _event, hits = conflicts.event_conflicts(ctx, event_id)
    return EventConflicts(
        event_id=event_id, items=[event_conflict_out(h) for h in hits], total=len(hits)
    )


@api.patch("/events/<int:event_id>", response=EventSaved, errors=(403, 404, 409, 422))
def update_event(ctx: Ctx, event_id: int, body: EventUpdate) -> EventSaved:
    """Change an event (only the organizer or the calendar's owner/writers); guests are notified.

    Only the fields you send change; `attendees` and `reminders` replace the lists (guests
    who stay keep their RSVP). Moving `start` alone keeps the duration.
    """
    event, hits = events.update_event(ctx, event_id, body)
    return EventSaved(
        **event_out(event, ctx.user).model_dump(), conflicts=[conflict_out(h) for h in hits]
    )


@api.delete("/events/<int:event_id>", response=DeleteOut, errors=(403, 404, 409))
def delete_event(ctx: Ctx, event_id: int) -> DeleteOut:
    """Organizer or owner: cancel the event for everyone. Guest: decline it and hide it."""
    outcome = events.delete_event(ctx, event_id)
    return DeleteOut(event_id=event_id, outcome=outcome)


@api.get(
    "/events/<int:event_id>/occurrences/<int:index>",
    response=OccurrenceOut,
    errors=(403, 404, 409),
)
def get_occurrence(ctx: Ctx, event_id: int, index: int) -> OccurrenceOut:
    """One instance of a recurring event (its `occurrence_index` from GET /events), with its
    own changes; a cancelled instance answers with `status: cancelled`."""
    return occurrence_out(occurrences.get_occurrence(ctx, event_id, index), ctx.user)


@api.patch(
    "/events/<int:event_id>/occurrences/<int:index>",
    response=OccurrenceSaved,
    errors=(403, 404, 409, 422),
)
def update_occurrence(
    ctx: Ctx, event_id: int, index: int, body: OccurrenceUpdate
) -> OccurrenceSaved:
    """Change only this instance of a recurring event (title, description, location, time,
    status); the series and its other instances stay. Guests are notified of the change."""
    occurrence, hits = occurrences.update_occurrence(ctx, event_id, index, body)
    return OccurrenceSaved(
        **occurrence_out(occurrence, ctx.user).model_dump(),
        conflicts=[conflict_out(h) for h in hits],
    )


@api.delete(
    "/events/<int:event_id>/occurrences/<int:index>",
    response=OccurrenceOut,
    errors=(403, 404, 409),
)
def cancel_occurrence(ctx: Ctx, event_id: int, index: int) -> OccurrenceOut:
    """Cancel only this instance of a recurring event (organizer, owner or writer); guests
    are notified. It leaves listings, free/busy and conflicts."""
    return occurrence_out(occurrences.cancel_occurrence(ctx, event_id, index), ctx.user)


@api.post("/events/<int:event_id>/rsvp", response=EventOut, errors=(403, 404, 409))
def rsvp(ctx: Ctx, event_id: int, body: RsvpIn) -> EventOut:
    """Answer an invitation: accepted, declined or tentative (the organizer is told)."""
    event = events.respond(ctx, event_id, body.response)
    return event_out(event, ctx.user)


@api.get("/invitations", response=InvitationPage)
def list_invitations(ctx: Ctx, query: InvitationQuery) -> InvitationPage:
    """Invitations to upcoming events, by default the ones you have not answered yet, each with
    the events of yours it clashes with."""
    rsvp_filter = None if query.rsvp == "all" else query.rsvp
    invited, total = page_of(invitations.pending_invitations(ctx, rsvp_filter), query)
    return page_answer(InvitationPage, invitations_out(ctx, invited), total, query)


# --- Free/busy ----------------------------------------------------------------------------------


@api.post("/freebusy", response=FreeBusyOut, mutating=False, errors=(404,))
def freebusy(ctx: Ctx, body: FreeBusyIn) -> FreeBusyOut:
    """Busy intervals of users (usernames or emails) in a range.

    Declined, cancelled and transparent events do not count. Default range: today, 7 days.
    """
    lo, hi = ranges.resolve_range(ctx, body.start, body.end, body.timezone)
    return FreeBusyOut(
        start=iso(lo) or "",
        end=iso(hi) or "",
        users=[
            UserBusyOut(
                user=name,
                username=user.username,
                email=user.email,
                timezone=user.timezone,
                busy=[BusyOut(start=iso(s) or "", end=iso(e) or "") for s, e in busy],
            )
            for name, user, busy in free_busy(ctx, body.users, lo, hi)
        ],
    )


@api.post("/freebusy/suggest", response=SuggestOut, mutating=False, errors=(404,))
def suggest(ctx: Ctx, body: SuggestIn) -> SuggestOut:
    """The first free slots of a given length, in working hours, where all users are free.

    Working hours are read in `timezone` (default: your home zone); weekends are skipped
    unless `include_weekends`.
    """
    tz_name = body.timezone or ctx.user.timezone
    tz = zone_of(tz_name)
    lo, hi = ranges.resolve_range(ctx, body.start, body.end, body.timezone)
    now = to_naive_utc(ctx.now)
    if body.start is None:
        lo = max(lo, now)
        if hi <= lo:
            hi = lo + timedelta(days=ranges.DEFAULT_RANGE_DAYS)
    slots = suggest_slots(
        ctx,
        body.users,
        lo,
        hi,
        timedelta(minutes=body.duration_minutes),
        tz,
        time.fromisoformat(body.working_hours_start),
        time.fromisoformat(body.working_hours_end),
        body.include_weekends,
        timedelta(minutes=body.step_minutes),
        body.max_results,
    )
    return SuggestOut(
        timezone=tz_name,
        duration_minutes=body.duration_minutes,
        slots=[
            SlotOut(
                start=iso(s) or "",
                end=iso(e) or "",
                start_local=local_iso(s, tz),
                end_local=local_iso(e, tz),
            )
            for s, e in slots
        ],
    )


def _side(o: Occurrence) -> ConflictSide:
    return ConflictSide(
        event_id=o.event.id,
        title=o.event.title,
        calendar_id=o.event.calendar_id,
        start=iso(o.start) or "",
        end=iso(o.end) or "",
    )


@api.get("/conflicts", response=ConflictPage)
def list_conflicts(ctx: Ctx, query: RangeQuery) -> ConflictPage:
    """Pairs of your own busy events that overlap in [start, end) (default: today, 7 days)."""
    q = query
    lo, hi = ranges.resolve_range(ctx, q.start, q.end, q.timezone)
    pairs = conflicts.my_conflicts(ctx, lo, hi)
    items = [
        ConflictPair(
            first=_side(a),
            second=_side(b),
            overlap_start=iso(max(a.start, b.start)) or "",
            overlap_end=iso(min(a.end, b.end)) or "",
        )
        for a, b in pairs
    ]
    page, total = page_of(items, q)
    return page_answer(
        ConflictPage, page, total, q, range_start=iso(lo) or "", range_end=iso(hi) or ""
    )


# --- delivery from other services -------------------------------------------------------------


@admin.post("/invitations", response=InvitationDelivered, auth="delivery", errors=(422,))
def deliver_invitation(ctx: Ctx, body: InvitationDelivery) -> InvitationDelivered:
    """Receive an invitation from another service (a clinic's appointment): creates, updates
    or cancels the event ``uid`` on each local attendee's primary calendar, to RSVP to."""
    copies, undeliverable = receive_invitation(ctx, body)
    return InvitationDelivered(event_ids=[e.id for e in copies], undeliverable=undeliverable)
