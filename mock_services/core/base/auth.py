"""Users, password hashes and signed bearer tokens (also sent as a cookie for browsers).

Password hashes use a salt derived from the service and username, so that seeding the same
document twice yields byte-identical DBs; the per-start signing secret is what protects tokens.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from itsdangerous import BadSignature, Signer, URLSafeSerializer
from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

TOKENS_KEPT = 4096
"""How many checked tokens a process remembers (a trial has a handful)."""
_ITERATIONS = 2_000


def session_cookie(service: str) -> str:
    """The name of ``service``'s browser session cookie: one per service, as a browser sends
    a host's cookies to every port of it (all the services of a task are on localhost)."""
    return f"mock_session_{service}"


class UserMixin:
    """Columns every service's user table has; the service adds its own."""

    __tablename__: str  # set by each service's user model
    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    display_name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(200), index=True)


def hash_password(service: str, username: str, password: str) -> str:
    salt = hashlib.sha256(f"{service}:{username}".encode()).hexdigest()[:16]
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), _ITERATIONS).hex()
    return f"pbkdf2_sha256${_ITERATIONS}${salt}${digest}"


def locked_hash(service: str, username: str) -> str:
    """A hash that no password matches (an all-zero digest), the same on every seeding."""
    salt = hash_password(service, username, "").split("$")[2]
    return f"pbkdf2_sha256${_ITERATIONS}${salt}${'0' * 64}"


def check_password(stored: str, password: str) -> bool:
    try:
        _algo, iterations, salt, digest = stored.split("$")
    except ValueError:
        return False
    candidate = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), int(iterations))
    return hmac.compare_digest(candidate.hex(), digest)


@dataclass(frozen=True)
class Caller:
    """Who sent a request, as its token and one query say (the user row is read when needed)."""

    id: int
    username: str


class TokenSigner:
    """Signs and checks the bearer tokens and MCP session ids of one service."""

    read: Callable[[str], tuple[int, str] | None]
    """(user id, session id) of a token this service signed, else None."""

    def __init__(self, secret: str, service: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt=f"mock-services:{service}")
        self._mcp_sessions = Signer(secret, salt=f"mock-services:{service}:mcp-session")
        self.flash_secret = hashlib.sha256(f"flash:{secret}".encode()).hexdigest()
        # A token's signature is checked once per process: what it says never changes (whether
        # it still counts is the revocation query's answer, asked on every request).
        self.read = lru_cache(maxsize=TOKENS_KEPT)(self._read)

    def issue(self, user_id: int) -> str:
        """A token for ``user_id`` with a session id of its own, which logout revokes."""
        return self._serializer.dumps({"uid": user_id, "sid": secrets.token_urlsafe(12)})

    def issue_mcp_session(self) -> str:
        """A new ``Mcp-Session-Id``: random, signed, so any worker knows it was issued here."""
        return self._mcp_sessions.sign(secrets.token_urlsafe(18)).decode()

    def issued_mcp_session(self, session_id: str) -> bool:
        """Whether ``issue_mcp_session`` made ``session_id`` (a client cannot make one up)."""
        return self._mcp_sessions.validate(session_id)

    def _read(self, token: str) -> tuple[int, str] | None:
        """(user id, session id) of a token this service signed, else None."""
        try:
            payload = self._serializer.loads(token)
        except BadSignature:
            return None
        if not isinstance(payload, dict):
            return None
        uid, sid = payload.get("uid"), payload.get("sid")
        return (uid, sid) if isinstance(uid, int) and isinstance(sid, str) else None
