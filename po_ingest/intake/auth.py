"""Bearer-token authentication for /api, and the token file `make run` creates."""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path
from typing import Annotated

from fastapi import Depends, HTTPException, Request, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from po_ingest.lib.users import Caller, Role

TOKEN_FILE = "api_token"

_bearer = HTTPBearer(
    auto_error=False,
    description=(
        "A user's token (`po-ingest users add`) or the bootstrap admin's PO_INGEST_API_TOKEN, "
        "sent as `Authorization: Bearer <token>`."
    ),
)


async def require_token(
    request: Request, credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
) -> Caller:
    """Every /api route depends on this; it runs before any parameter is looked at, on the
    event loop (a named user's look-up in a thread of its own), so a pool full of slow
    uploads cannot hold it up."""
    given = credentials.credentials if credentials else ""
    caller = await request.app.state.intake.callers.caller(given)
    if caller is None:
        raise HTTPException(
            status.HTTP_401_UNAUTHORIZED,
            detail="missing, wrong or revoked API token",
            headers={"WWW-Authenticate": "Bearer"},
        )
    request.state.caller = caller
    return caller


async def current_caller(request: Request) -> Caller:
    """Who sent the request (set by require_token, which every /api route runs first)."""
    return request.state.caller


def require_role(role: Role):
    """A route dependency: 403 unless the caller's role includes `role`."""

    async def check(caller: Annotated[Caller, Depends(current_caller)]) -> None:
        if not caller.may(role):
            raise HTTPException(
                status.HTTP_403_FORBIDDEN,
                detail=f"{caller.name} is {caller.role}; this needs the {role} role",
            )

    return Depends(check)


Reviewer = require_role(Role.REVIEWER)


def ensure_api_token(var_dir: str | Path) -> str:
    """The token in `<var_dir>/api_token`, created (random, mode 0600) when missing."""
    path = Path(var_dir) / TOKEN_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        os.chmod(path, 0o600)
        token = path.read_text().strip()
        if token:
            return token
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    token = secrets.token_urlsafe(32)
    with os.fdopen(fd, "w") as handle:
        handle.write(token + "\n")
    return token


def main(argv: list[str] | None = None) -> int:
    """`python -m po_ingest.intake.auth [VAR_DIR]`: print the API token (stdout), creating it
    when missing; a new token is also announced on stderr, so a person sees it exactly once."""
    args = sys.argv[1:] if argv is None else argv
    var_dir = Path(args[0] if args else os.environ.get("PO_INGEST_VAR_DIR", "var"))
    is_new = not (var_dir / TOKEN_FILE).is_file()
    token = ensure_api_token(var_dir)
    if is_new:
        print(
            f"New API token for the upload page (shown once, kept in {var_dir / TOKEN_FILE}):\n"
            f"    {token}",
            file=sys.stderr,
        )
    print(token)
    return 0


if __name__ == "__main__":
    sys.exit(main())
