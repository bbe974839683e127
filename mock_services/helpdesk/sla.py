"""SLA targets per priority and whether a ticket has missed them, on the task's frozen clock.

Targets run in calendar minutes from the ticket's creation (no business hours, no pause while
pending). First reply: the first public reply by an agent. Resolution: the ticket solved."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.helpdesk.models import SlaTarget, Ticket

UNSOLVED = ("new", "open", "pending", "on-hold")


@dataclass(frozen=True)
class SlaState:
    """A ticket's SLA deadlines (naive UTC) and whether each is missed."""

    first_reply_due: datetime | None
    first_reply_breached: bool
    resolution_due: datetime | None
    resolution_breached: bool

    @property
    def breaching(self) -> bool:
        return self.first_reply_breached or self.resolution_breached


NO_TARGET = SlaState(None, False, None, False)


_TARGETS = select(SlaTarget).order_by(SlaTarget.id)


def targets(session: Session) -> dict[str, SlaTarget]:
    """The SLA targets by priority."""
    return {t.priority: t for t in session.scalars(_TARGETS)}


def sla_state(ticket: Ticket, target: SlaTarget | None, now: datetime) -> SlaState:
    """Where ``ticket`` stands against ``target`` at ``now`` (naive UTC)."""
    if target is None:
        return NO_TARGET
    return measured(
        ticket.created_at,
        ticket.first_reply_at,
        ticket.solved_at,
        ticket.status,
        ticket.merged_into_id is not None,
        (target.first_reply_minutes, target.resolution_minutes),
        now,
    )


def measured(
    created_at: datetime,
    replied: datetime | None,
    solved_at: datetime | None,
    status: str,
    merged: bool,
    minutes: tuple[int, int],
    now: datetime,
) -> SlaState:
    """The SLA state of a ticket created at ``created_at``, first replied to at ``replied``,
    solved at ``solved_at``, in ``status`` and ``merged`` or not, against its target's
    ``minutes`` to the first reply and to the solve, at ``now`` (all naive UTC): the rule for
    a mapped ticket and a plain row alike."""
    reply_due = created_at + timedelta(minutes=minutes[0])
    solve_due = created_at + timedelta(minutes=minutes[1])
    if replied is not None:
        reply_late = replied > reply_due
    else:  # a ticket solved without a public reply never got one: not measured any more
        reply_late = status in UNSOLVED and now > reply_due
    solve_late = (solved_at or now) > solve_due if not merged else False
    return SlaState(reply_due, reply_late, solve_due, solve_late)
