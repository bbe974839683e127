"""Cross-service notifications: a service delivers mail into the task's email service over HTTP."""

from __future__ import annotations

import json
import logging
import time
import urllib.error
import urllib.request
from typing import Any

from pydantic import Field

from mock_services.core.schemas import ApiModel, EmailAddress
from mock_services.core.secrets import admin_token_path

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


def deliver_mail(runtime: Any, mail: MailDelivery) -> bool:
    """Send ``mail`` to the email service the seed wired in; retries, logs and never raises."""
    target = runtime.notifications
    if target is None:
        return False
    token = admin_token_path(runtime.settings).read_text().strip()
    request = urllib.request.Request(
        target.email_url.rstrip("/") + "/admin/deliver",
        data=json.dumps(mail.model_dump(mode="json")).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "X-Admin-Token": token},
    )
    for attempt in range(_ATTEMPTS):
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return 200 <= response.status < 300
        except (urllib.error.URLError, TimeoutError) as exc:
            log.warning(
                "mail delivery to %s failed (attempt %d): %s", target.email_url, attempt + 1, exc
            )
            time.sleep(0.2 * (attempt + 1))
    return False
