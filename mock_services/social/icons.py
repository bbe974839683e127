"""X's line icons in the social pages: the shared ones (core ``icons.py``) where it draws
them, else drawn here, inline (decorative: the control's text or label names it)."""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup, escape

from mock_services.core.web.icons import icon_tag

PATHS = {
    "home": "M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z",
    "search": (
        "M10.5 3a7.5 7.5 0 1 0 4.6 13.4l4.7 4.7 1.4-1.4-4.7-4.7A7.5 7.5 0 0 0 10.5 3zm0 2a5.5 "
        "5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11z"
    ),
    "bell": "M12 3a6 6 0 0 0-6 6v4l-2 3v1h16v-1l-2-3V9a6 6 0 0 0-6-6zm-2 16a2 2 0 0 0 4 0z",
    "mail": "M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7zm0 2.9V17h14V9.9l-7 4.5z",
    "person": "M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zM4 21c0-4 3.6-7 8-7s8 3 8 7z",
    "gear": (
        "M10.3 2h3.4l.5 2.6 1.8.8 2.2-1.5 2.4 2.4-1.5 2.2.8 1.8 2.6.5v3.4l-2.6.5-.8 1.8 1.5 "
        "2.2-2.4 2.4-2.2-1.5-1.8.8-.5 2.6h-3.4l-.5-2.6-1.8-.8-2.2 1.5-2.4-2.4 1.5-2.2-.8-1.8L2 "
        "13.7v-3.4l2.6-.5.8-1.8-1.5-2.2 2.4-2.4 2.2 1.5 1.8-.8zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 "
        "3.5 0 0 0 0-7z"
    ),
    "reply": "M4 5h16v11H9l-5 4zm2 2v8.2L8.3 14H18V7z",
    "repost": "M7 4 3 8h3v8h9v-2H8V8h3zm10 16 4-4h-3V8H9v2h7v6h-3z",
    "heart": (
        "M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11zm0-2.5c2.7-1.9 "
        "6-5 6-8.5a2.5 2.5 0 0 0-5-.3h-2a2.5 2.5 0 0 0-5 .3c0 3.5 3.3 6.6 6 8.5z"
    ),
    "heart-filled": "M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z",
    "trash": "M9 3h6l1 2h4v2H4V5h4zm-3 5h12l-1 13H7z",
    "calendar": "M7 2v2H4v17h16V4h-3V2h-2v2H9V2zm-1 7h12v10H6z",
    "pin": (
        "M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 4.5a2.5 2.5 0 1 1 0 5 2.5 "
        "2.5 0 0 1 0-5z"
    ),
    "link": (
        "M10.6 13.4a4 4 0 0 1 0-5.7l3-3a4 4 0 0 1 5.7 5.7l-1.5 1.5-1.4-1.4 1.5-1.5a2 2 0 0 "
        "0-2.9-2.9l-3 3a2 2 0 0 0 0 2.9zm2.8-2.8a4 4 0 0 1 0 5.7l-3 3a4 4 0 0 1-5.7-5.7l1.5-1.5"
        " 1.4 1.4-1.5 1.5a2 2 0 0 0 2.9 2.9l3-3a2 2 0 0 0 0-2.9z"
    ),
    "lock": "M7 10V7a5 5 0 0 1 10 0v3h2v11H5V10zm2 0h6V7a3 3 0 0 0-6 0z",
    "image": "M3 4h18v16H3zm2 2v9l4-4 3 3 3-3 4 4V6zm10 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z",
}
"""The icons the core does not draw, by name: SVG path data."""
CORE = {
    "home": "home",
    "search": "search",
    "bell": "bell",
    "mail": "mail",
    "person": "user",
    "gear": "settings",
    "reply": "reply",
    "repost": "repost",
    "heart": "heart",
    "heart-filled": "heart",
    "trash": "trash",
    "calendar": "calendar",
    "pin": "pin",
    "lock": "lock",
}
"""Each icon the core draws, by its name in the core."""


@lru_cache(maxsize=4096, typed=True)  # a page draws the same few icons on every post
def social_icon(name: str, size: int = 22) -> Markup:
    """``ico(name, size)``: the icon ``name``, as the macro it replaces drew it (a function: a
    post draws several, and the macro built its tables of paths again at each)."""
    if name in CORE:
        filled = " filled" if name == "heart-filled" else ""
        return Markup(f'\n\n<span class="ico{filled}">{icon_tag(CORE[name], size)}</span>')
    return Markup(
        f'\n\n\n<svg class="ico" width="{size}" height="{size}" viewBox="0 0 24 24" '
        f'aria-hidden="true" focusable="false"><path d="{escape(PATHS[name])}" '
        'fill="currentColor"/></svg>'
    )
