"""The right completions of todo-weekly-review-close (the six tasks the latest weekly review
reports as done), for scripts that then write free text beside them."""

from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")

DONE = {
    "renewed the SSL certificate for the status page": "Renew SSL certificate for status page",
    "filed the expense report for the Berlin trip": "Expense report for Berlin trip",
    "watered the plants": "Water the plants",
    "picked up the dry cleaning": "Pick up dry cleaning",
    "called mom": "Call mom",
    "cancelled the gym trial": "Cancel gym trial",
}


def latest_review() -> dict:
    """The newest note titled as a weekly review."""
    reviews = todo.call("GET", "/notes?q=weekly%20review&per_page=100")["items"]
    return max(reviews, key=lambda n: n["updated_at"])


def complete_done() -> dict[str, dict]:
    """Completes each open task the latest review reports as done; answers what completing
    answered, by title (with ``next_occurrence`` for a recurring task)."""
    review = latest_review()
    completed: dict[str, dict] = {}
    for line, title in DONE.items():
        assert line in review["body"], line
        query = title.replace(" ", "%20")
        tasks = todo.call("GET", f"/tasks?status=all&per_page=100&q={query}")["items"]
        (task,) = [t for t in tasks if t["title"] == title]
        if task["status"] == "open":
            completed[title] = todo.call("POST", f"/tasks/{task['id']}/complete")
    return completed
