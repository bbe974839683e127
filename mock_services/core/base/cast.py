"""The default people, the same in every service's default data: alice is Alice Martin in the
shop, the airline and the calendar alike. Each service's default-seed builder takes its users
from here (``tests/services/test_cast.py`` checks the hand-written seeds against it too)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DOMAIN = "example.test"


@dataclass(frozen=True)
class Person:
    """One member of the cast; a service adds its own fields (a role, an address...)."""

    username: str
    full_name: str
    timezone: str

    @property
    def email(self) -> str:
        return f"{self.username}@{DOMAIN}"

    @property
    def password(self) -> str:
        return f"{self.username}-pass"

    def user(self, **fields: Any) -> dict[str, Any]:
        """The person as a seed's user row, ``fields`` (a service's own) after the shared ones."""
        return {
            "username": self.username,
            "password": self.password,
            "display_name": self.full_name,
            "email": self.email,
            **fields,
        }


CAST: dict[str, Person] = {
    p.username: p
    for p in (
        Person("alice", "Alice Martin", "America/New_York"),
        Person("bob", "Bob Chen", "Europe/London"),
        Person("carol", "Carol Diaz", "Europe/Berlin"),
        Person("dave", "Dave Okafor", "America/New_York"),
        Person("erin", "Erin Walsh", "Europe/Dublin"),
        Person("frank", "Frank Müller", "Europe/Berlin"),
        Person("grace", "Grace Kim", "America/Los_Angeles"),
        Person("heidi", "Heidi Larsen", "Europe/Oslo"),
        Person("ivan", "Ivan Petrov", "Europe/Tallinn"),
        Person("judy", "Judy Adams", "America/Denver"),
        Person("kenji", "Kenji Sato", "Asia/Tokyo"),
        Person("lena", "Lena Rossi", "Europe/Rome"),
        Person("mallory", "Mallory Reed", "America/Chicago"),
        Person("oscar", "Oscar Dubois", "Europe/Paris"),
    )
}


def person(username: str) -> Person:
    """The cast member ``username``; a KeyError names the ones there are."""
    try:
        return CAST[username]
    except KeyError:
        raise KeyError(f"no {username!r} in the cast; it has: {', '.join(CAST)}") from None
