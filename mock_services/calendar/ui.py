"""The web UI: week agenda, event detail with RSVP, new-event form, invitations."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from flask import Blueprint, flash, redirect, request, url_for

from mock_services.core.data.audit import OperationChoice
from mock_services.core.spec.api import Ctx
from mock_services.core.web.forms import FormInvalid, list_items, read_form
from mock_services.core.web.ui import page, render

from . import access, calendars, conflicts, events, occurrences
from .invitations import pending_invitations
from .present import event_out, occurrence_out
from .schemas import EventCreate, OccurrenceUpdate, RsvpIn
from .times import as_local, local_midnight_utc

ui = Blueprint("calendar_ui", __name__, template_folder="templates")
_WHEN_FIELDS = {"start": "start_time", "end": "end_time", "start_date": "date"}
"""The form fields a refused start or end is shown at (a day and times read as one moment)."""
_EVENT_FIELDS = {**_WHEN_FIELDS, "recurrence": "repeat", "recurrence.count": "repeat_count"}


def _week_start(ctx: Ctx, tz: ZoneInfo) -> date:
    raw = request.args.get("week")
    try:
        day = date.fromisoformat(raw) if raw else ctx.now.astimezone(tz).date()
    except ValueError:
        day = ctx.now.astimezone(tz).date()
    day = min(max(day, date(1971, 1, 4)), date(2099, 12, 1))
    return day - timedelta(days=day.weekday())


@page(ui, "/")
def week(ctx: Ctx) -> Any:
    tz = ZoneInfo(ctx.user.timezone)
    monday = _week_start(ctx, tz)
    lo = local_midnight_utc(monday, tz)
    hi = local_midnight_utc(monday + timedelta(days=7), tz)
    days: list[dict[str, Any]] = [
        {"date": monday + timedelta(days=i), "items": []} for i in range(7)
    ]
    for occurrence in events.list_occurrences(ctx, lo, hi):
        event = occurrence.event
        mine = access.my_attendee(event, ctx.user)
        start_local = as_local(occurrence.start, tz)
        end_local = as_local(occurrence.end, tz)
        first = occurrence.start_date or start_local.date()
        last = occurrence.end_date or (end_local - timedelta(microseconds=1)).date()
        for item in days:
            if first <= item["date"] <= last:
                item["items"].append(
                    {
                        "event": event,
                        "index": occurrence.index,
                        "title": occurrence.field("title"),
                        "location": occurrence.field("location"),
                        "status": occurrence.status,
                        "changed": occurrence.exception is not None,
                        "all_day": event.all_day,
                        "start": start_local,
                        "end": end_local,
                        "rsvp": mine.rsvp_status if mine else None,
                        "color": event.calendar.color,
                    }
                )
    pending = len(pending_invitations(ctx, "needs_action"))
    return render(
        "calendar/week.html",
        ctx,
        days=days,
        monday=monday,
        prev_week=monday - timedelta(days=7),
        next_week=monday + timedelta(days=7),
        today=ctx.now.astimezone(tz).date(),
        tz=tz.key,
        pending=pending,
    )


@page(ui, "/events/<int:event_id>")
def event_detail(ctx: Ctx, event_id: int) -> Any:
    event, _role = access.get_event(ctx, event_id)
    tz = ZoneInfo(ctx.user.timezone)
    return render(
        "calendar/event.html",
        ctx,
        event=event_out(event, ctx.user),
        instances=[
            {"out": occurrence_out(o, ctx.user), "start": as_local(o.start, tz)}
            for o in occurrences.series_preview(event)
        ],
        my_start=as_local(event.start_at, tz),
        my_end=as_local(event.end_at, tz),
        tz=tz.key,
        conflicts=[conflicts.describe_conflict(h) for h in conflicts.find_conflicts(ctx, event)]
        if event.status != "cancelled"
        else [],
    )


@page(ui, "/events/<int:event_id>/rsvp", methods=("POST",), operation="rsvp")
def event_rsvp(ctx: Ctx, event_id: int) -> Any:
    answer = read_form(RsvpIn)
    events.respond(ctx, event_id, answer.response)
    flash(f"You answered {answer.response.replace('_', ' ')}.", "ok")
    target = request.form.get("next", "")
    if not target.startswith("/") or target.startswith("//"):
        target = url_for("calendar_ui.event_detail", event_id=event_id)
    return redirect(target, 303)


@page(ui, "/events/<int:event_id>/delete", methods=("POST",), operation="delete_event")
def event_delete(ctx: Ctx, event_id: int) -> Any:
    outcome = events.delete_event(ctx, event_id)
    flash(
        "The event was cancelled for everyone."
        if outcome == "cancelled"
        else "You declined the event and it was removed from your calendar.",
        "ok",
    )
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
    form = request.form
    if form.get("action") == "cancel":
        occurrences.cancel_occurrence(ctx, event_id, index)
        flash(f"Occurrence {index + 1} was cancelled; the other ones stay.", "ok")
    else:
        event = occurrences.get_occurrence(ctx, event_id, index).event
        when = _when(all_day=event.all_day)
        body = read_form(OccurrenceUpdate, cleared=("title",), given=when, fields=_WHEN_FIELDS)
        _occurrence, hits = occurrences.update_occurrence(ctx, event_id, index, body)
        flash(f"Occurrence {index + 1} was changed; the other ones stay.", "ok")
        for hit in hits:
            flash(f"Conflict: {conflicts.describe_conflict(hit)}", "error")
    return redirect(url_for("calendar_ui.event_detail", event_id=event_id), 303)


def _when(*, all_day: bool) -> dict[str, str]:
    """The form's day (``date``) and times as the model's fields: a first and last day for an
    all-day event, else a start and end read in the event's zone, as the form shows them."""
    form = request.form
    day = form.get("date", "").strip()
    try:
        date.fromisoformat(day)
    except ValueError:
        raise FormInvalid.field("date", "expected a date such as 2026-03-05") from None
    if all_day:
        return {"start_date": day, "end_date": form.get("end_date", "").strip() or day}
    return {
        "start": f"{day}T{form.get('start_time', '').strip()}",
        "end": f"{day}T{form.get('end_time', '').strip()}",
    }


def _form_event(ctx: Ctx) -> EventCreate:
    form = request.form
    guests = list_items(form.getlist("attendees"))
    given: dict[str, Any] = {
        **_when(all_day="all_day" in form),
        "timezone": form.get("timezone") or ctx.user.timezone,
        "attendees": [{"email": g} if "@" in g else {"username": g} for g in guests],
    }
    if form.get("repeat") in ("daily", "weekly", "monthly"):
        given["recurrence"] = {"freq": form["repeat"], "count": form.get("repeat_count") or 5}
    return read_form(
        EventCreate,
        checkboxes=("all_day",),
        verbatim=("description", "location"),
        given=given,
        fields=_EVENT_FIELDS,
    )


@page(ui, "/events/new", methods=("GET", "POST"), operation="create_event")
def event_new(ctx: Ctx) -> Any:
    if request.method == "POST":
        event, hits = events.create_event(ctx, _form_event(ctx))
        flash(f"Event {event.title!r} created.", "ok")
        for hit in hits:
            flash(f"Conflict: {conflicts.describe_conflict(hit)}", "error")
        return redirect(url_for("calendar_ui.event_detail", event_id=event.id), 303)
    tz = ZoneInfo(ctx.user.timezone)
    day = request.args.get("date") or ctx.now.astimezone(tz).date().isoformat()
    writable = [c for c, role in calendars.visible_calendars(ctx) if role in ("owner", "writer")]
    return render(
        "calendar/new.html",
        ctx,
        calendars=writable,
        day=day,
        tz=ctx.user.timezone,
        zones=sorted(
            {
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


@page(ui, "/invitations")
def invitations(ctx: Ctx) -> Any:
    tz = ZoneInfo(ctx.user.timezone)
    items = [
        {"event": e, "start": as_local(e.start_at, tz), "out": event_out(e, ctx.user)}
        for e in pending_invitations(ctx, None)
    ]
    return render("calendar/invitations.html", ctx, items=items, tz=tz.key)
