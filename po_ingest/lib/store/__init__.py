"""The application database: one store per table family, on one engine.

Only the batch and launch stores are imported with the package: a CLI upload needs nothing
else, and the others pull in the document models (pydantic) and the review rules. Each other
store is imported the first time it is used (`Store.orders`, `from po_ingest.lib.store import
OrderStore`)."""

from __future__ import annotations

import importlib
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


class _Lazy:
    """A store built (and its module imported) the first time it is used."""

    def __init__(self, class_name: str):
        self.class_name = class_name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, store: Store | None, owner: type | None = None) -> Any:
        if store is None:
            return self
        built = __getattr__(self.class_name)(store.engine)
        store.__dict__[self.name] = built
        return built


class Store:
    """The tables' stores on one engine."""

    orders: OrderStore = _Lazy("OrderStore")
    sites: SiteStore = _Lazy("SiteStore")
    entries: EntryStore = _Lazy("EntryStore")
    model_health: ModelHealthStore = _Lazy("ModelHealthStore")
    users: UserStore = _Lazy("UserStore")
    reviews: ReviewStore = _Lazy("ReviewStore")
    deliveries: DeliveryStore = _Lazy("DeliveryStore")
    alerts: AlertStore = _Lazy("AlertStore")
    mail_rejections: MailRejectionStore = _Lazy("MailRejectionStore")

    def __init__(self, url: str | None = None):
        self.url = url or settings.database_url()
        self.engine = get_engine(self.url)
        self.batches = BatchStore(self.engine)
        self.launches = LaunchStore(self.engine)


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
