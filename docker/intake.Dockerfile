# The intake API and upload page (`po-ingest serve`); the same image runs the app database
# migrations once (`po-ingest db upgrade`, the `migrate` service).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /opt/po_ingest
COPY pyproject.toml README.md ./
COPY po_ingest ./po_ingest
# pyproject.toml pins dagster==1.13.27, dagster-webserver==1.13.27, dagster-postgres==0.29.27.
RUN pip install . && mkdir -p /data/files /data/var

RUN useradd --system --uid 10001 po_ingest && chown -R po_ingest /data
USER po_ingest

EXPOSE 8000
CMD ["po-ingest", "serve", "--host", "0.0.0.0", "--port", "8000"]
