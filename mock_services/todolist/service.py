"""The todolist service's spec: what the core needs to seed, serve and export it."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed
from mock_services.todolist.api import admin, api
from mock_services.todolist.models import Base, User
from mock_services.todolist.seed import TodolistSeed, dump, load
from mock_services.todolist.ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))


SPEC = ServiceSpec(
    name="todolist",
    port=5002,
    title="Todo",
    brand=Brand(
        bar="#c53727", bar_text="#ffffff", accent="#c53727", accent_text="#ffffff", link="#a8321f"
    ),
    showcase=("/upcoming", "/tasks/1"),
    domain="Calendar & Task Mgmt",
    main_change=("tasks", "status"),
    main_record=MainRecord(
        resource="tasks",
        table="tasks",
        listing="/api/tasks?per_page=100",
        example={"title": "Book the boiler service"},
    ),
    description=(
        "Task lists and notes: lists of tasks with due dates in each task's time zone, "
        "priorities, tags, subtasks, recurrence, assignment and mailed reminders; notes in "
        "folders with search. Log in with POST /api/auth/login and send "
        "'Authorization: Bearer <token>'. Due dates are local: due_date 'YYYY-MM-DD' and an "
        "optional due_time 'HH:MM' in the task's timezone."
    ),
    base=Base,
    user_model=User,
    seed_model=TodolistSeed,
    load=load,
    dump=dump,
    apis=(api, admin),
    default_seed=default_seed,
    ui_blueprint=ui,
)
