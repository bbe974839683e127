"""A notice's dismiss button is named by the notice's opening words, cut at the end of a word
with an ellipsis: it read "Dismiss notice: Moved APT-000002 … the invitation move"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import mock_services.core.web as core_web

SCRIPT = Path(core_web.__file__).parent / "static" / "app.js"


@pytest.mark.browser
@pytest.mark.parametrize(
    ("notice", "name"),
    [
        (
            "Moved APT-000002 to Fri 6 Mar 10:00 CET; the invitation moves too.",
            "Dismiss notice: Moved APT-000002 to Fri 6 Mar 10:00 CET; the invitation…",
        ),
        (
            "Saved deal 'Brightline: partner referral' (closed won on Mon 2 Mar).",
            "Dismiss notice: Saved deal 'Brightline: partner referral' (closed won on…",
        ),
        ("Passport number saved.", "Dismiss notice: Passport number saved."),
    ],
)
def test_a_notices_dismiss_button_quotes_whole_words(page: Any, notice: str, name: str) -> None:
    page.set_content(
        f'<main><p class="flash ok" data-dismissible>{notice}</p>'
        f"<script>{SCRIPT.read_text()}</script></main>"
    )
    got = page.locator("button.dismiss").get_attribute("aria-label")
    assert got == name
