"""Steps the wrong solutions share: Alice's helpdesk and mail sessions, the tickets by role, and
the right reply with pieces swapped in."""

from mock_services.client import ServiceClient

desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
MARIA = "maria.gonzalez@northwind.example"
OLDER, NEWER, LOGO, MARIO_TICKET = "TK-1041", "TK-1047", "TK-1038", "TK-1044"

WORKAROUND = (
    "Until then you can still get your invoices as PDFs: open the invoice, press Print and "
    "choose 'Save as PDF' in your browser's print dialog."
)
RELEASE = (
    "Our technical team has found the problem: the fix ships in release 4.2.1 on Thursday 12 March."
)


def reply_text(release: str = RELEASE, workaround: str = WORKAROUND, extra: str = "") -> str:
    return (
        f"Hi Maria,\n\nI'm sorry the PDF export is still failing; I have merged your two tickets. "
        f"{release}\n\n{workaround}\n\n{extra}Best regards,\nAlice"
    ).replace("\n\n\n", "\n\n")


def merge(source: str = NEWER, into: str = OLDER) -> None:
    desk.call("POST", f"/tickets/{source}/merge", {"merged_into": into})


def set_fields(code: str = OLDER, **fields) -> None:
    body = {
        "assignee": "alice",
        "priority": "high",
        "tags": ["invoices", "month-end", "pdf-export"],
    }
    body.update(fields)
    desk.call("PATCH", f"/tickets/{code}", body)


def reply(
    code: str = OLDER,
    text: str | None = None,
    *,
    public: bool = True,
    status: str | None = "pending",
) -> None:
    body = {"body": text or reply_text(), "public": public}
    if status is not None:
        body["status"] = status
    desk.call("POST", f"/tickets/{code}/comments", body)


def right_job() -> None:
    merge()
    set_fields()
    reply()
