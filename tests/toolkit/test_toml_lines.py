"""Line numbers of dotted keys in a TOML file."""

from taskkit.toml_lines import key_lines, line_of

TEXT = """schema_version = "1.4"

[task]
name = "a/b"

[metadata.harbor.lint]
ignore = []

[[steps]]
name = "one"
[steps.agent]
timeout_sec = 1.0

[[steps]]
name = "two"
"quoted key" = 1
"""


def test_key_lines() -> None:
    lines = key_lines(TEXT)
    assert lines["schema_version"] == 1
    assert lines["task.name"] == 4
    assert lines["metadata.harbor.lint.ignore"] == 7
    assert lines["steps[0].name"] == 10
    assert lines["steps[0].agent.timeout_sec"] == 12
    assert lines["steps[1].name"] == 15
    assert lines["steps[1].quoted key"] == 16


def test_line_of_falls_back_to_the_table() -> None:
    lines = key_lines(TEXT)
    assert line_of(lines, "task.keywords") == 3
    assert line_of(lines, "nowhere.at.all") is None
