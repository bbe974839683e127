"""Shared by the b71 scripts: merge Maria's duplicate and do the edits as the reference does;
the public reply body (and an optional internal note) are given whole."""

from mock_services.client import ServiceClient

RIGHT = (
    "Hi Maria,\n\nI'm sorry the PDF export is still failing. I have merged your two tickets so "
    "everything is in one place. Our technical team has found the problem, and the fix ships in "
    "release 4.2.1 on Thursday 12 March.\n\nUntil then you can still get your invoices as PDFs: "
    "open the invoice, press Print and choose 'Save as PDF' in your browser's print dialog.\n\n"
    "{extra}Could you let me know after Thursday's release whether the export works again for "
    "you?\n\nBest regards,\nAlice"
)


def body_with(extra: str) -> str:
    """The right reply with one more paragraph before the closing question."""
    return RIGHT.replace("{extra}", f"{extra}\n\n" if extra else "")


def merge_and_reply(body: str, note: str | None = None) -> None:
    """Merge the newer PDF ticket into the older, take it, high, + month-end, reply ``body``."""
    desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
    maria = next(
        r
        for r in desk.call("GET", "/requesters?q=gonzalez&per_page=100")["items"]
        if r["name"] == "Maria Gonzalez"
    )
    mine = desk.call("GET", f"/tickets?requester={maria['email']}&status=unsolved&per_page=100")
    pdf = sorted(
        (t for t in mine["items"] if "pdf" in t["subject"].lower()), key=lambda t: t["created_at"]
    )
    older, newer = pdf[0], pdf[-1]
    desk.call("POST", f"/tickets/{newer['code']}/merge", {"merged_into": older["code"]})
    kept = desk.call("GET", f"/tickets/{older['code']}")
    desk.call(
        "PATCH",
        f"/tickets/{kept['code']}",
        {"assignee": "alice", "priority": "high", "tags": sorted({*kept["tags"], "month-end"})},
    )
    if note is not None:
        desk.call("POST", f"/tickets/{kept['code']}/comments", {"body": note, "public": False})
    desk.call(
        "POST",
        f"/tickets/{kept['code']}/comments",
        {"body": body, "public": True, "status": "pending"},
    )
