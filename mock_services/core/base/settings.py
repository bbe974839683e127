"""Runtime settings of a mock service, read from the environment once per process."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from mock_services.core.base.clock import parse_absolute

DEFAULT_DATA_DIR = "/var/lib/mock-data"
NOTIFICATIONS_VARIABLE = "MOCK_NOTIFICATIONS"
PORT_OFFSET_VARIABLE = "MOCK_PORT_OFFSET"
"""Set by ``serve all --port-offset K``: the K every service's port moved by, which a seed's
wiring to another service on this host moves by too."""
STRICT_STATUSES_VARIABLE = "MOCK_STRICT_STATUSES"
"""Set to 1 (the test suite does), an API error whose status the route does not declare is a
500 naming it, so that the OpenAPI document, the guide and the MCP tools stay true."""
CHECK_FIXED_PARTS_VARIABLE = "MOCK_CHECK_FIXED_PARTS"
"""Set to 1 (the test suite does), a page's fixed part (``fixed`` in ``base.html``: the header
drawn once per key) is drawn on every request too, and a page whose fixed part came out other
than the one remembered for its key is an error: its key misses something the part shows."""


def default_data_dir() -> Path:
    """``/var/lib/mock-data`` (the container path) where this user may write there; otherwise
    a per-user folder, so that ``mock-services serve all`` works for anyone on a workstation."""
    system = Path(DEFAULT_DATA_DIR)
    parent = system if system.exists() else system.parent
    if os.access(parent, os.W_OK):
        return system
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "mock-services"


def resolve_data_dir(data_dir: str | Path | None = None) -> Path:
    """The data folder: ``data_dir`` if given, else ``$MOCK_DATA_DIR``, else
    ``default_data_dir()``. The services and the verifier SDK both find their DBs with it."""
    return Path(data_dir or os.environ.get("MOCK_DATA_DIR") or default_data_dir())


@dataclass(frozen=True)
class Settings:
    """Where a service keeps its data and how its clock is pinned."""

    data_dir: Path
    now_override: datetime | None = None
    notifications: str | None = None
    """``$MOCK_NOTIFICATIONS``: the ``notifications`` wiring (JSON) of a service whose seed
    declares none; ``mock-services serve all`` sets it to the ports it serves on."""
    port_offset: int = 0
    """``$MOCK_PORT_OFFSET``: how far ``serve all`` moved every service's port; a seed's
    ``notifications`` addresses on this host move as far."""
    strict_statuses: bool = field(
        default_factory=lambda: os.environ.get(STRICT_STATUSES_VARIABLE) == "1"
    )
    """``$MOCK_STRICT_STATUSES``: refuse to answer an undeclared error status (a 500 instead)."""
    check_fixed_parts: bool = field(
        default_factory=lambda: os.environ.get(CHECK_FIXED_PARTS_VARIABLE) == "1"
    )
    """``$MOCK_CHECK_FIXED_PARTS``: draw each page's fixed parts every time, and fail a page
    whose fixed part differs from the one remembered for its key."""

    @classmethod
    def from_env(cls, data_dir: str | Path | None = None) -> Settings:
        now_raw = os.environ.get("MOCK_NOW")
        now = None
        if now_raw:
            now = parse_absolute(now_raw, field="MOCK_NOW")
        return cls(
            data_dir=resolve_data_dir(data_dir),
            now_override=now,
            notifications=os.environ.get(NOTIFICATIONS_VARIABLE) or None,
            port_offset=int(os.environ.get(PORT_OFFSET_VARIABLE) or 0),
        )

    def db_path(self, service: str) -> Path:
        return self.data_dir / f"{service}.db"

    def pristine_path(self, service: str) -> Path:
        """The seeded state a reset returns to."""
        return self.data_dir / f"{service}.seed.db"

    def writers_lock_path(self, service: str) -> Path:
        """The file lock a service's writers queue on (see ``write_lock``)."""
        return self.data_dir / f"{service}.writers.lock"

    def serving_lock_path(self, service: str) -> Path:
        """The file lock a server of the service holds while it runs (see ``serving``)."""
        return self.data_dir / f"{service}.serving.lock"

    @property
    def secrets_dir(self) -> Path:
        return self.data_dir / "secrets"
