"""The web UI: the week's time grid (and its list, the schedule), month and day grids, event
detail with RSVP and edit, one occurrence, new-event form, invitations, calendars (create, edit,
share, delete), people, find a time (free/busy and suggested slots), conflicts and your settings
(name, home time zone)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any
from urllib.parse import urlencode
from zoneinfo import ZoneInfo, available_timezones

from flask import Blueprint, flash, redirect, request, url_for
from pydantic import ValidationError

from mock_services.core.base.clock import local_day, local_moment, local_wall_time, zone
from mock_services.core.base.errors import ApiError, ValidationFailed
from mock_services.core.data.audit import OperationChoice
from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.forms import (
    FieldGroup,
    FormInvalid,
    back_to,
    day_and_time,
    form_value,
    list_items,
    plain_message,
    read_form,
    refused_by_service,
)
from mock_services.core.web.ui import listed, page, render
from mock_services.core.web.wording import day_words, moment_words

from . import access, calendars, conflicts, events, grid, occurrences, ranges, users
from . import api as answers
from .invitations import pending_invitations
from .models import Event, User
from .present import calendar_out, event_out, occurrence_out, user_out
from .schemas import (
    CalendarCreate,
    CalendarUpdate,
    EventCreate,
    EventQuery,
    EventUpdate,
    FreeBusyIn,
    InvitationQuery,
    OccurrenceUpdate,
    ProfileUpdate,
    RangeQuery,
    RsvpIn,
    ShareCreate,
    SlotOut,
    SuggestIn,
    UserQuery,
)
from .times import Occurrence

ui = Blueprint(
    "calendar_ui",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/static/calendar",
)
_WHEN_FIELDS = {"start": "start_time", "end": "end_time", "start_date": "date"}
"""The form fields a refused start or end is shown at (a day and times read as one moment)."""


@dataclass(frozen=True)
class GuestMail:
    """What the pages say guests are told of a change, as the service does it: by mail only
    when the seed wires notifications, and then each sentence says so; else that none is sent."""

    change: str
    cancel: str
    cancel_one: str
    delete_calendar: str


MAILED = GuestMail(
    change="guests are mailed the change",
    cancel="Its guests are mailed that it is cancelled.",
    cancel_one="Its guests are mailed that this one is cancelled.",
    delete_calendar="guests of upcoming events are mailed that they are cancelled",
)
NOT_MAILED = GuestMail(
    change="guests get no mail from this calendar",
    cancel="Its guests get no mail from this calendar.",
    cancel_one="Its guests get no mail from this calendar.",
    delete_calendar="their guests get no mail from this calendar",
)


def _guest_mail(ctx: Ctx) -> GuestMail:
    return NOT_MAILED if ctx.runtime.notifications is None else MAILED


def _other_title(ctx: Ctx, hit: conflicts.ConflictHit) -> str:
    """The title of the event a conflict is with, copies of one event said apart."""
    copy = grid.alike_names(ctx, {hit.other.event.id}).get(hit.other.event.id)
    return f"{hit.other.field('title')}" + (f" ({copy})" if copy else "")


def _conflict_words(ctx: Ctx, hit: conflicts.ConflictHit) -> str:
    """A conflict as the event page says it: the person by name ("You" for the caller), the
    other event's title where the caller may see it, and its times in the caller's zone, as the
    page's own times are (the API's conflict names usernames, event ids and UTC moments)."""
    tz = zone(ctx.user.timezone)
    start, end = local_moment(hit.other.start, tz), local_moment(hit.other.end, tz)
    end_words = f"{end:%H:%M}" if end.date() == start.date() else f"{end:%a %-d %b %H:%M}"
    who = "You are" if hit.user.id == ctx.user_id else f"{hit.user.display_name} is"
    what = f" with '{_other_title(ctx, hit)}'" if hit.visible else ""
    return f"{who} busy{what} {start:%a %-d %b %H:%M} to {end_words} ({tz.key})"


def _span_words(start: datetime, end: datetime, today: date, day: date | None = None) -> str:
    """Local times from ``start`` to ``end`` ("10:00-11:00", an en dash between), each day
    named (as ``day_words`` says it against ``today``) unless it is ``day``: "Tue 3 Mar
    10:00-11:00", "Tue 3 Mar 23:00 - Wed 4 Mar 01:00"."""
    first = f"{start:%H:%M}"
    if start.date() != day:
        first = f"{day_words(start.date(), today)} {first}"
    if end.date() == start.date():
        return f"{first}\u2013{end:%H:%M}"  # an en dash, as the event page's times
    return f"{first} \u2013 {day_words(end.date(), today)} {end:%H:%M}"


def _days_words(first: date, last: date, today: date) -> str:
    """An all-day span: "Tue 3 Mar (all day)", "Tue 3 Mar to Thu 5 Mar (all day)"."""
    days = day_words(first, today)
    if last != first:
        days = f"{days} to {day_words(last, today)}"
    return f"{days} (all day)"


@dataclass(frozen=True)
class Clash:
    """One of the caller's events an invitation overlaps, as the pages say it: its title
    (``event_id`` None where the caller may not see it) and its times in the caller's zone."""

    title: str
    event_id: int | None
    when: str


def _clashes(
    ctx: Ctx, event: Event, tz: ZoneInfo, hits: list[conflicts.ConflictHit]
) -> list[Clash]:
    """The caller's own ``hits`` (``conflicts.clashes``) as an invitation's clash line says
    them: the day only where it is not the invitation's first ("Dentist, 10:00-11:00")."""
    day = local_moment(event.start_at, tz).date()
    today = local_day(ctx.now, tz)
    shown = []
    for hit in hits:
        other = hit.other
        if other.start_date and other.end_date:
            when = _days_words(other.start_date, other.end_date, today)
        else:
            start, end = local_moment(other.start, tz), local_moment(other.end, tz)
            when = _span_words(start, end, today, day)
        title = _other_title(ctx, hit) if hit.visible else "a busy time"
        shown.append(Clash(title, other.event.id if hit.visible else None, when))
    return shown


@dataclass(frozen=True)
class ConflictLine:
    """A conflict on the event page: its sentence, cut where the other event's title stands so
    that the title links to that event (as the Conflicts page links both sides); ``title`` is
    empty, and nothing links, where the caller may not see the other event."""

    before: str
    title: str
    after: str
    event_id: int | None


def _conflict_line(ctx: Ctx, hit: conflicts.ConflictHit) -> ConflictLine:
    words = _conflict_words(ctx, hit)
    if not hit.visible:
        return ConflictLine(words, "", "", None)
    before, _, rest = words.partition(" with '")
    title, _, after = rest.rpartition("' ")
    return ConflictLine(f"{before} with '", title, f"' {after}", hit.other.event.id)


def _week_start(ctx: Ctx, tz: ZoneInfo) -> date:
    raw = request.args.get("week")
    try:
        day = date.fromisoformat(raw) if raw else local_day(ctx.now, tz)
    except ValueError:
        day = local_day(ctx.now, tz)
    day = min(max(day, date(1971, 1, 4)), date(2099, 12, 1))
    return day - timedelta(days=day.weekday())


def side_box(ctx: Ctx, focus: date, first: date, last: date, words: str) -> dict[str, Any]:
    """What the side box beside every calendar view shows (``calendar/_side.html``, as Google
    Calendar keeps its small month and calendar list in each view): the month of ``focus``,
    the days ``first`` to ``last`` marked as shown (``words``: "in the week shown") and the
    calendars the caller sees."""
    return {
        "mini": grid.mini_month(focus),
        "focus": focus,
        "side_from": first,
        "side_to": last,
        "side_words": words,
        "calendars": [c for c, _role in calendars.visible_calendars(ctx)],
    }


@page(ui, "/", shows=("list_events",))
def week(ctx: Ctx) -> Any:
    """The week (``?week=`` any day of it, default this one) as a time grid, as Google
    Calendar opens: seven columns of hours, each timed event a block, all-day events in a row
    on top; beside it a small month and the calendars with their colours."""
    tz = zone(ctx.user.timezone)
    now = local_moment(ctx.now, tz)
    monday = _week_start(ctx, tz)
    today = now.date()
    focus = today if 0 <= (today - monday).days < 7 else monday
    return render(
        "calendar/week.html",
        ctx,
        layout=grid.week_layout(grid.days_of(ctx, tz, monday, 7)),
        monday=monday,
        sunday=monday + timedelta(days=6),
        this_monday=today - timedelta(days=today.weekday()),
        prev_week=monday - timedelta(days=7),
        next_week=monday + timedelta(days=7),
        today=today,
        now_minute=now.hour * 60 + now.minute,
        tz=tz.key,
        pending=len(pending_invitations(ctx, "needs_action")),
        view="week",
        views=grid.views(focus),
        day_href=grid.day_href,
        **side_box(ctx, focus, monday, monday + timedelta(days=6), "in the week shown"),
    )


@page(ui, "/schedule", shows=("list_events",))
def schedule(ctx: Ctx) -> Any:
    """The week (``?week=``) as a list of its days and their events, Google Calendar's
    "Schedule" view: what scripts and screen readers read most easily."""
    tz = zone(ctx.user.timezone)
    monday = _week_start(ctx, tz)
    today = local_day(ctx.now, tz)
    pending = len(pending_invitations(ctx, "needs_action"))
    focus = today if 0 <= (today - monday).days < 7 else monday
    return render(
        "calendar/schedule.html",
        ctx,
        days=grid.days_of(ctx, tz, monday, 7),
        monday=monday,
        sunday=monday + timedelta(days=6),
        prev_week=monday - timedelta(days=7),
        next_week=monday + timedelta(days=7),
        today=today,
        tz=tz.key,
        pending=pending,
        view="schedule",
        views=grid.views(focus),
        day_href=grid.day_href,
        **side_box(ctx, focus, monday, monday + timedelta(days=6), "in the week shown"),
    )


@page(ui, "/month", shows=("list_events",))
def month(ctx: Ctx) -> Any:
    """The month (``?month=YYYY-MM``, default this one) as a grid of its weeks, Monday first."""
    tz = zone(ctx.user.timezone)
    today = local_day(ctx.now, tz)
    first = grid.month_param(request.args.get("month"), today)
    return render(
        "calendar/month.html",
        ctx,
        first=first,
        weeks=grid.month_weeks(ctx, tz, first),
        prev_month=grid.next_month(first, -1),
        next_month=grid.next_month(first),
        today=today,
        tz=tz.key,
        view="month",
        views=grid.views(today if today.replace(day=1) == first else first),
        day_href=grid.day_href,
        limits=(grid.FIRST_MONTH, grid.LAST_MONTH),
    )


@page(ui, "/day", shows=("list_events",))
def day(ctx: Ctx) -> Any:
    """One day (``?date=YYYY-MM-DD``, default today) as a time grid: its hours down the side,
    each timed event a block from its start to its end, all-day events in a strip on top."""
    tz = zone(ctx.user.timezone)
    now = local_moment(ctx.now, tz)
    shown = grid.date_param(request.args.get("date"), now.date())
    (the_day,) = grid.days_of(ctx, tz, shown, 1)
    return render(
        "calendar/day.html",
        ctx,
        day=shown,
        shown_day=the_day,
        layout=grid.day_layout(the_day),
        today=now.date(),
        now_minute=now.hour * 60 + now.minute if shown == now.date() else None,
        prev_day=shown - timedelta(days=1),
        next_day=shown + timedelta(days=1),
        tz=tz.key,
        view="day",
        views=grid.views(shown),
        day_href=grid.day_href,
        limits=(grid.FIRST_DAY, grid.LAST_DAY),
        **side_box(ctx, shown, shown, shown, "the day shown"),
    )


@page(ui, "/events/<int:event_id>", shows=("get_event", "list_event_conflicts"))
def event_detail(ctx: Ctx, event_id: int) -> Any:
    event, hits = conflicts.event_conflicts(ctx, event_id)
    tz = zone(ctx.user.timezone)
    copies = grid.copies_of(ctx, event)
    return render(
        "calendar/event.html",
        ctx,
        event=event_out(event, ctx.user),
        copies=copies if len(copies) > 1 else [],
        instances=[
            {"out": occurrence_out(o, ctx.user), "start": local_moment(o.start, tz)}
            for o in occurrences.series_preview(event)
        ],
        my_start=local_moment(event.start_at, tz),
        my_end=local_moment(event.end_at, tz),
        tz=tz.key,
        zones=_zones(event.timezone, tz.key),
        calendars=[
            c
            for c, role in calendars.visible_calendars(ctx)
            if role in ("owner", "writer") or c.id == event.calendar_id
        ],
        conflicts=[_conflict_line(ctx, h) for h in hits],
        clashes=_clashes(ctx, event, tz, [h for h in hits if h.user.id == ctx.user_id]),
        guest_mail=_guest_mail(ctx),
    )


@page(ui, "/events/<int:event_id>/rsvp", methods=("POST",), operation="rsvp")
def event_rsvp(ctx: Ctx, event_id: int) -> Any:
    answer = read_form(RsvpIn)
    event = events.respond(ctx, event_id, answer.response)
    said = {"accepted": "accepted", "declined": "declined", "tentative": "answered maybe to"}
    flash(f"You {said[answer.response]} {_event_words(ctx, event)}.", "ok")
    return back_to(url_for("calendar_ui.event_detail", event_id=event_id), "next")


@page(ui, "/events/<int:event_id>/delete", methods=("POST",), operation="delete_event")
def event_delete(ctx: Ctx, event_id: int) -> Any:
    named = _event_words(ctx, events.get_event(ctx, event_id)[0])
    outcome = events.delete_event(ctx, event_id)
    guests = [a for a in events.get_event(ctx, event_id)[0].attendees if not a.hidden]
    if outcome != "cancelled":
        said = f"You declined {named} and it was removed from your calendar."
    else:
        said = f"Cancelled {named} for everyone." if guests else f"Deleted {named}."
    flash(said, "ok")
    return redirect(url_for("calendar_ui.week"), 303)


@page(
    ui,
    "/events/<int:event_id>/occurrences/<int:index>",
    methods=("POST",),
    operation=OperationChoice(
        "action", {"cancel": "cancel_occurrence"}, default="update_occurrence"
    ),
)
def occurrence_change(ctx: Ctx, event_id: int, index: int) -> Any:
    """Change (title, day and times) or cancel one instance of a recurring event."""
    said = _occurrence_words(ctx, occurrences.get_occurrence(ctx, event_id, index))
    if request.form.get("action") == "cancel":  # which button: the Cancel one
        occurrences.cancel_occurrence(ctx, event_id, index)
        title = occurrences.get_occurrence(ctx, event_id, index).event.title
        flash(f"Cancelled the {said} one of {title!r}; the other ones stay.", "ok")
    else:
        event = occurrences.get_occurrence(ctx, event_id, index).event
        when = _when(all_day=event.all_day)
        body = read_form(OccurrenceUpdate, cleared=("title",), given=when, fields=_WHEN_FIELDS)
        try:
            _occurrence, hits = occurrences.update_occurrence(ctx, event_id, index, body)
        except ValidationFailed as exc:
            raise _times_refused(exc) from None
        flash(f"Changed the {said} one of {event.title!r}; the other ones stay.", "ok")
        for hit in hits:
            flash(f"Conflict: {_conflict_words(ctx, hit)}", "error")
    return redirect(url_for("calendar_ui.event_detail", event_id=event_id), 303)


def _event_words(ctx: Ctx, event: Event) -> str:
    """An event as a notice names it: its title and when it starts, "'Roadmap review' (Tue 3
    Mar 10:00 EST)" (its day when it lasts all day), as its page heads it."""
    tz = zone(ctx.user.timezone)
    if event.all_day and event.start_date is not None:
        when = day_words(event.start_date, local_day(ctx.now, tz))
    else:
        when = moment_words(local_moment(event.start_at, tz), local_moment(ctx.now, tz))
    return f"{event.title!r} ({when})"


def _occurrence_words(ctx: Ctx, occurrence: Occurrence) -> str:
    """An occurrence as its row on the event's page names it: its day and time ("Tue 3 Mar
    09:30 EST"), or its day when it lasts all day."""
    tz = zone(ctx.user.timezone)
    if occurrence.start_date is not None:
        return day_words(occurrence.start_date, local_day(ctx.now, tz))
    return moment_words(local_moment(occurrence.start, tz), local_moment(ctx.now, tz))


def _when(*, all_day: bool) -> dict[str, Any]:
    """The form's day (``date``) and times as the model's fields: a first and last day for an
    all-day event (the last left blank is the first), else a start and end with no zone, which
    the service reads in the event's, as the form shows them."""
    if all_day:
        day = form_value("date", date)
        return {"start_date": day, "end_date": form_value("end_date", date, blank=day)}
    return {"start": day_and_time("date", "start_time"), "end": day_and_time("date", "end_time")}


def _times_refused(exc: ValidationFailed) -> ApiError:
    """The service's refusal of a form's day and times, shown next to the form's own fields in
    the times the form shows (an end before its start names the end and both local times, not
    the stored UTC moments); another refusal as it is."""
    refused = refused_by_service(exc)
    if refused is None:
        return exc
    typed = refused.values
    if {"start_time", "end_time"} <= refused.errors.keys():
        start, end = typed.get("start_time", "").strip(), typed.get("end_time", "").strip()
        return FormInvalid.field("end_time", f"Must be after the start ({start}); it is {end}")
    if {"date", "end_date"} <= refused.errors.keys():
        first, last = typed.get("date", "").strip(), typed.get("end_date", "").strip()
        return FormInvalid.field(
            "end_date", f"Must not be before the first day ({first}); it is {last}"
        )
    return refused


_REPEAT = FieldGroup(
    {"freq": "repeat", "count": "repeat_count"}, needed="freq", blank={"count": "5"}
)
"""The new event form's repetition: how often, and how many times (5 when left blank)."""


def _form_event(ctx: Ctx) -> EventCreate:
    guests = form_value("attendees", list[str])
    given: dict[str, Any] = {
        **_when(all_day=form_value("all_day", bool, blank=False)),
        "timezone": form_value("timezone", str, blank=ctx.user.timezone),
        "attendees": [{"email": g} if "@" in g else {"username": g} for g in guests],
    }
    return read_form(
        EventCreate,
        checkboxes=("all_day",),
        verbatim=("description", "location"),
        given=given,
        groups={"recurrence": _REPEAT},
        fields=_WHEN_FIELDS,
    )


_CLOCK_TIME = re.compile(r"\d\d:\d\d")


def _asked_slot(args: Mapping[str, str]) -> dict[str, str]:
    """What a link to the new-event form fills in (Find a time's free slot: its start, end,
    zone and the people asked about), in the form's own field names; a time that is no
    ``HH:MM`` is left out, so the form keeps its default."""
    asked = {name: args.get(name, "").strip() for name in ("start_time", "end_time")}
    kept = {name: value for name, value in asked.items() if _CLOCK_TIME.fullmatch(value)}
    if (attendees := args.get("attendees", "").strip()) != "":
        kept["attendees"] = attendees
    if (timezone := args.get("timezone", "").strip()) in available_timezones():
        kept["timezone"] = timezone
    return kept


@page(ui, "/events/new", methods=("GET", "POST"), operation="create_event")
def event_new(ctx: Ctx) -> Any:
    if request.method == "POST":
        try:
            event, hits = events.create_event(ctx, _form_event(ctx))
        except ValidationFailed as exc:
            raise _times_refused(exc) from None
        flash(f"Event {event.title!r} created.", "ok")
        for hit in hits:
            flash(f"Conflict: {_conflict_words(ctx, hit)}", "error")
        return redirect(url_for("calendar_ui.event_detail", event_id=event.id), 303)
    tz = zone(ctx.user.timezone)
    day = request.args.get("date") or local_day(ctx.now, tz).isoformat()
    writable = [c for c, role in calendars.visible_calendars(ctx) if role in ("owner", "writer")]
    asked = _asked_slot(request.args)
    return render(
        "calendar/new.html",
        ctx,
        calendars=writable,
        day=day,
        tz=ctx.user.timezone,
        asked=asked,
        zones=sorted(
            {
                asked.get("timezone", "UTC"),
                ctx.user.timezone,
                "UTC",
                "America/New_York",
                "America/Los_Angeles",
                "Europe/London",
                "Europe/Berlin",
                "Europe/Paris",
                "Asia/Tokyo",
                "Asia/Singapore",
                "Australia/Sydney",
            }
        ),
    )


@page(ui, "/invitations", shows=("list_invitations",))
def invitations(ctx: Ctx) -> Any:
    tz = zone(ctx.user.timezone)
    shown = request.args.get("rsvp", "all")
    query = InvitationQuery.model_validate({"rsvp": shown if shown in _ANSWERS else "all"})
    today = local_day(ctx.now, tz)
    invited = pending_invitations(ctx, None if query.rsvp == "all" else query.rsvp)
    clashing = conflicts.clashes(ctx, invited)
    items = [
        {
            "event": e,
            "shown": _event_span(e, tz, today),
            "out": event_out(e, ctx.user),
            "clashes": _clashes(ctx, e, tz, clashing[e.id]),
        }
        for e in invited
    ]
    return render(
        "calendar/invitations.html",
        ctx,
        items=items,
        tz=tz.key,
        rsvp=query.rsvp,
        answers=_ANSWERS,
    )


def _event_span(event: Event, tz: ZoneInfo, today: date) -> str:
    """When an event (an invitation's, a saved one's) starts and ends in the caller's zone
    ("Mon 2 Mar 11:00-12:00 EST"), or the days of an all-day one."""
    if event.all_day and event.start_date and event.end_date:
        return _days_words(event.start_date, event.end_date, today)
    start, end = local_moment(event.start_at, tz), local_moment(event.end_at, tz)
    return f"{_span_words(start, end, today)} {end.tzname()}"


_ANSWERS = {
    "all": "All",
    "needs_action": "Not answered",
    "accepted": "Accepted",
    "tentative": "Maybe",
    "declined": "Declined",
}
"""The invitations page's filter: each answer with the words it is shown in."""
_ZONES = (
    "UTC",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "Europe/London",
    "Europe/Berlin",
    "Europe/Paris",
    "Asia/Tokyo",
    "Asia/Singapore",
    "Australia/Sydney",
)


def _zones(*current: str) -> list[str]:
    """The time zones a form offers, with the ones already in use."""
    return sorted({*_ZONES, *current})


_EDITED = {"title": "title", "location": "location", "description": "description"}
"""The edit form's fields besides its times, as its notice names a changed one."""
_TIMING = ("start_at", "end_at", "start_date", "end_date", "all_day", "timezone")


def _edited(event: Event) -> dict[str, Any]:
    """What the edit form may change of ``event``, to say afterwards what it did change."""
    return {name: getattr(event, name) for name in (*_EDITED, *_TIMING)}


def _saved_words(ctx: Ctx, event: Event, before: Mapping[str, Any]) -> str:
    """The notice of a saved edit, saying what changed: "Saved 'Dentist appointment': now Tue
    3 Mar 10:30-11:30 EST.", "Saved 'Standup': new location.", "... nothing changed."."""
    now = _edited(event)
    said = []
    if any(now[name] != before[name] for name in _TIMING):
        tz = zone(ctx.user.timezone)
        said.append(f"now {_event_span(event, tz, local_day(ctx.now, tz))}")
    changed = [words for name, words in _EDITED.items() if now[name] != before[name]]
    if changed:
        named = changed if len(changed) == 1 else [", ".join(changed[:-1]), changed[-1]]
        said.append(f"new {' and '.join(named)}")
    return f"Saved {event.title!r}: {'; '.join(said) or 'nothing changed'}."


# --- one event: edit, one occurrence ---------------------------------------------------------


@page(ui, "/events/<int:event_id>/edit", methods=("POST",), operation="update_event")
def event_edit(ctx: Ctx, event_id: int) -> Any:
    """The event's edit form: title, day and times, time zone, location and description (the
    guests and the repetition stay as they are)."""
    event, _role = access.get_event(ctx, event_id)
    body = read_form(
        EventUpdate,
        keep_blank=("description", "location"),
        verbatim=("description", "location"),
        given=_when(all_day=event.all_day),
        fields=_WHEN_FIELDS,
    )
    before = _edited(event)
    try:
        saved, hits = events.update_event(ctx, event_id, body)
    except ValidationFailed as exc:
        raise _times_refused(exc) from None
    flash(_saved_words(ctx, saved, before), "ok")
    for hit in hits:
        flash(f"Conflict: {_conflict_words(ctx, hit)}", "error")
    return redirect(url_for("calendar_ui.event_detail", event_id=event_id), 303)


@page(
    ui,
    "/events/<int:event_id>/guests",
    methods=("POST",),
    operation="update_event",
)
def event_guests(ctx: Ctx, event_id: int) -> Any:
    """Invite one more guest (``guest``: a username or an email, ``optional``) or, with
    ``remove``, take one off: the event's guest list as it is, with that change, is saved as
    the API's ``attendees`` (guests who stay keep their answer)."""
    event, _role = access.get_event(ctx, event_id)
    gone = form_value("remove", str).lower()
    guests: list[dict[str, Any]] = [
        {"email": a.email, "optional": a.optional}
        for a in event.attendees
        if a.email.lower() != gone
    ]
    if not gone:
        name = form_value("guest", str)
        if not name:
            raise FormInvalid.field("guest", "is required")
        optional = form_value("optional", bool, blank=False)
        guests.append({"email" if "@" in name else "username": name, "optional": optional})
    body = read_form(EventUpdate, given={"attendees": guests})
    try:
        events.update_event(ctx, event_id, body)
    except ValidationFailed as exc:
        if gone:
            raise
        said = [d["message"] for d in exc.details or [] if isinstance(d, dict) and "message" in d]
        raise FormInvalid.field("guest", said[0] if said else exc.message) from None
    flash(f"Removed {gone} from the guests." if gone else f"Invited {name}.", "ok")
    return redirect(url_for("calendar_ui.event_detail", event_id=event_id), 303)


@page(ui, "/events/<int:event_id>/occurrences/<int:index>", shows=("get_occurrence",))
def occurrence_page(ctx: Ctx, event_id: int, index: int) -> Any:
    occurrence = occurrences.get_occurrence(ctx, event_id, index)
    tz = zone(ctx.user.timezone)
    return render(
        "calendar/occurrence.html",
        ctx,
        o=occurrence_out(occurrence, ctx.user),
        start=local_moment(occurrence.start, tz),
        end=local_moment(occurrence.end, tz),
        tz=tz.key,
    )


# --- calendars -----------------------------------------------------------------------------


def _to_calendar(calendar_id: int) -> Any:
    return redirect(url_for("calendar_ui.calendar_page", calendar_id=calendar_id), 303)


@page(ui, "/calendars", shows=("list_calendars",))
def calendars_page(ctx: Ctx) -> Any:
    return render(
        "calendar/calendars.html",
        ctx,
        calendars=[calendar_out(c, ctx.user) for c, _role in calendars.visible_calendars(ctx)],
        zones=_zones(ctx.user.timezone),
        tz=ctx.user.timezone,
    )


@page(ui, "/calendars", methods=("POST",), operation="create_calendar")
def calendar_create(ctx: Ctx) -> Any:
    body = read_form(CalendarCreate, keep_blank=("description",), verbatim=("description",))
    calendar = calendars.create_calendar(
        ctx, body.name, body.color, body.description, body.timezone
    )
    flash(f"Created the calendar {calendar.name!r}.", "ok")
    return _to_calendar(calendar.id)


@page(ui, "/calendars/<int:calendar_id>", shows=("get_calendar",))
def calendar_page(ctx: Ctx, calendar_id: int) -> Any:
    calendar, _role = access.get_calendar(ctx, calendar_id)
    out = calendar_out(calendar, ctx.user)
    return render(
        "calendar/calendar.html",
        ctx,
        calendar=out,
        zones=_zones(out.timezone, ctx.user.timezone),
        guest_mail=_guest_mail(ctx),
    )


@page(ui, "/calendars/<int:calendar_id>/edit", methods=("POST",), operation="update_calendar")
def calendar_edit(ctx: Ctx, calendar_id: int) -> Any:
    body = read_form(CalendarUpdate, keep_blank=("description",), verbatim=("description",))
    changes = body.model_dump(exclude_unset=True)
    calendar = calendars.update_calendar(ctx, calendar_id, changes)
    flash(f"Saved the calendar {calendar.name!r}.", "ok")
    return _to_calendar(calendar_id)


@page(ui, "/calendars/<int:calendar_id>/delete", methods=("POST",), operation="delete_calendar")
def calendar_delete(ctx: Ctx, calendar_id: int) -> Any:
    name = access.get_calendar(ctx, calendar_id)[0].name
    calendars.delete_calendar(ctx, calendar_id)
    flash(f"Deleted the calendar {name!r} and its events.", "ok")
    return redirect(url_for("calendar_ui.calendars_page"), 303)


@page(ui, "/calendars/<int:calendar_id>/shares", methods=("POST",), operation="share_calendar")
def calendar_share(ctx: Ctx, calendar_id: int) -> Any:
    body = read_form(ShareCreate)
    calendar = calendars.share_calendar(ctx, calendar_id, body.user, body.role)
    person = users.find_user(ctx.session, body.user)
    whom = person.display_name if person is not None else body.user
    flash(f"Shared {calendar.name!r} with {whom} as {body.role}.", "ok")
    return _to_calendar(calendar_id)


@page(
    ui,
    "/calendars/<int:calendar_id>/shares/<int:user_id>/delete",
    methods=("POST",),
    operation="unshare_calendar",
)
def calendar_unshare(ctx: Ctx, calendar_id: int, user_id: int) -> Any:
    calendar = calendars.unshare_calendar(ctx, calendar_id, user_id)
    person = ctx.session.get(User, user_id)
    whom = person.display_name if person is not None else "that person"
    flash(f"{calendar.name!r} is no longer shared with {whom}.", "ok")
    return _to_calendar(calendar_id)


# --- people, find a time, conflicts, settings -----------------------------------------------


@page(ui, "/people", shows=("list_users",))
def people_page(ctx: Ctx) -> Any:
    query = parse_query(UserQuery)
    found = answers.list_users(ctx, query)
    return render("calendar/people.html", ctx, found=found, query=query)


def _day_range(
    ctx: Ctx,
    tz: ZoneInfo,
    *,
    default_days: int = 7,
    most: int = 31,
    args: Mapping[str, str] | None = None,
) -> tuple[str, str, datetime, datetime, str | None]:
    """The page's first day (``from``, default today), its number of days (``days``, as typed,
    default ``default_days``), that range's local start and end, and, for a number of days
    that is not 1 to ``most``, the refusal in words (the range is then not searched: never
    silently shortened)."""
    args = request.args if args is None else args
    today = local_day(ctx.now, tz)
    try:
        first = date.fromisoformat(args.get("from") or today.isoformat())
    except ValueError:
        first = today
    raw = args.get("days", "").strip() or str(default_days)
    days = int(raw) if raw.isdigit() else 0
    error = None
    if not 1 <= days <= most:
        error = f"Days must be a whole number from 1 to {most}; {raw!r} was asked."
        days = default_days
    start = datetime.combine(first, datetime.min.time())
    return first.isoformat(), raw, start, start + timedelta(days=days), error


# Find a time's working hours unless asked for others: the API's ``suggest`` defaults
WORKING_HOURS = ("09:00", "17:00")
# The most slots the API suggests at once: more than a working day holds at the page's
# half-hour step, so a day's count is whole.
SLOTS_A_DAY_MOST = 50
# Over several days each day shows its first few slots and links to all of them.
SLOTS_SHOWN_A_DAY = 8


@dataclass(frozen=True)
class FreeDay:
    """One day of Find a time: its free slots as the API suggests them, every one counted."""

    day: date
    slots: list[SlotOut]
    # "today" when the search starts from now (a time already past is no suggestion, as in
    # Google Calendar), "past" for a day already over; None for a day still to come
    cut: str | None = None


@dataclass(frozen=True)
class SlotSearch:
    """What Find a time asks of each day: the meeting's length, the working hours (the API's
    ``suggest`` fields) and whether weekends count."""

    duration: int
    hours: tuple[str, str]
    weekends: bool


# Find a time's fields by their labels on the page, for a refusal that names one
FIND_A_TIME_LABELS = {
    "users": "People",
    "duration_minutes": "Meeting length",
    "working_hours_start": "Working day starts at",
    "working_hours_end": "Working day ends at",
}


def _find_a_time_refusal(field: str, message: str) -> str:
    """A refusal of Find a time led by the field's label, other fields it names by theirs."""
    for name, label in FIND_A_TIME_LABELS.items():
        message = message.replace(name, label.lower())
    return f"{FIND_A_TIME_LABELS.get(field, field)}: {message}"


def _free_days(
    asked: FreeBusyIn, start: datetime, end: datetime, search: SlotSearch, ctx: Ctx
) -> list[FreeDay]:
    """Every day asked for with all its free slots, one suggestion per day (as Google
    Calendar groups its suggested times by day): asking once for the first few of the range
    stopped on its first day and never said the later days were left out."""
    free: list[FreeDay] = []
    now = local_wall_time(ctx.now, zone(asked.timezone or ctx.user.timezone))
    day = start
    while day < end:
        cut = None if now <= day else "past" if now >= day + timedelta(days=1) else "today"
        if cut == "past":
            if search.weekends or day.weekday() < 5:
                free.append(FreeDay(day.date(), [], cut))
            day += timedelta(days=1)
            continue
        one_day = asked.model_copy(update={"start": max(day, now), "end": day + timedelta(days=1)})
        found = answers.suggest(
            ctx,
            SuggestIn(
                **one_day.model_dump(),
                duration_minutes=search.duration,
                working_hours_start=search.hours[0],
                working_hours_end=search.hours[1],
                include_weekends=search.weekends,
                max_results=SLOTS_A_DAY_MOST,
            ),
        )
        if search.weekends or day.weekday() < 5:
            free.append(FreeDay(day.date(), found.slots, cut))
        day += timedelta(days=1)
    return free


@page(ui, "/find-a-time", shows=("freebusy", "suggest"))
def find_time_page(ctx: Ctx) -> Any:
    """Who is busy when in a range of days, and the first slots where everyone is free."""
    tz = zone(ctx.user.timezone)
    first, days, start, end, error = _day_range(ctx, tz)
    args = request.args
    people = list_items(args.getlist("users")) or [ctx.user.username]
    raw_duration = args.get("duration_minutes", "")
    duration = int(raw_duration) if raw_duration.isdigit() else 30
    weekends = args.get("include_weekends") == "on"
    hours = (
        args.get("working_hours_start") or WORKING_HOURS[0],
        args.get("working_hours_end") or WORKING_HOURS[1],
    )
    busy, slots = None, None
    try:
        if error is not None:
            raise ApiError(error)
        asked = FreeBusyIn(users=people, start=start, end=end, timezone=tz.key)
        busy = answers.freebusy(ctx, asked)
        slots = _free_days(asked, start, end, SlotSearch(duration, hours, weekends), ctx)
    except ValidationFailed as exc:  # a field the business rule refused (hours in the wrong order)
        detail = exc.details[0]
        error = _find_a_time_refusal(str(detail["loc"][-1]), detail["message"])
    except ApiError as exc:
        error = exc.message
    except ValidationError as exc:  # the models' own refusal (too many people, a short meeting)
        detail = exc.errors(include_url=False)[0]
        error = _find_a_time_refusal(str(detail["loc"][0]), plain_message(detail))
    return render(
        "calendar/find_time.html",
        ctx,
        people=", ".join(people),
        first=first,
        days=days,
        duration=duration,
        weekends=weekends,
        hours=hours,
        busy=busy,
        slots=slots,
        guests=", ".join(p for p in people if p not in (ctx.user.username, ctx.user.email)),
        shown_a_day=SLOTS_SHOWN_A_DAY if len(slots or []) > 1 else SLOTS_A_DAY_MOST,
        error=error,
        tz=tz.key,
    )


# A search with no days chosen looks half a year back and half a year ahead, the most the API
# lists at once, as a calendar app's search finds past events too.
SEARCH_DAYS_BACK = ranges.MAX_RANGE_DAYS // 2


@page(ui, "/search", shows=(listed("list_events", q="<q>", start="<from>"),))
def search_page(ctx: Ctx) -> Any:
    """Events by words in their title, description or location over a range of days (by
    default from half a year ago to half a year ahead), in some calendars, cancelled ones too if
    asked (as ``GET /api/events``). Nothing is listed until a search is asked (words or a first
    day); the answer says which days it covered and links to the range before and after."""
    tz = zone(ctx.user.timezone)
    args = request.args
    today = local_day(ctx.now, tz)
    asked = bool(args.get("q", "").strip() or args.get("from"))
    default_first = today - timedelta(days=SEARCH_DAYS_BACK)
    if not args.get("from"):
        args = args.copy()
        args["from"] = default_first.isoformat()
        args.setdefault("days", str(ranges.MAX_RANGE_DAYS))
    first, days, start, end, error = _day_range(
        ctx, tz, default_days=ranges.MAX_RANGE_DAYS, most=ranges.MAX_RANGE_DAYS, args=args
    )
    chosen = [int(c) for c in args.getlist("calendar_ids") if c.isdigit()]
    found = None
    try:
        if error is not None:
            raise ApiError(error)
        if asked:
            query = EventQuery(
                start=start,
                end=end,
                timezone=tz.key,
                q=args.get("q", "").strip() or None,
                calendar_ids=chosen or None,
                include_cancelled=args.get("include_cancelled") == "on",
                per_page=100,
            )
            found = answers.list_events(ctx, query)
    except ApiError as exc:
        error = exc.message
    except ValidationError as exc:
        first_error = exc.errors(include_url=False)[0]
        error = f"{'.'.join(str(p) for p in first_error['loc'])}: {plain_message(first_error)}"
    listed_now = found.items if found else []
    span = (end - start).days
    return render(
        "calendar/search.html",
        ctx,
        most_days=ranges.MAX_RANGE_DAYS,
        found=found,
        alike=grid.alike_names(ctx, {o.id for o in listed_now if o.status != "cancelled"}),
        error=error,
        q=args.get("q", ""),
        first=first,
        days=days,
        searched=(start.date(), (end - timedelta(days=1)).date()),
        earlier=_search_href(args, start.date() - timedelta(days=span), span),
        later=_search_href(args, end.date(), span),
        chosen=chosen,
        include_cancelled=args.get("include_cancelled") == "on",
        calendars=[c for c, _role in calendars.visible_calendars(ctx)],
        tz=tz.key,
    )


def _search_href(args: Mapping[str, str], first: date, days: int) -> str:
    """The search page's address for the same search over ``days`` days from ``first``."""
    kept = [(k, v) for k, v in args.items(multi=True) if k not in ("from", "days")]  # type: ignore[call-arg]
    return (
        url_for("calendar_ui.search_page")
        + "?"
        + urlencode([*kept, ("from", first.isoformat()), ("days", str(days))])
    )


@page(ui, "/conflicts", shows=("list_conflicts",))
def conflicts_page(ctx: Ctx) -> Any:
    tz = zone(ctx.user.timezone)
    first, days, start, end, error = _day_range(ctx, tz)
    found = None
    if error is None:
        found = answers.list_conflicts(
            ctx, RangeQuery(start=start, end=end, timezone=tz.key, per_page=100)
        )
    sides = {
        side.event_id
        for pair in (found.items if found else [])
        for side in (pair.first, pair.second)
    }
    return render(
        "calendar/conflicts.html",
        ctx,
        found=found,
        error=error,
        first=first,
        days=days,
        tz=tz.key,
        alike=grid.alike_names(ctx, sides),
    )


@page(ui, "/settings", shows=("get_profile",))
def settings_page(ctx: Ctx) -> Any:
    return render(
        "calendar/settings.html",
        ctx,
        profile=user_out(ctx.user),
        zones=_zones(ctx.user.timezone),
    )


@page(ui, "/settings", methods=("POST",), operation="update_profile")
def settings_save(ctx: Ctx) -> Any:
    body = read_form(ProfileUpdate)
    users.update_profile(ctx, body.display_name, body.timezone)
    flash("Your settings were saved.", "ok")
    return redirect(url_for("calendar_ui.settings_page"), 303)
