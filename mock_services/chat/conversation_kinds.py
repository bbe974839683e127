"""What a conversation may be (a public or private channel, a direct message) and what a channel
may be called: shared by the tables, the seed and the API's models, without the ORM."""

from __future__ import annotations

from typing import Literal

Kind = Literal["public", "private", "dm"]
CHANNEL_NAME = r"^[a-z0-9][a-z0-9_-]{0,79}$"
