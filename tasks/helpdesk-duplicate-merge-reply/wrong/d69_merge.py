"""Shared by the d69 scripts: merge Maria's duplicate and answer her as the reference does, with
the free text given."""

from mock_services.client import ServiceClient

FIX = (
    "Our technical team has found the problem: the fix ships in release 4.2.1 on Thursday 12 March."
)
WORKAROUND = (
    "Until then you can still get your invoices as PDFs: open the invoice, press Print and "
    "choose 'Save as PDF' in your browser's print dialog."
)
REPLY = (
    "Hi Maria,\n\nI'm sorry the PDF export is still failing, and I have merged your two tickets "
    f"so everything is in one place. {FIX}\n\n{WORKAROUND}\n\n{{extra}}"
    "Could you let me know after Thursday's release whether the export works again for you?\n\n"
    "Best regards,\nAlice"
)


def merge_and_reply(
    extra: str = "",
    note: str | None = None,
    subject: str | None = None,
    extra_tags: tuple[str, ...] = (),
    body: str | None = None,
) -> None:
    """Do the whole task; ``extra`` is a paragraph added to the reply (``body``: the whole reply
    instead), the rest goes beside it."""
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
    edit = {
        "assignee": "alice",
        "priority": "high",
        "tags": sorted({*kept["tags"], "month-end", *extra_tags}),
    }
    if subject is not None:
        edit["subject"] = subject
    desk.call("PATCH", f"/tickets/{kept['code']}", edit)
    if note is not None:
        desk.call("POST", f"/tickets/{kept['code']}/comments", {"body": note, "public": False})
    if body is None:
        body = REPLY.replace("{extra}", f"{extra}\n\n" if extra else "")
    desk.call(
        "POST",
        f"/tickets/{kept['code']}/comments",
        {"body": body, "public": True, "status": "pending"},
    )
