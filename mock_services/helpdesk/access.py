"""What an agent's role allows: light agents read tickets and write internal notes only."""

from __future__ import annotations

from mock_services.core.base.access import role_refused
from mock_services.core.spec.api import Ctx

LIGHT = "light-agent"


def require_agent(ctx: Ctx, action: str) -> None:
    """A 403 in the kit's wording when the caller is a light agent."""
    role = ctx.user.role
    if role == LIGHT:
        raise role_refused(action, "agents or admins", role, "write an internal note instead")
