"""The session cookie's signer is built once per secret (Flask builds one per request), and a
new secret gets a new signer: a cookie signed with the old one no longer opens."""

from __future__ import annotations

from flask import Flask, request

from mock_services.core.base.cookie_session import CachedSignerSessions


def test_the_signer_is_built_once_per_secret_and_anew_for_a_new_one() -> None:
    app = Flask("cookie-test")
    sessions = CachedSignerSessions()
    app.session_interface = sessions
    app.secret_key = "first"
    signer = sessions.get_signing_serializer(app)
    assert signer is not None and sessions.get_signing_serializer(app) is signer
    cookie = signer.dumps({"_flashes": [["ok", "Saved."]]})
    app.secret_key = "second"
    rotated = sessions.get_signing_serializer(app)
    assert rotated is not signer
    with app.test_request_context(headers={"Cookie": f"session={cookie}"}):
        assert sessions.open_session(app, request) == {}  # the old signature no longer holds
    app.secret_key = "first"
    with app.test_request_context(headers={"Cookie": f"session={cookie}"}):
        assert sessions.open_session(app, request) == {"_flashes": [["ok", "Saved."]]}


def test_without_a_secret_there_is_no_session() -> None:
    app = Flask("cookie-test")
    assert CachedSignerSessions().get_signing_serializer(app) is None
