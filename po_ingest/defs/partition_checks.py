"""Per-batch asset checks, written once as plain functions of (app store, batch id).

The one-batch jobs run them as Dagster asset checks on the batch's partition; a packed backlog
run (defs/backlog.py) evaluates the same functions for each batch it stores and logs the
results on that batch's partition, so every partition shows its checks either way.
"""

import warnings
from collections.abc import Callable
from dataclasses import dataclass

import dagster as dg

from po_ingest.defs.partitions import batches_partitions
from po_ingest.defs.resources import StoreResource
from po_ingest.lib.store import Store

# Per-partition checks are a preview feature in Dagster 1.13; they are what lets each record's
# result show on its own partition, so we use them and keep the import-time warning quiet.
warnings.filterwarnings(
    "ignore", message="Specifying a partitions_def on an AssetCheckSpec", category=dg.PreviewWarning
)

CheckFunction = Callable[[Store, str], dg.AssetCheckResult]


@dataclass(frozen=True)
class PartitionCheck:
    asset_key: dg.AssetKey
    name: str
    blocking: bool
    evaluate: CheckFunction

    def evaluation(self, db: Store, batch_id: str) -> dg.AssetCheckEvaluation:
        result = self.evaluate(db, batch_id)
        return dg.AssetCheckEvaluation(
            asset_key=self.asset_key,
            check_name=self.name,
            passed=result.passed,
            metadata=result.metadata,
            severity=result.severity,
            description=result.description,
            blocking=self.blocking,
            partition=batch_id,
        )


_REGISTERED: list[PartitionCheck] = []


def partition_check(
    asset: dg.AssetsDefinition, *, blocking: bool = False
) -> Callable[[CheckFunction], dg.AssetChecksDefinition]:
    """An asset check on each partition of `asset`, from a function of (store, batch id); its
    docstring is the check's description."""

    def decorate(evaluate: CheckFunction) -> dg.AssetChecksDefinition:
        @dg.asset_check(
            asset=asset,
            name=evaluate.__name__,
            description=evaluate.__doc__,
            partitions_def=batches_partitions,
            blocking=blocking,
        )
        def check(
            context: dg.AssetCheckExecutionContext, store: StoreResource
        ) -> dg.AssetCheckResult:
            return evaluate(store.get(), context.partition_key)

        _REGISTERED.append(PartitionCheck(asset.key, evaluate.__name__, blocking, evaluate))
        return check

    return decorate


def checks_of(asset_key: dg.AssetKey) -> list[PartitionCheck]:
    return [check for check in _REGISTERED if check.asset_key == asset_key]
