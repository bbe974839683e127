"""How a refused form names its fields to a person (the summary above the form)."""

from __future__ import annotations

import pytest

from mock_services.core.web.ui import field_words


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("display_name", "display name"),
        ("date_of_birth_0", "date of birth (1)"),
        ("first_name_11", "first name (12)"),
        ("card_last4", "card last4"),
        ("step_", "step "),
        ("_3", " 3"),
    ],
)
def test_a_field_name_reads_as_words_numbered_from_one(name: str, words: str) -> None:
    assert field_words(name) == words
