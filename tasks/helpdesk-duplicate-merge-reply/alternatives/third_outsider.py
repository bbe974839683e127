"""An outside tester's web-UI run (2026-12-07): Maria's two PDF-export tickets found with the
requester filter, the newer merged into the older with the Merge dialog, then on the kept ticket
one public reply sent with its properties in one press (Alice, High, month-end added to the
tags, Pending: chosen in the panel's Status or under the composer's "Submit as")."""

import re

from mock_services.browser import chromium, log_in, main_text, page_in
from mock_services.browser import local_url as url

HELPDESK = 5100
MARIA = "maria.gonzalez@northwind.example"


def reply_and_merge(status_in: str) -> None:
    with chromium() as b:
        pg = page_in(b, "America/New_York")
        log_in(pg, url(HELPDESK), "alice", "alice-pass")
        pg.get_by_label("Requester email").fill(MARIA)
        pg.get_by_role("button", name="Filter tickets").click()
        pg.wait_for_load_state()
        rows = pg.locator("main table tbody tr").all()
        tickets = []
        for row in rows:
            cells = [c.inner_text().strip() for c in row.locator("td").all()]
            code = re.search(r"TK-\d+", " ".join(cells)).group(0)
            tickets.append((code, " ".join(cells)))
            print(code, "|", " ".join(cells).replace("\n", " / "))
        # her tickets about invoices failing to export to PDF, oldest first by code
        export = sorted(
            (
                c
                for c, t in tickets
                if re.search(r"export", t, re.I) and re.search(r"invoice", t, re.I)
            ),
            key=lambda c: int(c[3:]),
        )
        print("export tickets", export)
        assert len(export) == 2, export
        keep, dup = export

        pg.goto(url(HELPDESK, f"/tickets/{dup}"))
        pg.get_by_role("button", name=re.compile(r"^Merge ticket")).click()
        dialog = pg.get_by_role("dialog")
        print("merge dialog:", dialog.inner_text().replace("\n", " | "))
        dialog.get_by_label("Merge into ticket (code, e.g. TK-1001)").fill(keep)
        dialog.get_by_role("button", name="Yes, merge ticket").click()
        pg.wait_for_load_state()
        print("after merge:", main_text(pg)[:500].replace("\n", " | "))

        pg.goto(url(HELPDESK, f"/tickets/{keep}"))
        note = [
            a.inner_text() for a in pg.get_by_role("article").filter(has_text="Internal note").all()
        ]
        print("notes:", note)
        release = re.search(r"release [\d.]+ on \w+ \d+ \w+", " ".join(note)).group(0)
        tags = pg.get_by_label("Tags (comma separated)").input_value()
        pg.get_by_label("Assignee").select_option(label="Alice Martin (Tier 1 Support)")
        if status_in == "panel":
            pg.get_by_label("Status", exact=True).select_option(label="Pending")
        pg.get_by_label("Priority").select_option(label="High")
        pg.get_by_label("Tags (comma separated)").fill(
            ", ".join([t.strip() for t in tags.split(",") if t.strip()] + ["month-end"])
        )
        pg.get_by_role("radio", name="Public reply").check()
        pg.get_by_label("Comment", exact=True).fill(
            "Hi Maria,\n\nI am taking over your ticket while Grace is away, and I have merged"
            " your newer request into this one so we keep it all in one place.\n\nThe fix for"
            f" the PDF export ships in {release}.\n\nUntil then you can still get PDFs of your"
            " invoices: open the invoice, press Print and choose 'Save as PDF' in your browser's"
            " print dialog.\n\nPlease let me know whether that works for your month-end"
            " invoices.\n\nAlice"
        )
        if status_in == "submit_as":  # the composer's picker, the panel's Status left as it was
            pg.get_by_label("Submit as").select_option(label="Pending")
        pg.get_by_role("button", name="Send comment").click()
        pg.wait_for_load_state()
        after = main_text(pg)
        print("after reply:", after[:700].replace("\n", " | "))
        assert "Status: Pending" in after and "priority High" in after, after[:700]
