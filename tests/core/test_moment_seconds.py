"""A list's times show seconds only where minutes cannot tell two of them apart."""

from __future__ import annotations

from datetime import UTC, datetime

from mock_services.core.web.wording import moment_words, share_a_minute


def test_moments_in_one_minute_are_told_apart_by_their_seconds() -> None:
    at = datetime(2026, 3, 9, 14, 0, 7, tzinfo=UTC)
    assert moment_words(at, None) == "Mon 9 Mar 14:00 UTC"
    assert moment_words(at, None, seconds=True) == "Mon 9 Mar 14:00:07 UTC"
    assert share_a_minute(["2026-03-09T14:00:01Z", None, "2026-03-09T14:00:05Z"])
    assert share_a_minute([at, at.replace(second=59)])
    assert not share_a_minute(["2026-03-09T14:00:01Z", "2026-03-09T14:01:01Z"])
    assert not share_a_minute([])
