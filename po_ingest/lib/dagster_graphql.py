"""Plain POSTs to a running dagster-webserver's GraphQL endpoint, e.g.
http://localhost:3000/graphql (no client library: two callers, a handful of queries)."""

from __future__ import annotations

import json
import urllib.request


class GraphQLError(RuntimeError):
    pass


def post_graphql(url: str, query: str, variables: dict, timeout: float) -> dict:
    """The answer's `data`; GraphQLError for the errors it reports, OSError when unreachable."""
    body = json.dumps({"query": query, "variables": variables}).encode()
    request = urllib.request.Request(
        url, data=body, headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=timeout) as response:
        answer = json.load(response)
    if answer.get("errors"):
        raise GraphQLError("; ".join(e.get("message", "?") for e in answer["errors"]))
    return answer["data"]
