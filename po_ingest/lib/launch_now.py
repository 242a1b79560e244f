"""Launch a new batch's run at once, through dagster-webserver's GraphQL API, instead of waiting
for the pending sensor's next tick (the sensor daemon evaluates sensors every 5 s at best).

Best effort, the sensor stays the safety net: the launch is taken in the app database first
(the sensor launches only the generations it marks itself), so the two never both launch a
generation. Dagster not answering gives the launch back and the sensor's next tick takes the
batch; a process that dies between the two leaves a launch with no run, which the sensor's
reconciliation gives back after its grace period. Off unless PO_INGEST_DAGSTER_GRAPHQL_URL is
set (the webserver as the intake reaches it, e.g. http://127.0.0.1:3000/graphql).
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import urllib.error

from po_ingest.lib.batch_runs import (
    INTAKE,
    JOB_NAMES,
    LAUNCHED_BY_TAG,
    PARTITION_TAG,
    BacklogPolicy,
    lane_of,
    run_tags,
)
from po_ingest.lib.batch_state import Status
from po_ingest.lib.dagster_graphql import GraphQLError, post_graphql
from po_ingest.lib.files import FileStore
from po_ingest.lib.redact import safe_error
from po_ingest.lib.store import Batch, Store

log = logging.getLogger(__name__)

# The code location and its repository, as workspace.yaml and the Definitions name them.
LOCATION = "po_ingest"
REPOSITORY = "__repository__"
PARTITIONS = "batches"
# The intake answered long ago; this only bounds a worker thread waiting on a busy webserver
# (a burst's launches wait on each other there).
TIMEOUT_SECONDS = 30

_ADD_PARTITION = """
mutation AddPartition($repository: RepositorySelector!, $name: String!, $key: String!) {
  addDynamicPartition(repositorySelector: $repository, partitionsDefName: $name, partitionKey: $key) {
    __typename
    ... on Error { message }
  }
}
"""
_DELETE_PARTITION = """
mutation DeletePartition($repository: RepositorySelector!, $name: String!, $keys: [String!]!) {
  deleteDynamicPartitions(
    repositorySelector: $repository, partitionsDefName: $name, partitionKeys: $keys
  ) {
    __typename
    ... on Error { message }
  }
}
"""
_LAUNCH = """
mutation Launch($params: ExecutionParams!) {
  launchRun(executionParams: $params) {
    __typename
    ... on LaunchRunSuccess { run { runId } }
    ... on Error { message }
  }
}
"""


def graphql_url() -> str | None:
    return os.environ.get("PO_INGEST_DAGSTER_GRAPHQL_URL") or None


def launch_now(store: Store, files: FileStore, batch: Batch, url: str | None = None) -> str | None:
    """The run id Dagster created for `batch`, or None when the sensor will launch it."""
    url = url or graphql_url()
    if not url or batch.status != Status.PENDING or batch.batch_type not in JOB_NAMES:
        return None
    backlog = BacklogPolicy.from_env()
    if store.launches.unlaunched_count(backlog.threshold + 1) > backlog.threshold:
        return None  # a backlog: the sensor's next tick packs it with the others
    lane = lane_of(batch, files)
    now = dt.datetime.now(dt.UTC)
    if batch.id not in store.launches.mark_launched([(batch.id, batch.generation, lane)], now):
        return None  # the sensor took it first
    added = False
    try:
        added = _partitions(url, _ADD_PARTITION, key=batch.id)
        return _launch(url, batch, lane)
    except (OSError, GraphQLError, KeyError, ValueError) as exc:
        if _unanswered(exc):
            # Dagster may have created the run after all: giving the launch back could start
            # a second one. The reconciliation gives it back if no run exists after its grace.
            log.warning("batch %s: Dagster did not answer in time (%s)", batch.id, exc)
            return None
        if added:
            # The sensor records the upload of a batch whose partition it adds itself.
            _forget_partition(url, batch.id)
        store.launches.forget_launch(batch.id, batch.generation)
        log.warning("batch %s: left to the sensor (%s)", batch.id, safe_error(str(exc)))
        return None


def _unanswered(exc: BaseException) -> bool:
    """A request sent whose answer did not come (not one refused or answered with an error)."""
    if isinstance(exc, urllib.error.URLError):
        exc = exc.reason if isinstance(exc.reason, BaseException) else exc
    return isinstance(exc, TimeoutError)


def _partitions(url: str, mutation: str, **variables) -> bool:
    """True if the mutation changed the partitions (False: the partition was there)."""
    repository = {"repositoryLocationName": LOCATION, "repositoryName": REPOSITORY}
    variables = {"repository": repository, "name": PARTITIONS, **variables}
    answer = next(iter(post_graphql(url, mutation, variables, TIMEOUT_SECONDS).values()))
    if answer["__typename"] == "DuplicateDynamicPartitionError":
        return False
    if not answer["__typename"].endswith("Success"):
        raise GraphQLError(answer.get("message") or answer["__typename"])
    return True


def _forget_partition(url: str, key: str) -> None:
    try:
        _partitions(url, _DELETE_PARTITION, keys=[key])
    except (OSError, GraphQLError, KeyError, ValueError) as exc:
        log.warning("batch %s: its partition stays (%s)", key, safe_error(str(exc)))


def _launch(url: str, batch: Batch, lane: str) -> str:
    tags = {**run_tags(batch, lane), PARTITION_TAG: batch.id, LAUNCHED_BY_TAG: INTAKE}
    params = {
        "selector": {
            "repositoryLocationName": LOCATION,
            "repositoryName": REPOSITORY,
            "jobName": JOB_NAMES[batch.batch_type],
        },
        "runConfigData": {},
        "executionMetadata": {"tags": [{"key": k, "value": v} for k, v in tags.items()]},
    }
    answer = post_graphql(url, _LAUNCH, {"params": params}, TIMEOUT_SECONDS)["launchRun"]
    if answer["__typename"] != "LaunchRunSuccess":
        raise GraphQLError(answer.get("message") or answer["__typename"])
    return answer["run"]["runId"]
