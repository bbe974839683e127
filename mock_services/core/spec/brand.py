"""A service's colours in its web UI, after the site it copies (Gmail's light bar, X's black):
the header bar and its text, and the accent of buttons and links."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

HEX = r"^#[0-9a-fA-F]{6}$"
CONTRAST_FLOOR = 4.5
"""WCAG AA for normal text: each colour pair below is refused under it."""
PAGE = "#ffffff"
"""The cards' background, under links."""


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


class Brand(BaseModel):
    """The colours; each text colour must be readable on its background (checked here)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    bar: str = Field("#24324a", pattern=HEX)
    bar_text: str = Field("#ffffff", pattern=HEX)
    accent: str = Field("#2f6fde", pattern=HEX)
    accent_text: str = Field("#ffffff", pattern=HEX)
    link: str = Field("#0b57d0", pattern=HEX)
    """Links, on the pages' white."""

    @model_validator(mode="after")
    def _readable(self) -> Brand:
        pairs = ((self.bar, "bar_text"), (self.accent, "accent_text"), (PAGE, "link"))
        for background, text in pairs:
            ratio = contrast(background, getattr(self, text))
            if ratio < CONTRAST_FLOOR:
                raise ValueError(
                    f"{text} {getattr(self, text)} on {background} has contrast {ratio:.2f}, "
                    f"below {CONTRAST_FLOOR}"
                )
        return self

    def css(self) -> str:
        """The colours as the custom properties the shared stylesheet reads."""
        return (
            f":root{{--bar:{self.bar};--bar-text:{self.bar_text};"
            f"--accent:{self.accent};--accent-text:{self.accent_text};--link:{self.link}}}"
        )
