"""Where a new order lands: `needs_review` (with the reasons) or `verified` by "auto" (with
the rule), by PO_INGEST_REVIEW = all | model | warnings | none (default model)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from po_ingest.lib.models import ExtractionRecord

AUTO = "auto"
GROUNDED_EXTRACTORS = ("local",)
TRUSTED_EXTRACTORS = ("embedded_xml",)


class ReviewStatus(StrEnum):
    NEEDS_REVIEW = "needs_review"
    VERIFIED = "verified"
    REJECTED = "rejected"


class ReviewPolicy(StrEnum):
    ALL = "all"  # every order is checked by a person
    MODEL = "model"  # warnings, model reads and first orders from a supplier are checked
    WARNINGS = "warnings"  # only orders with a warning are checked
    NONE = "none"  # nothing is checked: every order is verified by "auto"

    @classmethod
    def from_env(cls) -> ReviewPolicy:
        value = (os.environ.get("PO_INGEST_REVIEW") or cls.MODEL.value).strip().lower()
        try:
            return cls(value)
        except ValueError:
            choices = " | ".join(p.value for p in cls)
            raise ValueError(f"PO_INGEST_REVIEW={value!r}: expected {choices}") from None


@dataclass(frozen=True)
class Routing:
    status: ReviewStatus
    reasons: list[str]

    @property
    def verified_by(self) -> str | None:
        return AUTO if self.status == ReviewStatus.VERIFIED else None


def _review_reasons(result: ExtractionRecord, warnings: list[str], first: bool) -> list[str]:
    reasons = [f"warning:{w}" for w in warnings]
    if result.extractor not in (*TRUSTED_EXTRACTORS, *GROUNDED_EXTRACTORS):
        reasons.append(f"read_by:{result.model or result.extractor}")
    if first:
        reasons.append("first_from_supplier")
    return reasons


def _auto_rule(result: ExtractionRecord) -> str | None:
    """The rule that lets a person skip this order, if one does."""
    if result.extractor in TRUSTED_EXTRACTORS:
        return f"{AUTO}:embedded_xml"
    grounded = result.provenance and all(box is not None for box in result.provenance.values())
    if result.extractor in GROUNDED_EXTRACTORS and result.accepted and grounded:
        return f"{AUTO}:local_parser_grounded"
    return None


def route(
    result: ExtractionRecord,
    warnings: list[str],
    first_from_supplier: bool,
    policy: ReviewPolicy,
) -> Routing:
    """`warnings` are the order's (the extraction's and the store's, such as site_unmatched)."""
    needs = Routing(ReviewStatus.NEEDS_REVIEW, [])
    if policy == ReviewPolicy.NONE:
        return Routing(ReviewStatus.VERIFIED, [f"{AUTO}:review_none"])
    if policy == ReviewPolicy.WARNINGS:
        if warnings:
            return Routing(needs.status, [f"warning:{w}" for w in warnings])
        return Routing(ReviewStatus.VERIFIED, [f"{AUTO}:no_warnings"])
    reasons = _review_reasons(result, warnings, first_from_supplier)
    if policy == ReviewPolicy.ALL:
        return Routing(needs.status, reasons or ["review_all"])
    rule = None if reasons else _auto_rule(result)
    if rule is None:
        return Routing(needs.status, reasons or [f"not_auto_verifiable:{result.extractor}"])
    return Routing(ReviewStatus.VERIFIED, [rule])
