"""Per-container secrets: each service's token-signing key and the shared admin token.

They live in ``$MOCK_DATA_DIR/secrets/`` (0700, files 0600), owned by the service user, so
neither an agent nor a command line nor an environment ever shows them. Standard library only:
the server's supervising process imports this without the web stack.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from mock_services.core.base.settings import Settings


def write_private_file(path: Path, content: str) -> None:
    """Create ``path`` readable by its owner only, atomically, without a world-readable window."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(content)
    os.replace(tmp, path)


def ensure_secret(path: Path, *, rotate: bool = False) -> str:
    """The secret stored at ``path``, generated when missing (or when ``rotate`` is set)."""
    if rotate or not path.exists():
        write_private_file(path, secrets.token_urlsafe(32))
    return path.read_text().strip()


DELIVERY_TOKEN_VARIABLE = "MOCK_DELIVERY_TOKEN_FILE"
DELIVERY_TOKEN_FILE = "~/.local/state/mock-services/delivery.token"


def delivery_token_path() -> Path:
    """Where the mail-delivery credential is: one per services user (``$HOME``, the data
    directory in a container), so services with different data directories still reach each
    other. It opens the routes declared ``auth="delivery"`` (``/admin/deliver`` on email,
    ``/admin/invitations`` on calendar) only, never the admin operations."""
    configured = os.environ.get(DELIVERY_TOKEN_VARIABLE)
    return Path(configured) if configured else Path(DELIVERY_TOKEN_FILE).expanduser()


def delivery_token() -> str:
    return ensure_secret(delivery_token_path())


def admin_token_path(settings: Settings) -> Path:
    return settings.secrets_dir / "admin.token"


def prepare_secrets(settings: Settings, service: str, *, rotate: bool = False) -> None:
    """Create the signing secret and admin token before any worker starts (so all share them)."""
    ensure_secret(settings.secrets_dir / f"{service}.key", rotate=rotate)
    ensure_secret(admin_token_path(settings))
