"""A persona played by a language model, through the judge's OpenAI-compatible endpoint
(``JUDGE_BASE_URL``, ``JUDGE_API_KEY``, ``JUDGE_MODEL_ID`` in the service's environment): the
persona's prompt and facts frame the conversation so far and the agent's new message, and the
model's reply is the answer.
Without an endpoint (or when it fails) the persona stays silent and the service logs why; a
task with a model persona is then "not runnable here", which its verifier says."""

from __future__ import annotations

import json
import logging
import os
import urllib.error
import urllib.request

from mock_services.core.seeding.personas import MODEL, Answer, Persona

PERSONA_FRAME = "You are playing a persona in a simulated workplace"
"""The first words of a persona's system prompt (the stand-in judge answers such prompts)."""
TIMEOUT_S = 30
_log = logging.getLogger(__name__)


def endpoint() -> tuple[str, str, str] | None:
    """(base URL, key, model) of the judge's endpoint, None when not configured."""
    base, key = os.environ.get("JUDGE_BASE_URL"), os.environ.get("JUDGE_API_KEY")
    if not base or not key:
        return None
    return base.rstrip("/"), key, os.environ.get("JUDGE_MODEL_ID", "deepseek-v3.2")


def system_prompt(persona: Persona) -> str:
    assert persona.llm is not None
    facts = "\n".join(f"- {fact}" for fact in persona.llm.facts) or "- (none)"
    return (
        f"{PERSONA_FRAME}. {persona.llm.prompt}\n\n"
        f"What you know (tell it only when asked):\n{facts}\n\n"
        "Answer the message below in one short message, as this person would, in their "
        "words; never mention that you are playing a role."
    )


Turn = tuple[str, str | None]
"""A message the persona heard, and what it said back (None: it stayed silent)."""


def conversation(persona: Persona, history: list[Turn], text: str) -> list[dict[str, str]]:
    """The chat messages for the model: the persona's frame, every earlier turn of its
    conversation with the agent (the agent as the user, the persona as the assistant), then
    ``text``."""
    messages = [{"role": "system", "content": system_prompt(persona)}]
    for heard, said in history:
        messages.append({"role": "user", "content": heard})
        if said is not None:
            messages.append({"role": "assistant", "content": said})
    messages.append({"role": "user", "content": text})
    return messages


def model_answer(persona: Persona, text: str, history: list[Turn]) -> Answer | None:
    """The model's answer to ``text`` as ``persona``, who remembers ``history``; None without
    an endpoint or on error."""
    found = endpoint()
    if found is None:
        _log.warning("persona %s: no JUDGE_BASE_URL/JUDGE_API_KEY; it stays silent", persona.id)
        return None
    base, key, model = found
    payload = {
        "model": model,
        "temperature": 0,
        "messages": conversation(persona, history, text),
    }
    request = urllib.request.Request(
        f"{base}/chat/completions",
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    try:
        with urllib.request.urlopen(
            request, timeout=TIMEOUT_S
        ) as response:  # the configured endpoint
            content = json.load(response)["choices"][0]["message"]["content"]
    except (OSError, urllib.error.URLError, ValueError, KeyError, IndexError, TypeError) as exc:
        _log.warning("persona %s: the model did not answer: %s", persona.id, exc)
        return None
    return Answer(MODEL, content.strip()) if isinstance(content, str) and content.strip() else None
