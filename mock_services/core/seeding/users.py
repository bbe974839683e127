"""The seed side of users: a seeded user's fields, its row, and a stored user's export."""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from mock_services.core.base.auth import UserMixin, hash_password
from mock_services.core.base.schemas import EmailAddress
from mock_services.core.seeding.seed import SeedModel


class UserSeed(SeedModel):
    """A seeded user: a plain ``password`` (hashed on seeding) or an exported ``password_hash``."""

    username: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.@-]+$")
    password: str | None = Field(None, min_length=1)
    password_hash: str | None = Field(None, pattern=r"^pbkdf2_sha256\$\d+\$\w+\$[0-9a-f]+$")
    display_name: str = Field(min_length=1, max_length=200)
    email: EmailAddress

    @model_validator(mode="after")
    def _one_password(self) -> UserSeed:
        if (self.password is None) == (self.password_hash is None):
            raise ValueError("give exactly one of 'password' or 'password_hash'")
        return self


def user_row(service: str, user: UserSeed, user_id: int) -> dict[str, Any]:
    """The ``UserMixin`` columns of a seeded user, ready for a bulk insert."""
    return {
        "id": user_id,
        "username": user.username,
        "display_name": user.display_name,
        "email": user.email,
        "password_hash": user.password_hash
        or hash_password(service, user.username, user.password or ""),
    }


def user_seed_fields(user: UserMixin) -> dict[str, Any]:
    """The ``UserSeed`` fields of a stored user, for a service's export."""
    return {
        "username": user.username,
        "password_hash": user.password_hash,
        "display_name": user.display_name,
        "email": user.email,
    }
