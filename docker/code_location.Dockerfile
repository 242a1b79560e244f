# The code location: po_ingest's definitions behind a gRPC server, and the image every run
# container starts from (the DockerRunLauncher uses the image this server reports).
# Build context: the repository root (docker compose -f docker/docker-compose.yml build).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /opt/dagster/app
# Every package at the version and hash requirements.lock gives (`make lock`), dagster-docker
# included: run containers load the instance, and docker/dagster.yaml names the DockerRunLauncher.
COPY requirements-installer.lock requirements.lock ./
RUN pip install --require-hashes -r requirements-installer.lock \
    && pip install --require-hashes -r requirements.lock
COPY pyproject.toml README.md ./
COPY po_ingest ./po_ingest
RUN pip install --no-deps . && pip check && mkdir -p /data/files /data/var /opt/dagster/compute_logs

# The same uid as the intake image: both write the shared documents volume.
RUN useradd --system --uid 10001 po_ingest \
    && chown -R po_ingest /data /opt/dagster/compute_logs
USER po_ingest

# Must equal this image's name in docker-compose.yml: runs are launched in it.
ENV DAGSTER_CURRENT_IMAGE=po_ingest_code_location

EXPOSE 4000
# CMD, not ENTRYPOINT: the run launcher starts run workers from this image with its own command.
CMD ["dagster", "api", "grpc", "-h", "0.0.0.0", "-p", "4000", "-m", "po_ingest.definitions"]
