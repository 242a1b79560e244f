// The order page: header, lines, warnings and history of one purchase order, and its original file
// (fetched with the token and opened as a blob: URL, so the token never appears in a URL).
import { api, el, fact, formatDateTime, mountTokenBox, openFile } from "./api.js";
import { historyItem } from "./history.js";
import { showDeliveries } from "./order_deliveries.js";

const $ = (id) => document.getElementById(id);
const orderId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop());

const WARNING_TEXT = {
  duplicate: "Same PO number as an order imported before: this upload points at that order.",
  duplicate_file: "The same file was imported before: this upload points at that order.",
  site_unmatched: "The project code matches no known site.",
  line_total_mismatch: "A line total differs from quantity × unit price.",
  total_mismatch: "The totals do not add up.",
};

function showError(message) {
  $("order-error").textContent = message;
  $("order-error").hidden = !message;
}

function money(value, currency) {
  return value == null ? "—" : `${value} ${currency}`;
}

function render(order) {
  document.title = `${order.po_number} · Purchase order`;
  $("order-title").replaceChildren(
    `Purchase order ${order.po_number}`,
    el("span", { class: order.is_verified ? "badge badge-ok" : "badge" }, order.review_status.replace("_", " ")),
  );
  $("review-link").href = `/review/${order.id}`;
  $("reopen").hidden = order.review_status === "needs_review";
  $("reopen").onclick = () => reopen(order);
  $("order-history").replaceChildren(...order.history.map(historyItem));
  const site = order.site ? `${order.site.name}${order.site.project_code ? ` (${order.site.project_code})` : ""}` : "no matching site";
  $("order-header").replaceChildren(
    ...fact("Order id", `#${order.id}`),
    ...fact("Supplier", order.supplier_name),
    ...fact("Order date", order.order_date),
    ...fact("Project code", order.project_code),
    ...fact("Site", site),
    ...fact("Total", money(order.total, order.currency)),
    ...fact("Imported", formatDateTime(order.created_at)),
    ...fact("Batch", el("code", {}, order.batch_id)),
  );
  $("order-warnings").replaceChildren(
    ...(order.warnings.length
      ? order.warnings.map((w) => el("li", { class: "chip", title: WARNING_TEXT[w] || "" }, w))
      : [el("li", { class: "hint" }, "none")]),
  );
  $("order-lines").tBodies[0].replaceChildren(
    ...order.items.map((item) =>
      el(
        "tr",
        {},
        el("td", { class: "num" }, String(item.line_number)),
        el("td", { class: "mono" }, item.item_code ?? ""),
        el("td", {}, item.description),
        el("td", { class: "num" }, item.quantity ?? ""),
        el("td", {}, item.unit ?? ""),
        el("td", { class: "num" }, item.unit_price ?? ""),
        el("td", { class: "num" }, item.line_total ?? ""),
      ),
    ),
  );
  const total = (label, value) =>
    el("tr", {}, el("th", { colspan: "6", class: "num" }, label), el("td", { class: "num" }, money(value, order.currency)));
  $("order-lines").tFoot.replaceChildren(total("Subtotal", order.subtotal), total("Tax", order.tax), total("Total", order.total));
  const button = $("open-file");
  button.hidden = !order.file_url;
  button.onclick = () =>
    openFile(order.file_url, button).catch((error) => showError(`Could not open the file: ${error.message}`));
  $("order").hidden = false;
  showDeliveries(order, $("deliveries"));
}

async function reopen(order) {
  showError("");
  try {
    const headers = { "If-Match": String(order.revision) };
    render(await api("POST", `/api/purchase-orders/${order.id}/reopen`, { headers }));
  } catch (error) {
    showError(error.status === 409 ? "Someone changed this order meanwhile: reload the page." : error.message);
  }
}

async function load() {
  showError("");
  if (!/^\d+$/.test(orderId)) {
    showError(`"${orderId}" is not an order id.`);
    return;
  }
  try {
    render(await api("GET", `/api/purchase-orders/${orderId}`));
  } catch (error) {
    showError(error.status === 401 ? "Enter the API token to see this order." : error.message);
  }
}

mountTokenBox($("token-box"), load);
load();
