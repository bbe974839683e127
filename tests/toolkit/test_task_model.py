"""The task.toml model: every section, legacy keys, unknown keys, and bad values."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from taskkit.task_model import TaskConfig, unknown_keys

FULL = """
schema_version = "1.4"
multi_step_reward_strategy = "final"
artifacts = ["/workspace/output", {source = "/tmp/log.txt", destination = "log.txt"}]

[task]
name = "liveclawbench/flight-change"
version = "1.0.0"
description = "Move a meeting after a flight change"
keywords = ["calendar", "email", "airline"]
authors = [{name = "Jane", email = "jane@example.com"}]

[metadata]
difficulty = "hard"
category = "open-world"
tags = ["calendar"]
domain = "Calendar & Task Mgmt"
domains_multi = ["Calendar & Task Mgmt", "Communication & Email"]
factor_a1 = 1
factor_c1 = 1
case_id = 42

[metadata.harbor.lint]
ignore = ["shared-verifier"]

[agent]
timeout_sec = 1800.0
user = "node"

[verifier]
timeout_sec = 900.0
environment_mode = "separate"

[verifier.env]
JUDGE_API_KEY = "${JUDGE_API_KEY}"

[verifier.environment]
network_mode = "allowlist"
allowed_hosts = ["llm.example.com"]

[environment]
cpus = 2
memory_mb = 4096
storage_mb = 10240
allow_internet = true
gpus = 0

[environment.healthcheck]
command = "curl -fsS http://127.0.0.1:5000/health"

[[environment.mcp_servers]]
name = "shop"
transport = "http"
url = "http://127.0.0.1:1234/mcp"

[[steps]]
name = "find"
min_reward = 1.0
[steps.agent]
timeout_sec = 60.0

[[steps]]
name = "notify"
min_reward = {reward = 0.5}
"""


def test_every_section_loads() -> None:
    config = TaskConfig.from_toml(FULL)
    assert config.task is not None and config.task.short_name == "flight-change"
    assert config.metadata.case_id == 42 and config.metadata.factor_c1 == 1
    assert config.metadata.harbor.lint.ignore == ["shared-verifier"]
    assert config.verifier.separate and config.verifier.environment.network_mode == "allowlist"
    assert config.environment.mcp_servers[0].transport == "streamable-http"
    assert config.environment.healthcheck.retries == 3
    assert [s.name for s in config.steps] == ["find", "notify"]
    assert config.steps[1].min_reward == {"reward": 0.5}
    assert config.multi_step_reward_strategy == "final"
    assert unknown_keys(config) == []


def test_seed_file_with_legacy_spellings_is_migrated() -> None:
    config = TaskConfig.from_toml("""
version = "1.0"
difficulty = "Medium"
[metadata]
A1 = 1
c2 = 1
case_id = "7"
domain = "Social Media"
[environment]
memory = "4G"
storage = "512M"
allow_internet = true
""")
    assert config.schema_version == "1.0"
    assert config.metadata.difficulty == "medium"
    assert (config.metadata.factor_a1, config.metadata.factor_c2) == (1, 1)
    assert config.metadata.case_id == 7
    assert (config.environment.memory_mb, config.environment.storage_mb) == (4096, 512)
    assert config.environment.effective_network_mode == "public"


def test_unknown_keys_and_sections_are_found_with_suggestions() -> None:
    config = TaskConfig.from_toml("""
[agnt]
timeout_sec = 5
[verifier]
timout_sec = 3
[metadata]
difficuly = "easy"
[[steps]]
name = "a"
min_rewrd = 1
""")
    assert sorted(unknown_keys(config)) == [
        ("agnt", "agent"),
        ("metadata.difficuly", "difficulty"),
        ("steps[0].min_rewrd", "min_reward"),
        ("verifier.timout_sec", "timeout_sec"),
    ]


@pytest.mark.parametrize(
    ("toml", "loc", "message"),
    [
        ('[task]\nname = "no-org"', ("task", "name"), "expected 'org/name'"),
        (
            '[metadata]\ndifficulty = "extreme"',
            ("metadata", "difficulty"),
            "Input should be 'easy', 'medium' or 'hard'",
        ),
        ("[metadata]\nfactor_a1 = 2", ("metadata", "factor_a1"), "Input should be 0 or 1"),
        ('[metadata]\ndomain = "Cooking"', ("metadata", "domain"), "unknown domain 'Cooking'"),
        ("[metadata]\ncase_id = -1", ("metadata", "case_id"), "greater than or equal to 0"),
        ("[environment]\ncpus = 0", ("environment", "cpus"), "greater than 0"),
        ('[environment]\nmemory = "lots"', ("environment",), "expected a size such as '4G'"),
        (
            '[environment]\nallow_internet = false\nnetwork_mode = "public"',
            ("environment",),
            "allow_internet = false contradicts network_mode = 'public'",
        ),
        (
            '[environment]\nnetwork_mode = "public"\nallowed_hosts = ["a.com"]',
            ("environment",),
            "allowed_hosts needs network_mode = 'allowlist'",
        ),
        (
            '[verifier]\nenvironment_mode = "shared"\n[verifier.environment]\ncpus = 1',
            ("verifier",),
            "environment_mode = 'shared' conflicts",
        ),
        ('[[steps]]\nname = "a/b"', ("steps", 0, "name"), "portable directory name"),
        ('[[steps]]\nname = "A"\n[[steps]]\nname = "a"', ("steps",), "used twice"),
        (
            '[[environment.mcp_servers]]\nname = "x"\ntransport = "stdio"',
            ("environment", "mcp_servers", 0),
            "transport 'stdio' needs a 'command'",
        ),
        (
            'multi_step_reward_strategy = "max"',
            ("multi_step_reward_strategy",),
            "Input should be 'mean' or 'final'",
        ),
    ],
)
def test_bad_values_name_field_and_expectation(toml: str, loc: tuple, message: str) -> None:
    with pytest.raises(ValidationError) as caught:
        TaskConfig.from_toml(toml)
    errors = caught.value.errors()
    assert any(e["loc"][: len(loc)] == loc and message in e["msg"] for e in errors), errors
