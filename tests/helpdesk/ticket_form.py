"""The fields the helpdesk ticket page's one form sends as the page stands (its properties
panel and its composer), read from the page's HTML."""

from __future__ import annotations

import re


def ticket_form(page: str) -> dict[str, str]:
    """The fields the ticket page's one form sends as it stands (the panel and the composer)."""
    fields = dict(re.findall(r'name="(seen|subject|category|tags)" value="([^"]*)"', page))
    for name in ("assignee", "group", "status", "type", "priority"):
        select = re.search(rf'<select id="{name}" name="{name}">(.*?)</select>', page, re.DOTALL)
        assert select, f"no {name} select on the ticket page"
        chosen = re.search(r'<option value="([^"]*)" selected', select.group(1))
        first = re.search(r'<option value="([^"]*)"', select.group(1))
        fields[name] = (chosen or first).group(1)  # type: ignore[union-attr]
    return fields
