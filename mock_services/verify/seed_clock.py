"""The frozen clock a service was seeded with (its DB's ``_meta``), so a verifier resolves the
seed's relative dates (``"+1d 15:40"``) the way seeding did, without the core's clock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from mock_services.core.base.clock import resolve_date, resolve_datetime, zone
from mock_services.verify.state import query


@dataclass(frozen=True)
class SeedTime:
    now: datetime
    timezone: ZoneInfo

    def at(self, text: str) -> datetime:
        """``"+1d 15:40"``, ``"now"`` or ISO 8601 as an aware UTC datetime."""
        return resolve_datetime(text, self.now, self.timezone)

    def day(self, text: str) -> date:
        """``"+3d"``, ``"today"`` or ``"2026-03-05"`` as a calendar date in the seed's zone."""
        return resolve_date(text, self.now, self.timezone)


def seed_time(service: str, *, directory: Path | None = None) -> SeedTime:
    """The seeded ``now`` and time zone of ``service``."""
    meta = {
        row["key"]: row["value"]
        for row in query(service, "SELECT key, value FROM _meta", directory=directory)
    }
    missing = [key for key in ("now", "timezone") if key not in meta]
    if missing:
        raise ValueError(f"{service}.db _meta lacks {missing}: was it seeded by mock-services?")
    return SeedTime(datetime.fromisoformat(meta["now"]), zone(meta["timezone"]))
