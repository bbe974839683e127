"""``invoke TASK --help`` for every task: Invoke 3.0.3 reads ``--help`` given after a task that
still waits for a positional argument as that argument's value (pyinvoke/invoke#982), so
``invoke rename-task --help`` ran the task. ``install()`` swaps in a parser state machine that
takes ``--help``/``-h`` there as the help flag (what Invoke does after any other option)."""

from __future__ import annotations

from invoke.parser import parser as invoke_parser

HELP_FLAGS = ("--help", "-h")


class HelpFirstParseMachine(invoke_parser.ParseMachine):
    """Invoke's parse machine, with a task's ``--help`` winning over its missing positionals."""

    def handle(self, token: str) -> None:
        if self._help_for_task(token):
            self.initial.flags[token].value = self.context.name
            return
        super().handle(token)

    def complete_context(self) -> None:
        if self.context and self.initial.flags["--help"].value == self.context.name:
            if self.context not in self.result:  # help asked: its positionals are not needed
                self.result.append(self.context)
            return
        super().complete_context()

    def _help_for_task(self, token: str) -> bool:
        """``token`` asks for the current task's help where Invoke would eat it as a value."""
        return (
            token in HELP_FLAGS
            and self.current_state != "unknown"
            and self.context is not None
            and token not in self.context.flags
            and not self.waiting_for_flag_value
            and bool(self.context.missing_positional_args)
        )


# fluidity's metaclass gives each class its own (empty) states: the subclass takes Invoke's
HelpFirstParseMachine._class_states = dict(invoke_parser.ParseMachine._class_states)
HelpFirstParseMachine._class_transitions = list(invoke_parser.ParseMachine._class_transitions)


def install() -> None:
    """Make Invoke's parser build ``HelpFirstParseMachine`` (idempotent)."""
    invoke_parser.ParseMachine = HelpFirstParseMachine  # type: ignore[misc]
