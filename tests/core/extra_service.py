"""A ninth service for the service-kit test: the notes test service's parts under a new name,
port and domain, registered by that test alone."""

from __future__ import annotations

from dataclasses import replace

from tests.core.notes_service import SPEC as NOTES

SPEC = replace(
    NOTES,
    name="kiosk",
    port=5997,
    title="Kiosk (a ninth service)",
    domain="Health & Fitness",
    main_change=("notes", "title"),
)
