"""Request bodies and answers of the calendar API."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import BeforeValidator, ConfigDict, Field

from mock_services.core.base.schemas import ApiModel, EmailAddress, OutModel, PageQuery


def _text_only(value: object) -> object:
    """Query dates must be ISO 8601 text: refuse numbers (read as timestamps otherwise). Bodies
    need no such guard: the core validates them in strict JSON mode."""
    if isinstance(value, str) and value.strip().lstrip("+-").replace(".", "", 1).isdigit():
        raise ValueError("expected an ISO 8601 date/time such as '2026-03-05T10:00:00Z'")
    if isinstance(value, int | float | bool):
        raise ValueError("expected an ISO 8601 date/time string, not a number")
    return value


DateTimeIn = Annotated[datetime, BeforeValidator(_text_only)]
Id = Annotated[int, Field(ge=1, le=2**53)]
TzName = Annotated[
    str, Field(min_length=1, max_length=64, examples=["Europe/Paris", "America/New_York"])
]
Color = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", examples=["#33b679"])]
ClockTime = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$", examples=["09:00"])]
Rsvp = Literal["needs_action", "accepted", "declined", "tentative"]
Answer = Literal["accepted", "declined", "tentative"]
Role = Literal["reader", "writer"]

_TIME_DOC = (
    "ISO 8601; with an offset ('2026-03-05T10:00:00Z', '+01:00') it is an instant, without one "
    "it is local time in the event's time zone"
)
_RANGE_DOC = "ISO 8601; naive values are read in 'timezone' (default: your home time zone)"


# --- Users ------------------------------------------------------------------------------------


class UserOut(OutModel):
    id: int
    username: str
    display_name: str
    email: str
    timezone: str


class UserPage(OutModel):
    items: list[UserOut]
    total: int


class UserQuery(PageQuery):
    q: str | None = Field(None, max_length=200, description="part of a username, name or email")


class ProfileUpdate(ApiModel):
    display_name: str | None = Field(None, min_length=1, max_length=200)
    timezone: TzName | None = None


# --- Calendars ----------------------------------------------------------------------------------


class ShareOut(OutModel):
    user_id: int
    username: str
    email: str
    role: str


class CalendarOut(OutModel):
    id: int
    name: str
    color: str
    description: str
    timezone: str
    primary: bool
    owner: str
    role: str = Field(description="your access: owner, writer or reader")
    shares: list[ShareOut] = Field(description="who else can see it (only shown to the owner)")


class CalendarPage(OutModel):
    items: list[CalendarOut]
    total: int


class CalendarCreate(ApiModel):
    name: str = Field(min_length=1, max_length=200)
    color: Color | None = None
    description: str = Field("", max_length=2000)
    timezone: TzName | None = Field(None, description="default: your home time zone")


class CalendarUpdate(ApiModel):
    name: str | None = Field(None, min_length=1, max_length=200)
    color: Color | None = None
    description: str | None = Field(None, max_length=2000)
    timezone: TzName | None = None


class ShareCreate(ApiModel):
    user: str = Field(min_length=1, max_length=254, description="username or email")
    role: Role = "reader"


# --- Events -------------------------------------------------------------------------------------


class RecurrenceIn(ApiModel):
    freq: Literal["daily", "weekly", "monthly"]
    interval: int = Field(1, ge=1, le=99, description="every N days/weeks/months")
    count: int | None = Field(None, ge=1, le=730, description="number of occurrences")
    until: date | None = Field(None, description="last possible day (inclusive, event's zone)")


class AttendeeIn(ApiModel):
    email: EmailAddress | None = None
    username: str | None = Field(None, min_length=1, max_length=64)
    optional: bool = False


class ReminderIn(ApiModel):
    minutes_before: int = Field(ge=0, le=40320)
    method: Literal["popup", "email"] = "popup"


class EventCreate(ApiModel):
    model_config = ConfigDict(
        json_schema_extra={
            "anyOf": [
                {"required": ["start", "end"]},
                {"required": ["all_day", "start_date"], "properties": {"all_day": {"const": True}}},
            ]
        }
    )
    calendar_id: Id | None = Field(None, description="default: your primary calendar")
    title: str = Field(min_length=1, max_length=200)
    description: str = Field("", max_length=5000)
    location: str = Field("", max_length=500)
    start: datetime | None = Field(None, description=_TIME_DOC)
    end: datetime | None = Field(None, description=_TIME_DOC)
    timezone: TzName | None = Field(None, description="IANA zone; default: the calendar's")
    all_day: bool = False
    start_date: date | None = Field(None, description="all-day events: first day")
    end_date: date | None = Field(None, description="all-day events: last day (inclusive)")
    status: Literal["confirmed", "tentative"] = "confirmed"
    transparency: Literal["opaque", "transparent"] | None = Field(
        None,
        description="transparent events do not block time; default opaque (all-day: transparent)",
    )
    attendees: list[AttendeeIn] = Field([], max_length=100)
    reminders: list[ReminderIn] = Field([], max_length=5)
    recurrence: RecurrenceIn | None = None
    reject_conflicts: bool = Field(
        False, description="answer 409 instead of saving over a conflict"
    )


class EventUpdate(ApiModel):
    calendar_id: Id | None = None
    title: str | None = Field(None, min_length=1, max_length=200)
    description: str | None = Field(None, max_length=5000)
    location: str | None = Field(None, max_length=500)
    start: datetime | None = Field(None, description=_TIME_DOC)
    end: datetime | None = Field(None, description=_TIME_DOC)
    timezone: TzName | None = None
    all_day: bool | None = None
    start_date: date | None = None
    end_date: date | None = None
    status: Literal["confirmed", "tentative"] | None = None
    transparency: Literal["opaque", "transparent"] | None = None
    attendees: list[AttendeeIn] | None = Field(
        None, max_length=100, description="replaces the list"
    )
    reminders: list[ReminderIn] | None = Field(None, max_length=5, description="replaces the list")
    recurrence: RecurrenceIn | None = Field(None, description="null removes the recurrence")
    reject_conflicts: bool = False


class OccurrenceUpdate(ApiModel):
    """A change to one instance of a recurring event; only the fields you send change."""

    title: str | None = Field(None, min_length=1, max_length=200)
    description: str | None = Field(None, max_length=5000)
    location: str | None = Field(None, max_length=500)
    start: datetime | None = Field(
        None, description=_TIME_DOC + "; moving only start keeps the length"
    )
    end: datetime | None = Field(None, description=_TIME_DOC)
    start_date: date | None = Field(None, description="all-day events: the instance's first day")
    end_date: date | None = Field(None, description="all-day events: its last day (inclusive)")
    status: Literal["confirmed", "tentative"] | None = Field(
        None, description="cancel an instance with DELETE instead"
    )
    reject_conflicts: bool = False


class RsvpIn(ApiModel):
    response: Answer


class PersonOut(OutModel):
    username: str
    email: str
    display_name: str


class AttendeeOut(OutModel):
    email: str
    username: str | None
    display_name: str | None
    rsvp_status: Rsvp
    optional: bool
    responded_at: str | None


class ReminderOut(OutModel):
    minutes_before: int
    method: str


class RecurrenceOut(OutModel):
    freq: str
    interval: int
    count: int | None
    until: str | None


class ExceptionOut(OutModel):
    """An instance of a recurring event changed or cancelled on its own."""

    occurrence_index: int
    original_start: str = Field(description="UTC start the rule gives it (RFC 5545 RECURRENCE-ID)")
    status: Literal["confirmed", "tentative", "cancelled"]
    title: str | None = Field(description="null: the series' title")
    description: str | None
    location: str | None
    start: str = Field(description="UTC")
    end: str = Field(description="UTC")
    start_date: str | None
    end_date: str | None


class EventOut(OutModel):
    id: int
    calendar_id: int
    calendar_name: str
    title: str
    description: str
    location: str
    start: str = Field(description="UTC")
    end: str = Field(description="UTC")
    start_local: str = Field(description="in the event's time zone, with offset")
    end_local: str
    timezone: str
    all_day: bool
    start_date: str | None
    end_date: str | None = Field(description="all-day events: last day (inclusive)")
    status: Literal["confirmed", "tentative", "cancelled"]
    transparency: Literal["opaque", "transparent"]
    organizer: PersonOut
    external_organizer: str | None = Field(
        description="an invitation from another service: its organizer's address (then "
        "'organizer' is you, who hold this copy)"
    )
    attendees: list[AttendeeOut]
    reminders: list[ReminderOut]
    recurrence: RecurrenceOut | None
    my_role: str = Field(description="organizer, owner, writer, reader or attendee")
    my_rsvp: Rsvp | None
    can_edit: bool
    exceptions: list[ExceptionOut] = Field(
        description="instances of a recurring event changed or cancelled on their own"
    )
    created_at: str
    updated_at: str


class ConflictOut(OutModel):
    user: str = Field(description="whose schedule clashes")
    event_id: int | None = Field(description="null when you cannot see that event")
    title: str | None
    start: str
    end: str


class EventConflictOut(ConflictOut):
    user_name: str = Field(description="their display name")


class EventConflicts(OutModel):
    """Whose time an event takes that another of their events takes too."""

    event_id: int
    items: list[EventConflictOut] = Field(
        description="by the other event's start, then the person: each instance of a series "
        "over a year from its start"
    )
    total: int


class EventSaved(EventOut):
    conflicts: list[ConflictOut]


class OccurrenceOut(EventOut):
    """One instance: title, description, location, status and times are the instance's own."""

    occurrence_index: int | None = Field(description="n-th instance of a recurring event")
    original_start: str | None = Field(
        description="recurring events: the UTC start the rule gives this instance (RECURRENCE-ID)"
    )
    is_exception: bool = Field(description="this instance was changed or cancelled on its own")


class OccurrenceSaved(OccurrenceOut):
    conflicts: list[ConflictOut]


class OccurrencePage(OutModel):
    items: list[OccurrenceOut]
    total: int
    range_start: str
    range_end: str


class EventQuery(PageQuery):
    start: DateTimeIn | None = Field(None, description=_RANGE_DOC + "; default today 00:00")
    end: DateTimeIn | None = Field(None, description=_RANGE_DOC + "; default start + 7 days")
    timezone: TzName | None = None
    calendar_ids: list[Id] | None = Field(
        None, description="only these calendars (your primary one includes your invitations)"
    )
    q: str | None = Field(None, max_length=200, description="search title, description, location")
    include_cancelled: bool = False


class InvitationOut(EventOut):
    clashes: list[ConflictOut] = Field(
        description="your own busy events it overlaps (each instance of a series over a year "
        "from its start); none once you decline it, nor for a free or cancelled one"
    )


class InvitationPage(OutModel):
    items: list[InvitationOut]
    total: int


class InvitationQuery(PageQuery):
    rsvp: Literal["needs_action", "accepted", "declined", "tentative", "all"] = "needs_action"


class DeleteOut(OutModel):
    event_id: int
    outcome: Literal["cancelled", "declined"] = Field(
        description="cancelled for everyone (organizer/owner) or declined and hidden (guest)"
    )


# --- Free/busy and conflicts ---------------------------------------------------------------------


class RangeQuery(PageQuery):
    start: DateTimeIn | None = Field(None, description=_RANGE_DOC + "; default today 00:00")
    end: DateTimeIn | None = Field(None, description=_RANGE_DOC + "; default start + 7 days")
    timezone: TzName | None = None


class FreeBusyIn(ApiModel):
    users: list[Annotated[str, Field(min_length=1, max_length=254)]] = Field(
        min_length=1, max_length=20, description="usernames or emails"
    )
    start: datetime | None = Field(None, description=_RANGE_DOC)
    end: datetime | None = Field(None, description=_RANGE_DOC)
    timezone: TzName | None = None


class BusyOut(OutModel):
    start: str
    end: str


class UserBusyOut(OutModel):
    user: str = Field(description="as asked")
    username: str
    email: str
    timezone: str
    busy: list[BusyOut]


class FreeBusyOut(OutModel):
    start: str
    end: str
    users: list[UserBusyOut]


class SuggestIn(FreeBusyIn):
    duration_minutes: int = Field(ge=5, le=720)
    working_hours_start: ClockTime = "09:00"
    working_hours_end: ClockTime = "17:00"
    include_weekends: bool = False
    step_minutes: int = Field(30, ge=5, le=240)
    max_results: int = Field(5, ge=1, le=50)


class SlotOut(OutModel):
    start: str
    end: str
    start_local: str
    end_local: str


class SuggestOut(OutModel):
    timezone: str
    duration_minutes: int
    slots: list[SlotOut]


class ConflictSide(OutModel):
    event_id: int
    title: str
    calendar_id: int
    start: str
    end: str


class ConflictPair(OutModel):
    first: ConflictSide
    second: ConflictSide
    overlap_start: str
    overlap_end: str


class ConflictPage(OutModel):
    items: list[ConflictPair]
    total: int
    range_start: str
    range_end: str


class InvitationDelivery(ApiModel):
    """An invitation another service sends (iTIP-like): ``request`` creates or updates the
    event ``uid`` on each local attendee's primary calendar, ``cancel`` cancels it."""

    uid: str = Field(min_length=1, max_length=200, description="the sender's id of the event")
    method: Literal["request", "cancel"] = "request"
    organizer: EmailAddress
    organizer_name: str | None = Field(None, max_length=200)
    attendees: list[EmailAddress] = Field(min_length=1, max_length=50)
    title: str = Field(min_length=1, max_length=200)
    description: str = Field("", max_length=10_000)
    location: str = Field("", max_length=500)
    start: datetime = Field(description="with a UTC offset")
    end: datetime
    timezone: str = Field("UTC", max_length=64, description="IANA zone the event is shown in")


class InvitationDelivered(OutModel):
    event_ids: list[int] = Field(description="the copies created, updated or cancelled")
    undeliverable: list[str] = Field(description="attendees with no account here")
