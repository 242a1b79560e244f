# The Dagster webserver and daemon (one image, two commands). No project code here: they
# reach the definitions through the code location's gRPC server (docker/workspace.yaml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DAGSTER_HOME=/opt/dagster/dagster_home

# The same locked versions as the code location (requirements.lock, `make lock`): webserver,
# daemon and run containers must agree on Dagster.
COPY requirements-installer.lock requirements.lock /tmp/
RUN pip install --require-hashes -r /tmp/requirements-installer.lock \
    && pip install --require-hashes -r /tmp/requirements.lock \
    && rm /tmp/requirements*.lock

# Run containers (uid 10001, the code location image) write step logs to this volume.
RUN useradd --system --uid 10001 po_ingest \
    && mkdir -p $DAGSTER_HOME /opt/dagster/compute_logs \
    && chown po_ingest /opt/dagster/compute_logs
COPY docker/dagster.yaml docker/workspace.yaml $DAGSTER_HOME/
WORKDIR $DAGSTER_HOME

EXPOSE 3000
# The daemon service overrides this with: dagster-daemon run -w workspace.yaml
CMD ["dagster-webserver", "-h", "0.0.0.0", "-p", "3000", "-w", "workspace.yaml"]
