"""The stand-in judge plays a task's model personas, offline and deterministically: it answers
with the persona's facts that share a content word with the agent's message."""

from __future__ import annotations

import json
import urllib.request

import pytest

from mock_services.core.seeding.personas import Persona
from mock_services.core.web import persona_model
from taskkit import stand_in_judge
from taskkit.stand_in_judge import ASK_MORE, content_words, host_judge, persona_reply

PERSONA = Persona.model_validate(
    {
        "id": "maria",
        "service": "email",
        "user": "maria",
        "llm": {
            "prompt": "You are Maria, the finance lead.",
            "facts": ["The report is the Q3 one", "The budget is 15,000 EUR", "截止日期是周五"],
        },
    }
)
SYSTEM = persona_model.system_prompt(PERSONA)


def test_the_frame_is_the_one_the_services_write() -> None:
    assert stand_in_judge.PERSONA_FRAME == persona_model.PERSONA_FRAME
    assert SYSTEM.startswith(stand_in_judge.PERSONA_FRAME)


def test_facts_that_share_a_content_word_answer_in_the_prompts_order() -> None:
    assert persona_reply(SYSTEM, "Which report, and what budget?") == (
        "The report is the Q3 one\nThe budget is 15,000 EUR"
    )
    assert persona_reply(SYSTEM, "REPORTS?") == ASK_MORE, "whole words only"
    assert persona_reply(SYSTEM, "Hi, can you help me?") == ASK_MORE, "stop words carry nothing"
    deadline = persona_reply(SYSTEM, "请问截止日期是哪天")
    assert deadline == "截止日期是周五", "CJK by pairs of characters"


def test_content_words_leave_out_short_and_stop_words() -> None:
    assert content_words("What is the Q3 report for?") == {"report"}


def test_a_persona_without_facts_asks_what_is_needed() -> None:
    bare = Persona.model_validate({**PERSONA.model_dump(), "llm": {"prompt": "You are Maria."}})
    assert persona_reply(persona_model.system_prompt(bare), "the report") == ASK_MORE


@pytest.mark.process  # runs a subprocess
def test_over_http_a_persona_prompt_gets_the_personas_words_not_a_grade() -> None:
    with host_judge("127.0.0.1") as env:
        body = {
            "model": "m",
            "messages": [
                {"role": "system", "content": SYSTEM},
                {"role": "user", "content": "Which report?"},
            ],
        }
        request = urllib.request.Request(
            env["JUDGE_BASE_URL"] + "/chat/completions",
            data=json.dumps(body).encode(),
            headers={"Authorization": "Bearer k", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            content = json.loads(answer.read())["choices"][0]["message"]["content"]
    assert content == "The report is the Q3 one"
