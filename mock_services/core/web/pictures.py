"""Pictures for the web UIs, drawn here from a name (no network, no image files): a person's
avatar (initials on a colour), a product's picture (a packshot-like shape and its initials) and
a service's logo. The same name always gives the same picture, so pages and screenshots are
reproducible from the seed.

Pages show them with the ``picture`` template global; ``/pictures/<kind>/<name>.svg`` serves
them (public and cacheable: a picture holds nothing but the name it was asked for).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from html import escape
from typing import Literal
from urllib.parse import quote

from markupsafe import Markup

PictureKind = Literal["person", "product", "logo"]
KINDS: tuple[PictureKind, ...] = ("person", "product", "logo")
PALETTE = (
    "#2f6fde",
    "#1f8a5b",
    "#b5472d",
    "#7a4cc2",
    "#c2185b",
    "#00838f",
    "#8d6e00",
    "#455a64",
    "#d84315",
    "#3949ab",
)
"""Background colours, each dark enough for white initials (contrast >= 4.5:1)."""
NAME_LIMIT = 120


def _digest(name: str) -> bytes:
    return hashlib.sha256(name.encode()).digest()


def initials(name: str) -> str:
    """Up to two letters: the first of the first and last words ("Alice Martin" -> "AM")."""
    words = [w for w in "".join(c if c.isalnum() else " " for c in name).split() if w]
    if not words:
        return "?"
    letters = words[0][0] + (words[-1][0] if len(words) > 1 else "")
    return letters.upper()


def svg(kind: PictureKind, name: str) -> str:
    """The picture of ``name`` as an SVG document (``kind`` picks the drawing)."""
    name = name[:NAME_LIMIT]
    digest = _digest(f"{kind}:{name}")
    colour = PALETTE[digest[0] % len(PALETTE)]
    accent = PALETTE[digest[1] % len(PALETTE)]
    text = escape(initials(name))
    if kind == "person":
        body = (
            f'<circle cx="32" cy="32" r="32" fill="{colour}"/>'
            f'<text x="32" y="41" font-size="24" text-anchor="middle" fill="#fff" '
            f'font-family="sans-serif" font-weight="600">{text}</text>'
        )
    elif kind == "product":
        tilt = digest[2] % 24 - 12
        body = (
            f'<rect width="64" height="64" rx="8" fill="#f1f3f6"/>'
            f'<g transform="rotate({tilt} 32 34)">'
            f'<rect x="14" y="16" width="36" height="34" rx="5" fill="{colour}"/>'
            f'<rect x="14" y="16" width="36" height="9" rx="4" fill="{accent}"/></g>'
            f'<text x="32" y="44" font-size="14" text-anchor="middle" fill="#fff" '
            f'font-family="sans-serif" font-weight="700">{text}</text>'
        )
    else:
        body = (
            f'<rect width="64" height="64" rx="14" fill="{colour}"/>'
            f'<circle cx="48" cy="16" r="9" fill="{accent}"/>'
            f'<text x="30" y="43" font-size="26" text-anchor="middle" fill="#fff" '
            f'font-family="sans-serif" font-weight="700">{text[:1]}</text>'
        )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" '
        f'role="img" aria-label="{escape(name)}">{body}</svg>'
    )


@lru_cache(maxsize=4096, typed=True)  # a person or product drawn again on every page of them
def picture_tag(kind: PictureKind, name: str, size: int = 32, alt: str = "") -> Markup:
    """An ``<img>`` of the picture at ``size`` pixels; ``alt`` empty (decorative) where the
    name is written beside it, as it is on every page of ours."""
    source = f"/pictures/{kind}/{quote(name[:NAME_LIMIT], safe='')}.svg"
    return Markup(
        f'<img class="picture {kind}" src="{source}" width="{size}" height="{size}" '
        f'alt="{escape(alt)}" loading="lazy">'
    )
