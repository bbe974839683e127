"""Invoke front door: ``invoke --list``. Thin wrappers only; the logic lives in the packages:
every task is made from its declaration in ``taskkit/commands.py`` (or ``mock-services``' own
parser, for ``seed`` and ``serve``) and runs that command line."""

from __future__ import annotations

from taskkit.commands import COMMANDS
from taskkit.invoke_help import install as install_task_help
from taskkit.invoke_tasks import toolkit_task
from taskkit.service_commands import SERVICE_COMMANDS

install_task_help()  # `invoke TASK --help` prints the help even for tasks with positionals

for _command in [*COMMANDS.values(), *SERVICE_COMMANDS]:  # see taskkit/commands.py
    globals()[_command.task_name] = toolkit_task(_command)
