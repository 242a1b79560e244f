// The order page's Deliveries section: per line ordered / delivered / open and the delivery
// notes that delivered it, and the order's delivery status.
import { api, el } from "./api.js";
import { LINE_STATUS, ORDER_STATUS, statusPill } from "./delivery_status.js";

const noteLinks = (notes) =>
  notes.length
    ? notes.flatMap((note, index) => [
        index ? ", " : "",
        el("a", { href: note.note_url, "data-note-id": String(note.id) }, note.dn_number),
        ` (${note.quantity})`,
      ])
    : "—";

function lineRow(line, item) {
  return el(
    "tr",
    { "data-line": String(line.line_number), "data-status": line.status },
    el("td", { class: "num" }, String(line.line_number)),
    el("td", {}, item ? item.description : ""),
    el("td", { class: "num", "data-field": "ordered" }, line.ordered ?? "—"),
    el("td", { class: "num", "data-field": "delivered" }, line.delivered),
    el("td", { class: "num", "data-field": "open" }, line.open ?? "—"),
    el("td", {}, statusPill(LINE_STATUS, line.status)),
    el("td", {}, noteLinks(line.notes)),
  );
}

/** Fill `section` (from order.html) with what has arrived of `order`. */
export async function showDeliveries(order, section) {
  const error = section.querySelector("#deliveries-error");
  error.hidden = true;
  let deliveries;
  try {
    deliveries = await api("GET", `/api/purchase-orders/${order.id}/deliveries`);
  } catch (failure) {
    error.textContent = `Could not load the deliveries: ${failure.message}`;
    error.hidden = false;
    return;
  }
  const items = new Map(order.items.map((item) => [item.line_number, item]));
  section.querySelector("#delivery-status").replaceWith(statusPill(ORDER_STATUS, deliveries.status, { id: "delivery-status" }));
  section.querySelector("tbody").replaceChildren(...deliveries.lines.map((line) => lineRow(line, items.get(line.line_number))));
}
