"""The stand-in judge over HTTP, as other benchmarks' judges call it: message content as a
list of parts, a plain-text reference, and an upstream prompt answered in the keys their
parsers read (``score``, ``reasoning``/``reason``, ``match``)."""

from __future__ import annotations

import json
import urllib.request

import pytest

from taskkit.stand_in_judge import grade, host_judge, reference_facts


def _ask(env: dict[str, str], content: object) -> dict:
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": content}]})
    request = urllib.request.Request(
        env["JUDGE_BASE_URL"] + "/chat/completions",
        data=body.encode(),
        headers={"Authorization": "Bearer k", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(json.loads(answer.read())["choices"][0]["message"]["content"])


def test_a_plain_text_reference_is_one_fact() -> None:
    assert reference_facts('{"facts": ["a", "b"]}') == ["a", "b"]
    assert reference_facts("Vanilla cake, 45 minutes") == ["Vanilla cake, 45 minutes"]
    assert reference_facts("  ") == []


@pytest.mark.process  # runs a subprocess
def test_content_parts_and_upstream_prompts_get_upstream_keys() -> None:
    prompt = 'You are a judge. Respond with JSON only: {"score": <float>}'
    with host_judge("127.0.0.1") as env:
        reply = _ask(env, [{"type": "text", "text": prompt}, {"type": "image_url"}])
    assert reply["score"] == 0.0 and reply["match"] is False
    assert reply["reasoning"] == reply["reason"] and "no reference" in reply["reasoning"]


def test_our_frame_with_a_plain_reference_scores_the_oracle() -> None:
    prompt = (
        "Criteria:\n- accuracy (weight 1): the recipe\n\nReference answer:\nVanilla cake\n"
        "<<AGENT_ANSWER_ab12>>\nI found: vanilla cake, 45 minutes.\n<<END_AGENT_ANSWER_ab12>>"
    )
    assert grade(prompt)["scores"]["accuracy"]["score"] == 1.0
    assert grade(prompt.replace("vanilla", "chocolate"))["scores"]["accuracy"]["score"] == 0.0


def test_webarena_prompts_get_their_verdict_words() -> None:
    fuzzy = (
        "Help a teacher to grade the answer of a student given a question.\n"
        "question: Which colour?\nreference answer: deep blue\n"
        "all the string 'N/A' that you see is a special sequence that means 'not achievable'\n"
        "student answer: {answer}\nConclude the judgement by correct/incorrect/partially correct."
    )
    assert grade(fuzzy.format(answer="It is Deep Blue."))["verdict"] == "correct"
    assert grade(fuzzy.format(answer="red"))["verdict"] == "incorrect"
    unachievable = (
        "task: Buy it\nactual unachievable reason: the item is discontinued\n"
        "reported unachievable reason: {answer}\nThe task described above is unachievable."
    )
    assert grade(unachievable.format(answer="N/A: the item is discontinued"))["verdict"] == "same"
    assert grade(unachievable.format(answer="no idea"))["verdict"] == "different"
