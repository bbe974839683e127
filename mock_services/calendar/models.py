"""The calendar service's tables (a public contract: verifiers read them directly).

Datetimes are stored as naive UTC. Every event also keeps its IANA time zone; all-day events
keep their local dates (``start_date``/``end_date``, last day inclusive) and, for range queries,
``start_at``/``end_at`` set to local midnight of the first day and of the day after the last.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from mock_services.core.base.auth import UserMixin

EVENT_STATUSES = ("confirmed", "tentative", "cancelled")
RSVP_STATUSES = ("needs_action", "accepted", "declined", "tentative")
TRANSPARENCIES = ("opaque", "transparent")
FREQUENCIES = ("daily", "weekly", "monthly")
SHARE_ROLES = ("reader", "writer")
REMINDER_METHODS = ("popup", "email")


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    __tablename__ = "users"
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")


class Calendar(Base):
    __tablename__ = "calendars"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    color: Mapped[str] = mapped_column(String(7), default="#4285f4")
    description: Mapped[str] = mapped_column(Text, default="")
    timezone: Mapped[str] = mapped_column(String(64))
    is_primary: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime]

    owner: Mapped[User] = relationship(lazy="joined")
    shares: Mapped[list[CalendarShare]] = relationship(
        back_populates="calendar", cascade="all, delete-orphan", order_by="CalendarShare.id"
    )


class CalendarShare(Base):
    """Another user's access to a calendar: ``reader`` sees its events, ``writer`` edits them."""

    __tablename__ = "calendar_shares"
    __table_args__ = (UniqueConstraint("calendar_id", "user_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    calendar_id: Mapped[int] = mapped_column(ForeignKey("calendars.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    role: Mapped[str] = mapped_column(String(16))

    calendar: Mapped[Calendar] = relationship(back_populates="shares")
    user: Mapped[User] = relationship(lazy="joined")


class Event(Base):
    __tablename__ = "events"
    id: Mapped[int] = mapped_column(primary_key=True)
    calendar_id: Mapped[int] = mapped_column(ForeignKey("calendars.id"), index=True)
    organizer_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    location: Mapped[str] = mapped_column(String(500), default="")
    start_at: Mapped[datetime] = mapped_column(index=True)
    end_at: Mapped[datetime] = mapped_column(index=True)
    timezone: Mapped[str] = mapped_column(String(64))
    all_day: Mapped[bool] = mapped_column(Boolean, default=False)
    start_date: Mapped[date | None]
    end_date: Mapped[date | None]
    status: Mapped[str] = mapped_column(String(16), default="confirmed")
    transparency: Mapped[str] = mapped_column(String(16), default="opaque")
    recurrence_freq: Mapped[str | None] = mapped_column(String(16))
    recurrence_interval: Mapped[int] = mapped_column(Integer, default=1)
    recurrence_count: Mapped[int | None]
    recurrence_until: Mapped[date | None]
    # An invitation another service delivered (POST /admin/invitations): its organizer is
    # outside this service, organizer_id is the invitee whose calendar holds this copy, and
    # external_uid (the sender's id of it) lets later updates and cancellations find it.
    external_organizer: Mapped[str | None] = mapped_column(String(254))
    external_uid: Mapped[str | None] = mapped_column(String(200), index=True)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]

    calendar: Mapped[Calendar] = relationship(lazy="joined")
    organizer: Mapped[User] = relationship(lazy="joined")
    # selectin: every listing shows attendees and reminders; one query per listing, not per event
    attendees: Mapped[list[Attendee]] = relationship(
        back_populates="event",
        cascade="all, delete-orphan",
        order_by="Attendee.id",
        lazy="selectin",
    )
    reminders: Mapped[list[Reminder]] = relationship(
        back_populates="event",
        cascade="all, delete-orphan",
        order_by="Reminder.id",
        lazy="selectin",
    )
    exceptions: Mapped[list[EventException]] = relationship(
        back_populates="event",
        cascade="all, delete-orphan",
        order_by="EventException.occurrence_index",
        lazy="selectin",
    )


class Attendee(Base):
    """A guest of an event: an email address, linked to a local user when one has it."""

    __tablename__ = "event_attendees"
    __table_args__ = (UniqueConstraint("event_id", "email"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    email: Mapped[str] = mapped_column(String(254))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    rsvp_status: Mapped[str] = mapped_column(String(16), default="needs_action")
    optional: Mapped[bool] = mapped_column(Boolean, default=False)
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    responded_at: Mapped[datetime | None]

    event: Mapped[Event] = relationship(back_populates="attendees")
    user: Mapped[User | None] = relationship(lazy="joined")


class Reminder(Base):
    __tablename__ = "event_reminders"
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    minutes_before: Mapped[int]
    method: Mapped[str] = mapped_column(String(16), default="popup")

    event: Mapped[Event] = relationship(back_populates="reminders")


class EventException(Base):
    """One instance of a recurring event changed or cancelled on its own: RFC 5545's override
    (``RECURRENCE-ID`` = ``original_start``) or, with ``status = 'cancelled'``, its ``EXDATE``.

    ``start_at``/``end_at`` (and, all-day, ``start_date``/``end_date``) are the instance's times,
    moved or not; ``title``, ``description``, ``location`` are NULL where the series applies.
    """

    __tablename__ = "event_exceptions"
    __table_args__ = (UniqueConstraint("event_id", "occurrence_index"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    occurrence_index: Mapped[int]
    original_start: Mapped[datetime]
    status: Mapped[str] = mapped_column(String(16), default="confirmed")
    title: Mapped[str | None] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(Text)
    location: Mapped[str | None] = mapped_column(String(500))
    start_at: Mapped[datetime] = mapped_column(index=True)
    end_at: Mapped[datetime]
    start_date: Mapped[date | None]
    end_date: Mapped[date | None]
    updated_at: Mapped[datetime]

    event: Mapped[Event] = relationship(back_populates="exceptions")
