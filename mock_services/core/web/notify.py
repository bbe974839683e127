"""Cross-service notifications: a service delivers mail into the task's email service over HTTP."""

from __future__ import annotations

import json
import logging
import os
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Literal, Protocol

from flask import has_request_context, request
from pydantic import BaseModel, Field
from sqlalchemy import text

from mock_services.core.base.keys import delivery_token
from mock_services.core.base.netstat import is_loopback, listeners
from mock_services.core.base.schemas import ApiModel, EmailAddress, UndeliveredOut
from mock_services.core.data.audit import AUDIT_REQUEST_KEY
from mock_services.core.data.db import UndeliveredMail

_APPEND_CHANGE = text(
    "UPDATE _audit_requests SET changes = json_insert(coalesce(changes, '[]'), '$[#]', "
    "json(:change)) WHERE id = :id"
)
"""A change added to a logged request's changes, after theirs (``AuditRequest.changes``)."""

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from mock_services.core.seeding.seed import NotificationTarget

log = logging.getLogger(__name__)
_ATTEMPTS = 3


class MailDelivery(ApiModel):
    """A message another service drops into local mailboxes (POST /admin/deliver on email)."""

    sender: EmailAddress
    sender_name: str | None = None
    to: list[EmailAddress] = Field(min_length=1)
    subject: str = Field(min_length=1, max_length=500)
    body: str
    labels: list[str] = []


class CalendarInvitation(ApiModel):
    """An invitation a service sends the calendar (its ``POST /admin/invitations``, iTIP-like):
    ``request`` puts or updates the event ``uid`` in each attendee's calendar, ``cancel``
    cancels it."""

    uid: str
    method: Literal["request", "cancel"]
    organizer: str
    organizer_name: str
    attendees: list[str] = Field(min_length=1)
    title: str
    description: str
    location: str
    start: datetime
    end: datetime
    timezone: str


class MailWiring(Protocol):
    """What ``deliver_mail`` uses of a service's runtime: where the seed says mail goes, and
    its DB, where an undelivered mail is recorded."""

    @property
    def notifications(self) -> NotificationTarget | None: ...

    def session(self, *, write: bool) -> AbstractContextManager[Session]: ...


class UnsafeTarget(RuntimeError):
    """The notification address is not a service of ours on this machine."""


def check_target(url: str) -> None:
    """Refuse to send the delivery credential anywhere but a loopback port whose listeners all
    belong to this process's user: in a task container, another user (the agent) could hold a
    free port, or the port of an email service the task does not run."""
    parts = urllib.parse.urlsplit(url)
    host, port = parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80)
    address = socket.gethostbyname(host) if host else ""
    if not is_loopback(address):
        raise UnsafeTarget(f"{url}: mail is delivered to a service on this machine only")
    owners = {entry.uid for entry in listeners(port)}
    if owners != {os.getuid()}:
        held = f"uid {sorted(owners)}" if owners else "nobody"
        raise UnsafeTarget(
            f"{url}: port {port} is held by {held}, not by the services' user "
            f"(uid {os.getuid()}); no mail is sent there"
        )


def deliver_mail(runtime: MailWiring, mail: MailDelivery) -> bool:
    """Send ``mail`` to the email service the seed wired in; retries, logs and never raises."""
    target = runtime.notifications
    if target is None:
        return False
    url = target.email_url.rstrip("/") + "/admin/deliver"
    return _post(runtime, url, mail, list(mail.to), mail.subject)


@dataclass(frozen=True)
class ServiceDelivery:
    """A notification for another service's route guarded by ``auth="delivery"``: the
    service's name in the seed's ``notifications.services``, the route's path, the body, and
    who and what it is about (for the undelivered record)."""

    service: str
    path: str
    payload: BaseModel
    recipients: list[str]
    subject: str


def deliver_to_service(runtime: MailWiring, delivery: ServiceDelivery) -> bool:
    """POST ``delivery.payload`` to a route of another service the seed wires in
    (``notifications.services``), with the delivery credential and the same checks, retries
    and undelivered record as mail. False (and nothing sent) when the seed does not wire it."""
    target = runtime.notifications
    base = target.services.get(delivery.service) if target is not None else None
    if base is None:
        return False
    url = base.rstrip("/") + delivery.path
    return _post(runtime, url, delivery.payload, delivery.recipients, delivery.subject)


def _post(
    runtime: MailWiring, url: str, payload: BaseModel, recipients: list[str], subject: str
) -> bool:
    for attempt in range(_ATTEMPTS):
        try:
            check_target(url)
            request = urllib.request.Request(
                url,
                data=json.dumps(payload.model_dump(mode="json")).encode(),
                method="POST",
                headers={"Content-Type": "application/json", "X-Delivery-Token": delivery_token()},
            )
            with urllib.request.urlopen(request, timeout=5) as response:
                status: int = response.status
                return 200 <= status < 300
        except urllib.error.HTTPError as exc:
            reason = f"{url} answered {exc.code}: {exc.read()[:300].decode(errors='replace')}"
        except (urllib.error.URLError, TimeoutError, OSError, UnsafeTarget) as exc:
            reason = f"{url}: {getattr(exc, 'reason', exc)}"
        log.warning("delivery failed (attempt %d): %s", attempt + 1, reason)
        time.sleep(0.2 * (attempt + 1))
    record_undelivered(runtime, url, recipients, subject, reason)
    return False


def record_undelivered(
    runtime: MailWiring, url: str, recipients: list[str], subject: str, reason: str
) -> None:
    """Keep a failed notification where verifiers and runners look: ``GET /admin/undelivered``
    (``email_url`` is the URL it was sent to), and the audit entry of the request that sent it
    (as a row it added)."""
    request_id = request.environ.get(AUDIT_REQUEST_KEY) if has_request_context() else None
    with runtime.session(write=True) as session:
        row = UndeliveredMail(
            request_id=request_id,
            email_url=url,
            recipients=recipients,
            subject=subject,
            reason=reason,
        )
        session.add(row)
        session.flush()
        if request_id is not None:
            after = UndeliveredOut.model_validate(row).model_dump(mode="json")
            change = [UndeliveredMail.__tablename__, str(row.id), "insert", None, after]
            session.execute(_APPEND_CHANGE, {"id": request_id, "change": json.dumps(change)})
        session.commit()
