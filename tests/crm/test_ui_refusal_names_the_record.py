"""A refusal names the record by its words and who may change it by name, and the page it
leaves shows no form its reader may not use. Alice's task 17, reassigned to Bob by Carol (a
manager), then saved by alice from the page she had open, read "Task 17: only its owner, Bob
Chen, or a manager may change it." above the Edit task form and "Delete task …" still offered;
"or a manager" never said who."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect, expect_error
from tests.page_words import shown_text


def test_a_refused_save_names_the_task_and_leaves_no_forms(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    carol = service.as_user("carol", "carol-pass")
    mine = expect(alice.get("/api/tasks", params={"owner": "alice", "per_page": 100}), 200)
    task = mine["items"][0]
    expect(carol.patch(f"/api/tasks/{task['id']}", json={"owner": "bob"}), 200)
    browser = as_browser(alice)
    sent_from = {"Referer": f"{service.base_url}/tasks/{task['id']}"}
    refused = browser.post(
        f"/tasks/{task['id']}/edit", data={"subject": "Mine", "notes": "x"}, headers=sent_from
    )
    assert refused.status_code == 403, refused.status_code
    text = shown_text(refused.text)
    said = f"'{task['subject']}': only its owner, Bob Chen, or a manager (Carol Diaz) may change it"
    assert said in text, text[:1500]
    assert f"Task {task['id']}" not in text
    for form in ("Save task", "Delete task", "Mark task done"):
        assert form not in text, (form, text[:2000])
    api = expect_error(alice.patch(f"/api/tasks/{task['id']}", json={"notes": "x"}), 403)
    assert api["message"] == said


def test_a_managers_record_names_her_once(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    rows = expect(alice.get("/api/activities", params={"per_page": 100}), 200)["items"]
    hers = next(r for r in rows if r["owner"] == "carol")
    text = shown_text(as_browser(alice).get(f"/activities/{hers['id']}").text)
    assert "Only its owner and manager, Carol Diaz, may delete this activity." in text, text[:1500]
