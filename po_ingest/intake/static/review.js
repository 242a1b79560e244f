// The review page: the queue (needs review, oldest first), the document with its boxes, the
// fields; keyboard first: Tab between fields, Enter in the last one or Ctrl+Enter approves
// (saving the correction first), j/k walk the queue, r rejects.
import { api, el, formatDateTime, mountTokenBox } from "./api.js";
import { DocumentView } from "./review_document.js";
import { OrderForm } from "./review_form.js";
import { loadNoteQueue, ReviewQueue } from "./review_queue.js";

const $ = (id) => document.getElementById(id);
const fromUrl = window.location.pathname.split("/").filter(Boolean)[1];

const state = { orderId: fromUrl && /^\d+$/.test(fromUrl) ? Number(fromUrl) : null, order: null, busy: false };
const queue = new ReviewQueue(
  { list: $("queue"), counts: $("counts"), supplierFilter: $("filter-supplier"), siteFilter: $("filter-site") },
  (orderId) => open(orderId).catch(failed),
);

const documentView = new DocumentView($("document"), (field) => form.focus(field));
const form = new OrderForm(
  $("review-form"),
  (field) => {
    const shown = documentView.highlight(field);
    $("document").dataset.focused = shown ? field : "";
  },
  () => documentView.setBoxes(form.boxes()),
);

function say(message) {
  $("review-message").textContent = message;
  $("review-message").hidden = !message;
}

function showError(message) {
  $("review-error").textContent = message;
  $("review-error").hidden = !message;
}

async function open(orderId) {
  state.orderId = orderId;
  queue.select(orderId);
  $("conflict").hidden = true;
  showError("");
  window.history.replaceState(null, "", `/review/${orderId}`);
  const order = await api("GET", `/api/purchase-orders/${orderId}`);
  state.order = order;
  $("review-title").replaceChildren(`${order.po_number}`, el("span", { class: "badge" }, order.review_status.replace("_", " ")), el("span", { class: "badge" }, `revision ${order.revision}`));
  $("review-order-link").href = `/orders/${order.id}`;
  $("review-reasons").replaceChildren(...order.review_reasons.map((r) => el("li", { class: "chip" }, r)));
  form.render(order);
  $("review-order").hidden = false;
  // Not a field, so j/k/r work at once; the first Tab lands on the first field.
  $("review-form").focus();
  await documentView.show(`/api/purchase-orders/${order.id}`, form.boxes());
}

function move(step) {
  const next = queue.neighbour(step);
  if (next) open(next).catch(failed);
}

function showConflict(error) {
  const body = error.body || {};
  $("conflict-text").textContent = `Not saved: ${body.detail || error.message}. The order is at revision ${body.revision ?? "?"} (${body.review_status ?? "?"}).`;
  $("conflict-changes").replaceChildren(
    ...(body.changes_since || []).map((rev) =>
      el(
        "li",
        {},
        `${rev.action} by ${rev.user_name} at ${formatDateTime(rev.created_at)}`,
        rev.changes.length ? `: ${rev.changes.map((c) => `${c.field} ${JSON.stringify(c.old)} → ${JSON.stringify(c.new)}`).join(", ")}` : "",
      ),
    ),
  );
  $("conflict").hidden = false;
  $("conflict-reload").focus();
}

function failed(error) {
  if (error.status === 409) showConflict(error);
  else showError(error.status === 401 ? "Enter a reviewer's API token." : error.message);
}

/** After a decision: the queue again, and the order that took this one's place. */
async function decided(message) {
  const position = queue.position();
  say(message);
  await queue.load();
  const next = queue.at(position);
  if (next) await open(next);
  else {
    state.orderId = null;
    $("review-order").hidden = true;
    $("document").replaceChildren();
  }
}

async function approve() {
  if (state.busy || !state.order) return;
  state.busy = true;
  showError("");
  form.clearErrors();
  try {
    let order = state.order;
    const patch = form.patch();
    if (patch) {
      try {
        order = await api("PATCH", `/api/purchase-orders/${order.id}`, {
          body: patch,
          contentType: "application/merge-patch+json",
          headers: { "If-Match": `"${order.revision}"` },
        });
      } catch (error) {
        if (error.status !== 422) throw error;
        const unplaced = form.showErrors(error.body?.errors || []);
        showError(unplaced.length ? unplaced.map((e) => `${e.field}: ${e.message}`).join("; ") : "Not saved: fix the marked fields.");
        form.root.querySelector("[aria-invalid]")?.focus();
        return;
      }
    }
    await api("POST", `/api/purchase-orders/${order.id}/approve`, { headers: { "If-Match": `"${order.revision}"` } });
    await decided(`Approved ${order.po_number}${patch ? " with your corrections" : ""}.`);
  } catch (error) {
    failed(error);
  } finally {
    state.busy = false;
  }
}

function openReject() {
  if (!state.order) return;
  $("reject-error").hidden = true;
  $("reject-dialog").showModal();
  $("reject-form").querySelector("input[name=reason]:checked").focus();
}

async function reject(event) {
  event.preventDefault();
  const data = new FormData($("reject-form"));
  const order = state.order;
  try {
    await api("POST", `/api/purchase-orders/${order.id}/reject`, {
      body: { reason: data.get("reason"), text: data.get("text") || null },
      headers: { "If-Match": `"${order.revision}"` },
    });
  } catch (error) {
    if (error.status === 422) {
      $("reject-error").textContent = error.message;
      $("reject-error").hidden = false;
      return;
    }
    $("reject-dialog").close();
    failed(error);
    return;
  }
  $("reject-dialog").close();
  $("reject-form").reset();
  await decided(`Rejected ${order.po_number}.`).catch(failed);
}

function onKey(event) {
  if ($("reject-dialog").open) return;
  const inField = event.target.matches("input, select, textarea");
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    approve();
  } else if (inField && event.target.dataset.field && event.key === "Enter") {
    event.preventDefault();
    const inputs = form.inputs();
    const next = inputs[inputs.indexOf(event.target) + 1];
    if (next) next.focus();
    else approve();
  } else if (inField && event.key === "Escape") {
    event.target.blur();
  } else if (!inField && !event.ctrlKey && !event.altKey && !event.metaKey) {
    const actions = { j: () => move(1), k: () => move(-1), r: openReject };
    if (actions[event.key]) {
      event.preventDefault();
      actions[event.key]();
    }
  }
}

async function start() {
  try {
    await Promise.all([queue.load(), loadNoteQueue($("note-queue"))]);
    const first = state.orderId ?? queue.at(0);
    if (first) await open(first);
  } catch (error) {
    failed(error);
  }
}

document.addEventListener("keydown", onKey);
$("approve").addEventListener("click", approve);
$("reject").addEventListener("click", openReject);
$("reject-form").addEventListener("submit", reject);
$("reject-cancel").addEventListener("click", () => $("reject-dialog").close());
$("reject-text").addEventListener("input", () => {
  if ($("reject-text").value) $("reject-form").querySelector("input[value=other]").checked = true;
});
$("conflict-reload").addEventListener("click", () => open(state.orderId).catch(failed));
for (const id of ["filter-supplier", "filter-site"]) $(id).addEventListener("change", () => queue.load().catch(failed));
mountTokenBox($("token-box"), start);
start();
