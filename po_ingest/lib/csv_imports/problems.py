"""What is wrong with a CSV file, by row (as a spreadsheet numbers them) and column."""

from __future__ import annotations

from dataclasses import dataclass

MAX_LISTED_PROBLEMS = 100


@dataclass(frozen=True)
class Problem:
    row: int | None
    column: str | None
    message: str

    def to_json(self) -> dict:
        return {"row": self.row, "column": self.column, "message": self.message}

    def __str__(self) -> str:
        where = ", ".join(part for part in (self.row and f"row {self.row}", self.column) if part)
        return f"{where}: {self.message}" if where else self.message


class CsvInvalid(ValueError):
    """The file cannot be imported; `problems` lists the first 100, `count` all of them."""

    def __init__(self, problems: list[Problem], count: int | None = None):
        self.problems = problems[:MAX_LISTED_PROBLEMS]
        self.count = len(problems) if count is None else count
        only = self.problems[0] if self.count == 1 else None
        summary = f"{self.count} problems in the CSV" if only is None else str(only)
        super().__init__(f"{summary}; nothing was stored")


class ProblemList:
    """Problems as they are found: the first 100 kept, all counted."""

    def __init__(self) -> None:
        self.listed: list[Problem] = []
        self.count = 0

    def add(self, row: int | None, column: str | None, message: str) -> None:
        self.count += 1
        if len(self.listed) < MAX_LISTED_PROBLEMS:
            self.listed.append(Problem(row, column, message))

    def raise_if_any(self) -> None:
        if self.count:
            raise CsvInvalid(self.listed, self.count)
