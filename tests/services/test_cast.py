"""Every service's default data has the same people: the cast (``mock_services.core.base.cast``)."""

from __future__ import annotations

import json
import re

import pytest

from mock_services.core.base.cast import CAST
from mock_services.registry import SERVICE_MODULES, get_spec

FIRST_NAMES = {p.full_name.split()[0]: p for p in CAST.values()}
SURNAMES = {p.full_name.split()[-1] for p in CAST.values()}
FULL_NAME = re.compile(rf"\b({'|'.join(FIRST_NAMES)}) ([A-Z]\w+)")


def _users(document: dict) -> list[dict]:
    return document.get("users", document.get("accounts", []))


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_default_users_are_the_cast(service: str) -> None:
    users = _users(get_spec(service).default_seed())
    assert users, f"{service}: its default seed has no users"
    for user in users:
        cast = CAST.get(user["username"])
        assert cast is not None, f"{service}: user {user['username']!r} is not in the cast"
        got = (user["display_name"], user["email"], user.get("timezone", cast.timezone))
        expected = (cast.full_name, cast.email, cast.timezone)
        assert got == expected, f"{service}: {user['username']} is {got}, the cast says {expected}"


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_default_data_names_cast_members_by_their_own_surname(service: str) -> None:
    """ "Bob Okafor" in a mail's text is a slip when the cast's Bob is Bob Chen (and Okafor is
    Dave's surname); a name outside the cast ("Dr. Kenji Yamada") is left alone."""
    text = json.dumps(get_spec(service).default_seed(), ensure_ascii=False)
    wrong = sorted(
        {
            f"{first} {last}"
            for first, last in FULL_NAME.findall(text)
            if last in SURNAMES and FIRST_NAMES[first].full_name != f"{first} {last}"
        }
    )
    assert not wrong, f"{service}: its default data names {wrong}, unlike the cast"
