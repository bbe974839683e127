"""A text receipt drawn as a picture of a paper receipt (SVG, no files, no network): a white
slip with a torn bottom edge, the first line as the shop's name, the rest in a till's monospace
font, and a line above the total. The same text always gives the same picture, so pages and
screenshots are reproducible from the seed."""

from __future__ import annotations

import hashlib
from html import escape

WIDTH = 240
LINE = 15
MAX_LINES = 28
MAX_CHARS = 30


def _lines(text: str) -> list[str]:
    """The receipt's lines as a till prints them: cut to the slip's width, at most MAX_LINES."""
    rows = [line.rstrip()[:MAX_CHARS] for line in text.replace("\t", "  ").splitlines()]
    while rows and not rows[-1]:
        rows.pop()
    if len(rows) > MAX_LINES:
        rows = [*rows[: MAX_LINES - 1], "…"]
    return rows or ["(empty receipt)"]


def receipt_svg(text: str, name: str) -> str:
    """The picture of the receipt ``text`` (``name``: its file name, the picture's label)."""
    rows = _lines(text)
    height = 46 + LINE * len(rows) + 24
    tilt = hashlib.sha256(text.encode()).digest()[0] % 5 - 2  # a slip is never laid straight
    teeth = "".join(f" L{x - 6},{height} L{x - 12},{height - 8}" for x in range(WIDTH, 11, -12))
    edge = f"M0,0 L{WIDTH},0 L{WIDTH},{height - 8}{teeth} Z"
    body = [
        f'<path d="{edge}" fill="#000" opacity=".08" transform="translate(3 3)"/>',
        f'<path d="{edge}" fill="#fffdf7" stroke="#d8d2c4"/>',
    ]
    y = 30
    for index, row in enumerate(rows):
        shown = escape(row)
        if index == 0:
            body.append(
                f'<text x="{WIDTH // 2}" y="{y}" text-anchor="middle" font-size="14" '
                f'font-weight="700" font-family="sans-serif" fill="#1d2430">{shown}</text>'
            )
            y += 8
            body.append(
                f'<line x1="14" y1="{y}" x2="{WIDTH - 14}" y2="{y}" stroke="#b9b2a3" '
                'stroke-dasharray="3 3"/>'
            )
        else:
            strong = row.strip().upper().startswith("TOTAL")
            if strong:
                body.append(
                    f'<line x1="14" y1="{y - 11}" x2="{WIDTH - 14}" y2="{y - 11}" '
                    'stroke="#1d2430"/>'
                )
            weight = ' font-weight="700"' if strong else ""
            body.append(
                f'<text x="14" y="{y}" font-size="11" font-family="monospace" '
                f'fill="#2b2f36"{weight} xml:space="preserve">{shown}</text>'
            )
        y += LINE
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-6 -6 {WIDTH + 12} {height + 12}" '
        f'width="{WIDTH + 12}" height="{height + 12}" role="img" '
        f'aria-label="Receipt {escape(name)}"><g transform="rotate({tilt / 2} {WIDTH / 2} '
        f'{height / 2})">{"".join(body)}</g></svg>'
    )
