// The upload page: pick or drop a file, upload it with progress, then follow its batch with a
// status pill polled every 2 s until it is imported or dead; below, the recent batches.
import { showOpenAlerts } from "./alerts_banner.js";
import { showMailRejections } from "./mail_rejections.js";
import {
  api, el, formatBytes, formatDateTime, formatTime, getToken, mountTokenBox, upload,
} from "./api.js";
import { retryAs } from "./retry_as.js";

const POLL_MS = 2000;
const TABLE_REFRESH_MS = 5000;
const MAX_BYTES = 20 * 1024 * 1024;
const TERMINAL = new Set(["processed", "dead"]);
const STATUSES = ["pending", "processing", "processed", "failed", "dead"];
const TYPE_NAMES = {
  purchase_orders: "Purchase order",
  delivery_notes: "Delivery note",
  timesheets: "Timesheet",
  fuel_logs: "Fuel log",
};

const $ = (id) => document.getElementById(id);

// --- the status pill ------------------------------------------------------------------------

function shorten(text, length = 140) {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** What a batch's pill says: {tone, text, href}. */
function describe(batch) {
  switch (batch.status) {
    case "pending":
      return { tone: "queued", text: "Queued" };
    case "processing":
      return { tone: "processing", text: batch.attempts > 1 ? `Processing (attempt ${batch.attempts})` : "Processing" };
    case "processed":
      // Timesheets and fuel logs (CSV) are imported as rows, with no record to link to.
      if (batch.processed_record_id == null) return { tone: "done", text: "Imported" };
      if (batch.record_type === "delivery_note") {
        return { tone: "done", text: `Imported as delivery note #${batch.processed_record_id}`, href: batch.record_url };
      }
      return { tone: "done", text: `Imported as PO #${batch.processed_record_id}`, href: batch.order_url };
    case "failed":
      return {
        tone: "failed",
        text: `Failed: ${batch.last_error || "unknown error"}, retrying at ${formatTime(batch.next_retry_at)}`,
      };
    case "dead":
      return { tone: "dead", text: "Dead, needs manual retry" };
    default:
      return { tone: "queued", text: batch.status };
  }
}

function pill(batch, props = {}) {
  const { tone, text, href } = describe(batch);
  const label = shorten(text);
  return el(
    "span",
    { ...props, class: `pill pill-${tone}`, "data-status": batch.status, title: text },
    href ? el("a", { href }, label) : label,
  );
}

// --- following one batch --------------------------------------------------------------------

let followed = null; // {id, timer}

function follow(batch) {
  if (followed) clearTimeout(followed.timer);
  followed = { id: batch.id, timer: null };
  $("current").hidden = false;
  $("current-id").textContent = batch.id;
  show(batch);
  schedulePoll();
}

function schedulePoll() {
  followed.timer = setTimeout(poll, POLL_MS);
}

async function poll() {
  const { id } = followed;
  try {
    const batch = await api("GET", `/api/batches/${encodeURIComponent(id)}`);
    if (followed.id !== id) return;
    show(batch);
    if (TERMINAL.has(batch.status)) {
      refreshTable();
      return; // nothing will change by itself any more: stop polling
    }
  } catch (error) {
    if (followed.id !== id) return;
    $("current-detail").textContent = `Could not refresh the status: ${error.message}`;
    if (error.status === 401 || error.status === 404) return;
  }
  schedulePoll();
}

function show(batch) {
  $("pill").replaceWith(pill(batch, { id: "pill", role: "status", "aria-live": "polite" }));
  $("retry-button").hidden = batch.status !== "dead";
  $("retry-button").disabled = false;
  const other = retryAs(batch);
  $("retry-as-button").hidden = !other;
  $("retry-as-button").disabled = false;
  if (other) {
    $("retry-as-button").textContent = other.label;
    $("retry-as-button").onclick = (event) => retry(batch.id, event.target, other.batch_type);
  }
  const detail = $("current-detail");
  detail.replaceChildren();
  if (batch.status === "dead" && batch.last_error) detail.append(`Last error: ${shorten(batch.last_error, 400)}. `);
  if (batch.warnings.length) detail.append(`Warnings: ${batch.warnings.join(", ")}. `);
  if (batch.source_sender) detail.append(`Mailed by ${batch.source_sender}: “${batch.source_subject ?? ""}”. `);
  if (batch.dagster_run_url) {
    detail.append(el("a", { href: batch.dagster_run_url, target: "_blank", rel: "noopener" }, "Run in Dagster"));
  }
}

/** Retry the batch, as `batchType` when given (a document of the other kind). */
async function retry(batchId, button, batchType) {
  button.disabled = true;
  try {
    const body = batchType ? { batch_type: batchType } : undefined;
    const batch = await api("POST", `/api/batches/${encodeURIComponent(batchId)}/retry`, { body });
    if (followed && followed.id === batchId) follow(batch);
  } catch (error) {
    showError(`Retry failed: ${error.message}`);
  } finally {
    button.disabled = false;
    refreshTable();
  }
}

// --- choosing and uploading a file ----------------------------------------------------------

let chosen = null;

function showError(message) {
  $("upload-error").textContent = message;
  $("upload-error").hidden = !message;
}

function choose(file) {
  chosen = null;
  showError("");
  $("file-name").textContent = file ? `${file.name} · ${formatBytes(file.size)}` : "";
  if (file && file.size === 0) showError("This file is empty.");
  else if (file && file.size > MAX_BYTES) showError("This file is larger than 20 MB.");
  else chosen = file;
  $("upload-button").disabled = !chosen;
}

function setProgress(fraction, text) {
  $("progress").hidden = false;
  $("progress-bar").value = Math.round(fraction * 100);
  $("progress-text").textContent = text;
}

async function submit(event) {
  event.preventDefault();
  if (!chosen) return;
  if (!getToken()) {
    showError("Enter the API token first.");
    return;
  }
  const form = new FormData();
  form.append("batch_type", $("batch-type").value); // before the file: checked before it is read
  form.append("file", chosen, chosen.name);
  $("upload-button").disabled = true;
  showError("");
  setProgress(0, "Uploading…");
  try {
    const accepted = await upload("/api/batches", form, (fraction) =>
      setProgress(fraction, `Uploading… ${Math.round(fraction * 100)} %`),
    );
    setProgress(1, "Uploaded");
    follow({ id: accepted.batch_id, status: "pending", attempts: 0, warnings: [] });
    refreshTable();
    $("file-input").value = "";
    choose(null);
  } catch (error) {
    $("progress").hidden = true;
    showError(error.message);
    $("upload-button").disabled = false;
  }
}

function setUpDropZone() {
  const zone = $("drop-zone");
  // A file dropped next to the zone must not make the browser leave the page.
  for (const type of ["dragover", "drop"]) window.addEventListener(type, (e) => e.preventDefault());
  zone.addEventListener("dragover", () => zone.classList.add("dragging"));
  zone.addEventListener("dragleave", () => zone.classList.remove("dragging"));
  zone.addEventListener("drop", (event) => {
    zone.classList.remove("dragging");
    choose(event.dataTransfer.files[0] || null);
  });
  $("file-input").addEventListener("change", (event) => choose(event.target.files[0] || null));
}

// --- recent batches -------------------------------------------------------------------------

let filter = "";
let tableTimer = null;

function renderFilters(counts) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const button = (status, label, count) =>
    el(
      "button",
      {
        type: "button",
        class: "filter",
        "data-status": status,
        "aria-pressed": String(filter === status),
        onclick: () => {
          filter = status;
          refreshTable();
        },
      },
      label,
      el("span", { class: "count" }, String(count)),
    );
  $("filters").replaceChildren(
    button("", "All", total),
    ...STATUSES.map((s) => button(s, s[0].toUpperCase() + s.slice(1), counts[s] || 0)),
  );
}

function retryButtons(batch) {
  const buttons = [];
  if (batch.status === "failed" || batch.status === "dead") {
    buttons.push(el("button", { type: "button", class: "small", onclick: (e) => retry(batch.id, e.target) }, "Retry"));
  }
  const other = retryAs(batch);
  if (other) {
    const retryAsOther = (e) => retry(batch.id, e.target, other.batch_type);
    buttons.push(" ", el("button", { type: "button", class: "small secondary", "data-retry-as": other.batch_type, onclick: retryAsOther }, other.label));
  }
  return buttons;
}

function batchRow(batch) {
  return el(
    "tr",
    { "data-batch-id": batch.id },
    el("td", {}, formatDateTime(batch.date_uploaded)),
    el(
      "td",
      {},
      el("div", {}, batch.original_filename || "(no name)"),
      el("button", { type: "button", class: "link mono", title: "Follow this batch", onclick: () => follow(batch) }, batch.id),
    ),
    el("td", {}, TYPE_NAMES[batch.batch_type] || batch.batch_type),
    el("td", {}, pill(batch)),
    el("td", { class: "num" }, String(batch.attempts)),
    el("td", { class: "num" }, ...retryButtons(batch)),
  );
}

async function refreshTable() {
  clearTimeout(tableTimer);
  if (!getToken()) {
    $("batches-empty").textContent = "Enter the API token to see the batches.";
    $("batches-empty").hidden = false;
  } else {
    try {
      const query = new URLSearchParams({ limit: "25" });
      if (filter) query.set("status", filter);
      const list = await api("GET", `/api/batches?${query}`);
      renderFilters(list.counts);
      $("batches").tBodies[0].replaceChildren(...list.items.map(batchRow));
      $("batches-empty").textContent = filter ? `No ${filter} batches.` : "No batches yet.";
      $("batches-empty").hidden = list.items.length > 0;
      await Promise.all([showOpenAlerts($("alerts-banner")), showMailRejections($("mail-rejections"))]);
    } catch (error) {
      if (error.status === 401) return; // the token box asks again; refreshed once it is saved
    }
  }
  tableTimer = setTimeout(refreshTable, TABLE_REFRESH_MS);
}

// --- start ----------------------------------------------------------------------------------

mountTokenBox($("token-box"), refreshTable);
setUpDropZone();
$("upload-form").addEventListener("submit", submit);
$("retry-button").addEventListener("click", (event) => retry(followed.id, event.target));
refreshTable();
// An alert's link to a batch (/?batch=<id>) opens the page following it.
const linked = new URLSearchParams(window.location.search).get("batch");
if (linked && getToken()) {
  api("GET", `/api/batches/${encodeURIComponent(linked)}`).then(follow, () => {});
}
