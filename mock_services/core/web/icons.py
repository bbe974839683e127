"""Line icons for the web UIs (24x24, stroked in the text's colour), drawn for this project and
served inline: no files, no network, no icon font.

Pages show one with the ``icon`` template global beside a visible name (``{{ icon("trash") }}
Delete``): the icon is then decorative (``aria-hidden``). A button that shows the icon alone
passes ``label``, which becomes the icon's accessible name.
"""

from __future__ import annotations

from difflib import get_close_matches
from functools import lru_cache
from html import escape

from markupsafe import Markup

PATHS: dict[str, str] = {
    "alert": "M12 3l10 18H2zM12 10v5M12 18h.01",
    "archive": "M3 4h18v4H3zM5 8v12h14V8M10 12h4",
    "bank": "M3 10l9-6 9 6M5 10v8M9 10v8M15 10v8M19 10v8M3 20h18",
    "bell": "M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0",
    "board": "M4 4h4v16H4zM10 4h4v10h-4zM16 4h4v13h-4z",
    "book": "M4 4h6a2 2 0 0 1 2 2v14a2 2 0 0 0-2-2H4zM20 4h-6a2 2 0 0 0-2 2v14a2 2 0 0 1 2-2h6z",
    "bookmark": "M6 3h12v18l-6-4-6 4z",
    "box": "M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10",
    "building": "M4 21V3h10v18M14 9h6v12M8 7h2M8 11h2M8 15h2M3 21h18",
    "calendar": "M4 6h16v14H4zM4 10h16M8 3v5M16 3v5",
    "cart": "M3 4h2l2.5 11h11L21 7H6.5M8 19.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0z"
    "M16 19.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0z",
    "chart": "M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-3",
    "chat": "M4 5h16v11H9l-5 4z",
    "check": "M5 12.5l4.5 4.5L19 7",
    "chevron-down": "M6 9l6 6 6-6",
    "chevron-left": "M15 18l-6-6 6-6",
    "chevron-right": "M9 6l6 6-6 6",
    "clock": "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM12 7v5l3 3",
    "dollar": "M12 3v18M16 7h-6a2.5 2.5 0 0 0 0 5h4a2.5 2.5 0 0 1 0 5H7",
    "download": "M12 4v12M7 11l5 5 5-5M4 20h16",
    "edit": "M4 20h4L19 9l-4-4L4 16zM14 6l4 4",
    "eye": "M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6z",
    "file": "M6 3h8l5 5v13H6zM14 3v5h5",
    "filter": "M3 5h18l-7 8v6l-4 2v-8z",
    "flag": "M5 21V4h11l-2 4 2 4H5",
    "folder": "M3 6h6l2 2h10v11H3z",
    "grid": "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
    "hash": "M5 9h14M5 15h14M10 4L8 20M16 4l-2 16",
    "heart": "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z",
    "home": "M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10",
    "inbox": "M3 13l3-8h12l3 8v6H3zM3 13h5l1 3h6l1-3h5",
    "info": "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM12 11v6M12 7.5h.01",
    "list": "M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01",
    "lock": "M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4",
    "logout": "M9 4H5v16h4M16 16l4-4-4-4M20 12H10",
    "mail": "M3 6h18v12H3zM3 7l9 6 9-6",
    "more": "M5 12h.01M12 12h.01M19 12h.01",
    "note": "M5 3h14v13l-5 5H5zM14 21v-5h5M9 8h6M9 12h4",
    "paperclip": "M20 11l-8.5 8.5a5 5 0 0 1-7-7L13 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L14 7",
    "phone": "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6"
    "a2 2 0 0 1 2-2z",
    "pill": "M10.5 4.5a5 5 0 0 1 7 7l-6 6a5 5 0 0 1-7-7zM7.5 7.5l9 9",
    "pin": "M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zM12 8a2 2 0 1 0 0 4a2 2 0 1 0 0-4z",
    "plane": "M21 4L3 11l6 2 2 6 3-4 4 3zM9 13l12-9",
    "plus": "M12 5v14M5 12h14",
    "pulse": "M3 12h4l2-4 3 8 2-4h7",
    "receipt": "M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h4",
    "refresh": "M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5",
    "reply": "M9 8l-5 4 5 4M4 12h10a6 6 0 0 1 6 6",
    "repost": "M7 7h11l-3-3M18 7v5M17 17H6l3 3M6 17v-5",
    "search": "M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14zM16.5 16.5L21 21",
    "send": "M3 11l18-8-8 18-2-8zM11 13L21 3",
    "settings": "M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M14 4v4M8 10v4M16 16v4",
    "sort": "M7 4v16M3 16l4 4 4-4M17 20V4M13 8l4-4 4 4",
    "spam": "M8 3h8l5 5v8l-5 5H8l-5-5V8zM12 8v5M12 16h.01",
    "star": "M12 3l2.8 5.8 6.2.9-4.5 4.4 1.1 6.2L12 17.4l-5.6 2.9 1.1-6.2L3 9.7l6.2-.9z",
    "tag": "M3 12V4h8l10 10-8 8zM7.5 7.5h.01",
    "trash": "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6",
    "truck": "M3 6h11v10H3zM14 10h4l3 3v3h-7M5 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0z"
    "M15 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0z",
    "upload": "M12 20V8M7 13l5-5 5 5M4 4h16",
    "user": "M12 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8zM4 21a8 8 0 0 1 16 0",
    "users": "M9 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8zM2 21a7 7 0 0 1 14 0M16 4.5a3.5 3.5 0 0 1 0 7"
    "M18 14a6 6 0 0 1 4 7",
    "x": "M6 6l12 12M18 6L6 18",
}
"""Each icon's SVG path data, by name."""


class UnknownIcon(KeyError):
    """A template asked for an icon that is not drawn here."""

    def __str__(self) -> str:
        name = self.args[0]
        close = get_close_matches(name, PATHS, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        return f"no icon named {name!r}{hint} (known: {', '.join(sorted(PATHS))})"


@lru_cache(maxsize=4096, typed=True)  # a page draws the same few icons on every row
def icon_tag(name: str, size: int = 18, label: str = "") -> Markup:
    """The icon ``name`` as an inline ``<svg>``; decorative unless ``label`` names it."""
    try:
        path = PATHS[name]
    except KeyError:
        raise UnknownIcon(name) from None
    naming = f'role="img" aria-label="{escape(label)}"' if label else 'aria-hidden="true"'
    return Markup(
        f'<svg class="icon icon-{name}" {naming} viewBox="0 0 24 24" width="{size}" '
        f'height="{size}" fill="none" stroke="currentColor" stroke-width="2" '
        f'stroke-linecap="round" stroke-linejoin="round" focusable="false">'
        f'<path d="{path}"/></svg>'
    )
