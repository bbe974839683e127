"""The ticket status workflow: which status may follow which, and what a move stamps."""

from __future__ import annotations

from datetime import datetime

from mock_services.core.base.errors import Conflict
from mock_services.helpdesk.models import Ticket

NEXT: dict[str, tuple[str, ...]] = {
    "new": ("open", "pending", "on-hold", "solved"),
    "open": ("pending", "on-hold", "solved"),
    "pending": ("open", "on-hold", "solved"),
    "on-hold": ("open", "pending", "solved"),
    "solved": ("open", "closed"),
    "closed": (),
}
"""A ticket never goes back to new; a solved one is reopened or closed; a closed one is final."""


def code_of(ticket_id: int) -> str:
    return f"TK-{ticket_id}"


def check_changeable(ticket: Ticket) -> None:
    """A 409 for a closed ticket: nothing on it changes any more."""
    if ticket.status == "closed":
        merged = f" (merged into {code_of(ticket.merged_into_id)})" if ticket.merged_into_id else ""
        raise Conflict(
            f"ticket {code_of(ticket.id)} is closed{merged}; closed tickets cannot be changed, "
            "open a new ticket instead"
        )


def move(ticket: Ticket, status: str, now: datetime) -> None:
    """Set ``status`` if the workflow allows it from the current one, else a 409 saying what may
    follow; solving stamps ``solved_at``, reopening clears it."""
    if status == ticket.status:
        return
    allowed = NEXT[ticket.status]
    if status not in allowed:
        may = ", ".join(allowed) if allowed else "nothing (closed tickets are final)"
        raise Conflict(
            f"status: a {ticket.status} ticket cannot become {status}; from {ticket.status} it "
            f"can become {may}"
        )
    if status == "solved":
        ticket.solved_at = now
    elif status != "closed":
        ticket.solved_at = None
    ticket.status = status
