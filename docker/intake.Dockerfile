# The intake API and upload page (`po-ingest serve`); the same image runs the app database
# migrations once (`po-ingest db upgrade`, the `migrate` service).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /opt/po_ingest
# Every package at the version and hash requirements.lock gives (`make lock`).
COPY requirements-installer.lock requirements.lock ./
RUN pip install --require-hashes -r requirements-installer.lock \
    && pip install --require-hashes -r requirements.lock
COPY pyproject.toml README.md ./
COPY po_ingest ./po_ingest
RUN pip install --no-deps . && pip check && mkdir -p /data/files /data/var

RUN useradd --system --uid 10001 po_ingest && chown -R po_ingest /data
USER po_ingest

EXPOSE 8000
CMD ["po-ingest", "serve", "--host", "0.0.0.0", "--port", "8000"]
