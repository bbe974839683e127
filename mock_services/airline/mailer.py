"""Who the airline's mail comes from and where it points: the sender, its display name and
the site's address, for booking confirmations and flight notices."""

from __future__ import annotations

from mock_services.core.spec.api import Ctx

AIRLINE_NAME = "LightCloud Airways"
DEFAULT_SENDER = "alerts@lightcloud-air.example"


def site(ctx: Ctx) -> str:
    """The web site's address, for links in mail."""
    return f"http://localhost:{ctx.runtime.spec.port}"


def sender(ctx: Ctx) -> str:
    """The address mail is sent from: the seed's ``notifications.sender``, else the default."""
    target = ctx.runtime.notifications
    return (target.sender if target is not None and target.sender else None) or DEFAULT_SENDER
