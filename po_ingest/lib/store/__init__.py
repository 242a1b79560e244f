"""The application database: one store per table family, on one engine.

Only the batch and launch stores are imported with the package: a CLI upload needs nothing
else, and the others pull in the document models (pydantic) and the review rules. Each other
store is imported the first time it is used (`Store.orders`, `from po_ingest.lib.store import
OrderStore`)."""

from __future__ import annotations

import importlib
from functools import cached_property
from typing import TYPE_CHECKING, Any

from po_ingest.lib import settings
from po_ingest.lib.store.batches import Batch, BatchStore, MailSource, NewBatch
from po_ingest.lib.store.engine import StoreUnavailable, get_engine
from po_ingest.lib.store.launches import LaunchStore

if TYPE_CHECKING:
    from po_ingest.lib.store.alerts import AlertStore
    from po_ingest.lib.store.deliveries import DeliveryStore, PersistedNote
    from po_ingest.lib.store.documents import LostClaim
    from po_ingest.lib.store.entries import EntryStore
    from po_ingest.lib.store.mail_rejections import MailRejection, MailRejectionStore
    from po_ingest.lib.store.model_health import ModelHealthStore
    from po_ingest.lib.store.orders import OrderStore, PersistOutcome
    from po_ingest.lib.store.reviews import ReviewStore
    from po_ingest.lib.store.sites import SiteStore
    from po_ingest.lib.store.users import UserStore

_LAZY = {
    "AlertStore": "alerts",
    "DeliveryStore": "deliveries",
    "PersistedNote": "deliveries",
    "LostClaim": "documents",
    "EntryStore": "entries",
    "MailRejection": "mail_rejections",
    "MailRejectionStore": "mail_rejections",
    "ModelHealthStore": "model_health",
    "OrderStore": "orders",
    "PersistOutcome": "orders",
    "ReviewStore": "reviews",
    "SiteStore": "sites",
    "UserStore": "users",
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)


class Store:
    """The tables' stores on one engine."""

    def __init__(self, url: str | None = None):
        self.url = url or settings.database_url()
        self.engine = get_engine(self.url)
        self.batches = BatchStore(self.engine)
        self.launches = LaunchStore(self.engine)

    @cached_property
    def orders(self) -> OrderStore:
        return __getattr__("OrderStore")(self.engine)

    @cached_property
    def sites(self) -> SiteStore:
        return __getattr__("SiteStore")(self.engine)

    @cached_property
    def entries(self) -> EntryStore:
        return __getattr__("EntryStore")(self.engine)

    @cached_property
    def model_health(self) -> ModelHealthStore:
        return __getattr__("ModelHealthStore")(self.engine)

    @cached_property
    def users(self) -> UserStore:
        return __getattr__("UserStore")(self.engine)

    @cached_property
    def reviews(self) -> ReviewStore:
        return __getattr__("ReviewStore")(self.engine)

    @cached_property
    def deliveries(self) -> DeliveryStore:
        return __getattr__("DeliveryStore")(self.engine)

    @cached_property
    def alerts(self) -> AlertStore:
        return __getattr__("AlertStore")(self.engine)

    @cached_property
    def mail_rejections(self) -> MailRejectionStore:
        return __getattr__("MailRejectionStore")(self.engine)


__all__ = [
    "AlertStore",
    "Batch",
    "BatchStore",
    "DeliveryStore",
    "EntryStore",
    "LaunchStore",
    "LostClaim",
    "MailRejection",
    "MailRejectionStore",
    "MailSource",
    "ModelHealthStore",
    "NewBatch",
    "OrderStore",
    "PersistedNote",
    "PersistOutcome",
    "ReviewStore",
    "SiteStore",
    "Store",
    "StoreUnavailable",
    "UserStore",
]
