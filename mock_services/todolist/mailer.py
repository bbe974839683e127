"""Mail to a user through the email service (assignments, completions, reminders), sent once
the request commits; none when the seed wires no notifications."""

from __future__ import annotations

from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail
from mock_services.todolist.models import Task, User

DEFAULT_SENDER = "todo@example.test"


def due_text(task: Task) -> str:
    """``, due Mon 2 Mar 2026 09:00 (Europe/Paris)`` for a task with a due date, else ``""``."""
    if task.due_date is None:
        return ""
    when = f"{task.due_date:%a} {task.due_date.day} {task.due_date:%b %Y}"
    if task.due_time:
        when += f" {task.due_time} ({task.timezone})"
    return f", due {when}"


def send(ctx: Ctx, user: User, subject: str, body: str) -> None:
    """Mail ``user`` once the request commits; nothing when the seed wires no notifications."""
    target = ctx.runtime.notifications
    if target is None:
        return
    mail = MailDelivery(
        sender=target.sender or DEFAULT_SENDER,
        sender_name="Todo",
        to=[user.email],
        subject=subject[:500],
        body=body,
        labels=["todo"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))
