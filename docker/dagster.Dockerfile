# The Dagster webserver and daemon (one image, two commands). No project code here: they
# reach the definitions through the code location's gRPC server (docker/workspace.yaml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DAGSTER_HOME=/opt/dagster/dagster_home

# Pinned like pyproject.toml.
RUN pip install \
    dagster==1.13.27 \
    dagster-webserver==1.13.27 \
    dagster-postgres==0.29.27 \
    dagster-docker==0.29.27

# Run containers (uid 10001, the code location image) write step logs to this volume.
RUN useradd --system --uid 10001 po_ingest \
    && mkdir -p $DAGSTER_HOME /opt/dagster/compute_logs \
    && chown po_ingest /opt/dagster/compute_logs
COPY docker/dagster.yaml docker/workspace.yaml $DAGSTER_HOME/
WORKDIR $DAGSTER_HOME

EXPOSE 3000
# The daemon service overrides this with: dagster-daemon run -w workspace.yaml
CMD ["dagster-webserver", "-h", "0.0.0.0", "-p", "3000", "-w", "workspace.yaml"]
