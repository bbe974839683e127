"""The web UI: week agenda, event detail with RSVP, new-event form, invitations."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from flask import Blueprint, flash, redirect, request, url_for
from pydantic import ValidationError

from mock_services.core.api import Ctx
from mock_services.core.errors import ValidationFailed
from mock_services.core.ui import page, render

from . import logic
from .present import event_out, occurrence_out
from .schemas import EventCreate, OccurrenceUpdate, RsvpIn
from .times import as_local, local_midnight_utc

ui = Blueprint("calendar_ui", __name__, template_folder="templates")


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
    for occurrence in logic.list_occurrences(ctx, lo, hi):
        event = occurrence.event
        mine = logic.my_attendee(event, ctx.user)
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
    pending = len(logic.pending_invitations(ctx, "needs_action"))
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
    event, _role = logic.get_event(ctx, event_id)
    tz = ZoneInfo(ctx.user.timezone)
    return render(
        "calendar/event.html",
        ctx,
        event=event_out(event, ctx.user),
        instances=[
            {"out": occurrence_out(o, ctx.user), "start": as_local(o.start, tz)}
            for o in logic.series_preview(event)
        ],
        my_start=as_local(event.start_at, tz),
        my_end=as_local(event.end_at, tz),
        tz=tz.key,
        conflicts=[logic.describe_conflict(h) for h in logic.find_conflicts(ctx, event)]
        if event.status != "cancelled"
        else [],
    )


@page(ui, "/events/<int:event_id>/rsvp", methods=("POST",))
def event_rsvp(ctx: Ctx, event_id: int) -> Any:
    try:
        answer = RsvpIn(response=request.form.get("response", ""))  # type: ignore[arg-type]
    except ValidationError:
        raise ValidationFailed("response: choose accepted, declined or tentative") from None
    logic.respond(ctx, event_id, answer.response)
    flash(f"You answered {answer.response.replace('_', ' ')}.", "ok")
    target = request.form.get("next", "")
    if not target.startswith("/") or target.startswith("//"):
        target = url_for("calendar_ui.event_detail", event_id=event_id)
    return redirect(target, 303)


@page(ui, "/events/<int:event_id>/delete", methods=("POST",))
def event_delete(ctx: Ctx, event_id: int) -> Any:
    outcome = logic.delete_event(ctx, event_id)
    flash(
        "The event was cancelled for everyone."
        if outcome == "cancelled"
        else "You declined the event and it was removed from your calendar.",
        "ok",
    )
    return redirect(url_for("calendar_ui.week"), 303)


@page(ui, "/events/<int:event_id>/occurrences/<int:index>", methods=("POST",))
def occurrence_change(ctx: Ctx, event_id: int, index: int) -> Any:
    """Change (title, day and times) or cancel one instance of a recurring event."""
    form = request.form
    if form.get("action") == "cancel":
        logic.cancel_occurrence(ctx, event_id, index)
        flash(f"Occurrence {index + 1} was cancelled; the other ones stay.", "ok")
    else:
        event = logic.get_occurrence(ctx, event_id, index).event
        day = form.get("date", "")
        values: dict[str, Any] = {"title": form.get("title", "").strip() or None}
        if event.all_day:
            values["start_date"] = day
        else:  # times are read in the event's zone, as the form shows them
            values["start"] = f"{day}T{form.get('start_time', '')}"
            values["end"] = f"{day}T{form.get('end_time', '')}"
        _occurrence, hits = logic.update_occurrence(
            ctx, event_id, index, _validated(OccurrenceUpdate, values)
        )
        flash(f"Occurrence {index + 1} was changed; the other ones stay.", "ok")
        for hit in hits:
            flash(f"Conflict: {logic.describe_conflict(hit)}", "error")
    return redirect(url_for("calendar_ui.event_detail", event_id=event_id), 303)


def _validated(model: Any, values: dict[str, Any]) -> Any:
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ValidationFailed(f"{where}: {err['msg']}") from None


def _form_event(ctx: Ctx) -> EventCreate:
    form = request.form
    guests = [
        g.strip() for g in form.get("attendees", "").replace(";", ",").split(",") if g.strip()
    ]
    all_day = form.get("all_day") == "on"
    day = form.get("date", "")
    values: dict[str, Any] = {
        "title": form.get("title", "").strip(),
        "description": form.get("description", ""),
        "location": form.get("location", ""),
        "timezone": form.get("timezone") or ctx.user.timezone,
        "all_day": all_day,
        "attendees": [{"email": g} if "@" in g else {"username": g} for g in guests],
    }
    if form.get("calendar_id"):
        values["calendar_id"] = form.get("calendar_id")
    if all_day:
        values["start_date"] = day
        values["end_date"] = form.get("end_date") or day
    else:
        values["start"] = f"{day}T{form.get('start_time', '')}"
        values["end"] = f"{day}T{form.get('end_time', '')}"
    if form.get("repeat") in ("daily", "weekly", "monthly"):
        values["recurrence"] = {"freq": form["repeat"], "count": form.get("repeat_count") or 5}
    return _validated(EventCreate, values)


@page(ui, "/events/new", methods=("GET", "POST"))
def event_new(ctx: Ctx) -> Any:
    if request.method == "POST":
        event, hits = logic.create_event(ctx, _form_event(ctx))
        flash(f"Event {event.title!r} created.", "ok")
        for hit in hits:
            flash(f"Conflict: {logic.describe_conflict(hit)}", "error")
        return redirect(url_for("calendar_ui.event_detail", event_id=event.id), 303)
    tz = ZoneInfo(ctx.user.timezone)
    day = (
        request.args.get("date") or (ctx.now.astimezone(tz).date() + timedelta(days=1)).isoformat()
    )
    writable = [c for c, role in logic.visible_calendars(ctx) if role in ("owner", "writer")]
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
        for e in logic.pending_invitations(ctx, None)
    ]
    return render("calendar/invitations.html", ctx, items=items, tz=tz.key)
