"""The app database: the only code that writes SQL."""

from __future__ import annotations

from po_ingest.lib import settings
from po_ingest.lib.store.alerts import AlertStore
from po_ingest.lib.store.batches import Batch, BatchStore, MailSource, NewBatch
from po_ingest.lib.store.deliveries import DeliveryStore, PersistedNote
from po_ingest.lib.store.documents import LostClaim
from po_ingest.lib.store.engine import StoreUnavailable, get_engine
from po_ingest.lib.store.entries import EntryStore
from po_ingest.lib.store.launches import LaunchStore
from po_ingest.lib.store.mail_rejections import MailRejection, MailRejectionStore
from po_ingest.lib.store.model_health import ModelHealthStore
from po_ingest.lib.store.orders import OrderStore, PersistOutcome
from po_ingest.lib.store.reviews import ReviewStore
from po_ingest.lib.store.sites import SiteStore
from po_ingest.lib.store.users import UserStore


class Store:
    """The tables' stores on one engine."""

    def __init__(self, url: str | None = None):
        self.url = url or settings.database_url()
        self.engine = get_engine(self.url)
        self.batches = BatchStore(self.engine)
        self.orders = OrderStore(self.engine)
        self.sites = SiteStore(self.engine)
        self.entries = EntryStore(self.engine)
        self.launches = LaunchStore(self.engine)
        self.model_health = ModelHealthStore(self.engine)
        self.users = UserStore(self.engine)
        self.reviews = ReviewStore(self.engine)
        self.deliveries = DeliveryStore(self.engine)
        self.alerts = AlertStore(self.engine)
        self.mail_rejections = MailRejectionStore(self.engine)


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
