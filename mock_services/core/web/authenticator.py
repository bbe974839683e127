"""Who is calling: the bearer token (header, cookie or MCP session) checked against the
service's signing key and revocations, the admin and mail-delivery credentials, logout."""

from __future__ import annotations

import hmac

from flask import Request

from mock_services.core.base.auth import Caller, TokenSigner, session_cookie
from mock_services.core.base.errors import Unauthorized
from mock_services.core.base.keys import (
    DELIVERY_TOKEN_FILE,
    admin_token_path,
    delivery_token,
    prepare_secrets,
)
from mock_services.core.base.settings import Settings
from mock_services.core.data.audit import WORLD_CALLER_KEY, made_in_process
from mock_services.core.data.db import MCP_SESSION_KEY, McpSession, RevokedToken
from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.service import ServiceSpec


class Authenticator:
    """One service's credentials, read once per process: its token signer and admin token."""

    def __init__(self, spec: ServiceSpec, settings: Settings) -> None:
        prepare_secrets(settings, spec.name)
        self.signer = TokenSigner(
            (settings.secrets_dir / f"{spec.name}.key").read_text().strip(), spec.name
        )
        self._admin_token = admin_token_path(settings).read_text().strip()
        self.cookie = session_cookie(spec.name)
        # The token's user, unless the token was revoked: one query.
        self._caller = (
            f"SELECT id, username FROM {spec.user_model.__tablename__} WHERE id = ? "
            f"AND NOT EXISTS (SELECT 1 FROM {RevokedToken.__tablename__} WHERE sid = ?)"
        )
        self._user_named = (
            f"SELECT id, username FROM {spec.user_model.__tablename__} WHERE username = ?"
        )

    def _token(self, tx: Transaction, request: Request) -> tuple[str | None, bool]:
        """The request's bearer token, and whether it is the browser's session cookie: its
        ``Authorization`` header, its session cookie, or (for an MCP tool call) the token its
        MCP session's login tool got. That one is read in the request's own transaction, with
        no copy kept: a logout, a reset or a login in any worker counts from the next call
        on."""
        header = request.headers.get("Authorization", "")
        if header.lower().startswith("bearer ") and (token := header[7:].strip()):
            return token, False
        if cookie := request.cookies.get(self.cookie):
            return cookie, True
        session_hash = request.environ.get(MCP_SESSION_KEY)
        if not session_hash:
            return None, False
        row = tx.one(
            f"SELECT token FROM {McpSession.__tablename__} WHERE session_hash = ?",
            (session_hash,),
        )
        return (row["token"] if row is not None else None), False

    def authenticate(self, tx: Transaction, request: Request) -> Caller | None:
        """The request's caller (by its token), None without a token; a bad token is refused.
        A request made in the process (a world event, a replay) acts as the user it names."""
        if made_in_process(request):
            name = request.environ[WORLD_CALLER_KEY]
            user = tx.one(self._user_named, (name,)) if name is not None else None
            return Caller(id=user["id"], username=user["username"]) if user is not None else None
        token, from_cookie = self._token(tx, request)
        if not token:
            return None
        found = self.signer.read(token)
        row = tx.one(self._caller, found) if found is not None else None
        if row is None:
            if from_cookie:
                return None  # a browser's stale cookie (a restart, a logout): not logged in
            raise Unauthorized("the token is invalid, expired or logged out; log in again")
        return Caller(id=row["id"], username=row["username"])

    def revoke(self, tx: Transaction, request: Request) -> None:
        """End the request's token (logout) in its write transaction ``tx``: once committed, it
        is refused by every worker. A tool call's MCP session forgets its token too."""
        token, _ = self._token(tx, request)
        found = self.signer.read(token) if token else None
        if found is not None:
            tx.raw.execute(
                f"INSERT OR IGNORE INTO {RevokedToken.__tablename__} (sid) VALUES (?)",
                (found[1],),
            )
        session_hash = request.environ.get(MCP_SESSION_KEY)
        if session_hash:
            tx.raw.execute(
                f"DELETE FROM {McpSession.__tablename__} WHERE session_hash = ?",
                (session_hash,),
            )

    def require_admin(self, request: Request) -> None:
        given = request.headers.get("X-Admin-Token", "")
        if not hmac.compare_digest(given.encode(), self._admin_token.encode()):
            raise Unauthorized(
                "admin operations need the 'X-Admin-Token' header (the token is "
                "in the service's secrets directory, readable by root)"
            )

    def require_delivery(self, request: Request) -> None:
        """Mail from another service: its own credential, not the admin token (see notify)."""
        given = request.headers.get("X-Delivery-Token", "")
        if not hmac.compare_digest(given.encode(), delivery_token().encode()):
            raise Unauthorized(
                "mail delivery needs the 'X-Delivery-Token' header (the services user's "
                f"{DELIVERY_TOKEN_FILE})"
            )
