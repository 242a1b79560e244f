"""The intake: an HTTP API that accepts uploads and reports on batches, and the upload page.

It writes the file and the batch row and answers at once; Dagster does the work."""
