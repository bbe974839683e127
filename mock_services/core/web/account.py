"""Login, logout and the current user: the same for every service."""

from __future__ import annotations

from flask import Response, after_this_request, request
from sqlalchemy import select

from mock_services.core.base.auth import check_password
from mock_services.core.base.errors import Unauthorized
from mock_services.core.base.schemas import LoginRequest, LoginResponse, UserPublic
from mock_services.core.spec.api import Api, Ctx

auth_api = Api("auth", url_prefix="/api/auth")


def login_user(ctx: Ctx, username: str, password: str) -> LoginResponse:
    """Check a username and password; return a bearer token (the UI login page uses it too)."""
    model = ctx.runtime.spec.user_model
    user = ctx.session.scalar(select(model).where(model.username == username))
    if user is None or not check_password(user.password_hash, password):
        raise Unauthorized("wrong username or password")
    return LoginResponse(
        token=ctx.runtime.auth.signer.issue(user.id), user=UserPublic.model_validate(user)
    )


@auth_api.post("/login", response=LoginResponse, auth="none", mutating=False, errors=(401,))
def login(ctx: Ctx, body: LoginRequest) -> LoginResponse:
    """Log in with a seeded username and password; also sets the browser session cookie."""
    answer = login_user(ctx, body.username, body.password)
    cookie = ctx.runtime.auth.cookie

    @after_this_request
    def _set_cookie(response: Response) -> Response:
        response.set_cookie(cookie, answer.token, httponly=True, samesite="Lax")
        return response

    return answer


@auth_api.post("/logout", response=None, status=204, auth="optional")
def logout(ctx: Ctx) -> None:
    """End the session: the token stops working and the browser forgets its cookie."""
    ctx.runtime.auth.revoke(ctx.db, request)
    cookie = ctx.runtime.auth.cookie

    @after_this_request
    def _clear_cookie(response: Response) -> Response:
        response.delete_cookie(cookie)
        return response


@auth_api.get("/me", response=UserPublic)
def me(ctx: Ctx) -> UserPublic:
    """The logged-in user."""
    return UserPublic.model_validate(ctx.user)
