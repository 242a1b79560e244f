"""What a bearer token must be: long, varied, and not one printed in our examples or docs.

One rule for every token the product accepts (the API token now, named users' tokens later),
so a placeholder copied from `.env.example` never guards a real deployment.
"""

from __future__ import annotations

MIN_TOKEN_LENGTH = 32
# 32 random hex digits have fewer than 8 distinct ones less than once in a million.
MIN_DISTINCT_CHARACTERS = 8
# A run such as "01234567" or "hgfedcba" is typed, not generated: a random token of 43 URL-safe
# characters (or 32 hex digits) holds one this long about once in ten million.
MAX_STEP_RUN = 7
# Tokens (or their telltale parts) that appear in docker/.env.example, the README and the tests.
EXAMPLE_TOKENS = ("change-me-to-a-long-random-token",)
PLACEHOLDER_WORDS = ("change-me", "changeme", "replace-me", "example", "your-token", "secret")
HOW_TO_MAKE_ONE = 'make one with: python -c "import secrets; print(secrets.token_urlsafe(32))"'


def _longest_step_run(token: str) -> int:
    """The longest stretch whose characters go up (or down) by one code point each."""
    longest = 1
    for step in (1, -1):
        run = 1
        for previous, current in zip(token, token[1:], strict=False):
            run = run + 1 if ord(current) - ord(previous) == step else 1
            longest = max(longest, run)
    return longest


def token_problem(token: str) -> str | None:
    """Why `token` must not be accepted, or None when it is fit. Never quotes the token."""
    lowered = token.lower()
    if token in EXAMPLE_TOKENS or any(word in lowered for word in PLACEHOLDER_WORDS):
        return "it is the example from the documentation, not a secret"
    if len(token) < MIN_TOKEN_LENGTH:
        return f"it is too short ({len(token)} characters, at least {MIN_TOKEN_LENGTH})"
    if len(set(token)) < MIN_DISTINCT_CHARACTERS:
        return (
            f"it has too little variety ({len(set(token))} distinct characters, "
            f"at least {MIN_DISTINCT_CHARACTERS})"
        )
    if _longest_step_run(token) > MAX_STEP_RUN:
        return "it has too little variety (a run of consecutive characters such as '01234567')"
    return None
