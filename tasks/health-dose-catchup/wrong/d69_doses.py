"""Shared by the d69 scripts: catch up on Bob's doses as the reference does, then write the
given notes in his health records of today and yesterday (dose marks take no text)."""

from datetime import date, timedelta

from mock_services.client import ServiceClient


def catch_up(today_note: str | None = None, yesterday_note: str | None = None) -> None:
    """Mark today's 08:00 doses taken, yesterday's 20:00 Metformin skipped, then the notes."""
    health = ServiceClient("http://127.0.0.1:5007/api").login("bob", "bob-pass")
    today = health.call("GET", "/medications/schedule")
    for dose in today["items"]:
        if dose["time"] == "08:00" and dose["status"] in ("due", "missed"):
            health.call(
                "POST",
                f"/medications/{dose['medication_id']}/doses",
                {"time": "08:00", "status": "taken"},
            )
    yesterday = (date.fromisoformat(today["day"]) - timedelta(days=1)).isoformat()
    for dose in health.call("GET", f"/medications/schedule?day={yesterday}")["items"]:
        if dose["name"] == "Metformin" and dose["time"] == "20:00" and dose["status"] != "skipped":
            url = f"/medications/{dose['medication_id']}/doses"
            if dose["dose_id"] is not None:
                health.call("DELETE", f"{url}/{dose['dose_id']}")
            health.call("POST", url, {"day": yesterday, "time": "20:00", "status": "skipped"})
    for day, note in ((today["day"], today_note), (yesterday, yesterday_note)):
        if note is not None:
            health.call("PUT", f"/records/{day}", {"notes": note})
