// The review queue: orders that need review, oldest first, filtered by supplier and site,
// with the counts per review status; which one is open, and its neighbours for j/k. Beside
// it, the delivery notes that need review, each a link to its page.
import { api, el, formatDateTime } from "./api.js";

const QUEUE_LIMIT = 200;

function fillFilter(select, options) {
  const chosen = select.value;
  select.replaceChildren(el("option", { value: "" }, "all"), ...options.map(([value, label]) => el("option", { value }, label)));
  select.value = chosen;
}

export class ReviewQueue {
  /** `onOpen(orderId)` runs when an order in the list is clicked. */
  constructor({ list, counts, supplierFilter, siteFilter }, onOpen) {
    Object.assign(this, { list, counts, supplierFilter, siteFilter, onOpen });
    this.items = [];
    this.current = null;
    // Every supplier and site seen, so a filter keeps offering the others once one is chosen.
    this.suppliers = new Set();
    this.sites = new Map();
  }

  query() {
    const query = new URLSearchParams({ limit: String(QUEUE_LIMIT) });
    if (this.supplierFilter.value) query.set("supplier", this.supplierFilter.value);
    if (this.siteFilter.value) query.set("site_id", this.siteFilter.value);
    return query;
  }

  async load() {
    const body = await api("GET", `/api/review?${this.query()}`);
    this.items = body.items;
    for (const item of body.items) {
      if (item.supplier_name) this.suppliers.add(item.supplier_name);
      if (item.site_id) this.sites.set(String(item.site_id), item.site_name || `site ${item.site_id}`);
    }
    fillFilter(this.supplierFilter, [...this.suppliers].sort().map((s) => [s, s]));
    fillFilter(this.siteFilter, [...this.sites.entries()].sort((a, b) => a[1].localeCompare(b[1])));
    this.counts.replaceChildren(
      ...Object.entries(body.counts).map(([status, count]) => el("span", { class: "count", "data-status": status }, `${status.replace("_", " ")} ${count}`)),
    );
    this.render();
  }

  select(orderId) {
    this.current = orderId;
    this.render();
  }

  render() {
    this.list.replaceChildren(
      ...(this.items.length
        ? this.items.map((item) =>
            el(
              "li",
              { "data-order-id": String(item.id), class: item.id === this.current ? "current" : "" },
              el("a", { href: `/review/${item.id}`, onclick: (event) => { event.preventDefault(); this.onOpen(item.id); } }, item.po_number),
              el("span", { class: "hint" }, ` ${item.supplier_name ?? "—"} · ${item.total ?? "—"} ${item.currency} · ${formatDateTime(item.created_at)}`),
            ),
          )
        : [el("li", { class: "hint" }, "Nothing needs review.")]),
    );
  }

  position() {
    return this.items.findIndex((item) => item.id === this.current);
  }

  /** The id `step` places from the open order (the first when the open one is not listed). */
  neighbour(step) {
    const position = this.position();
    return this.items[position === -1 ? 0 : position + step]?.id ?? null;
  }

  /** The id at `position`, or the last one's when the list has become shorter. */
  at(position) {
    return this.items[Math.min(Math.max(position, 0), this.items.length - 1)]?.id ?? null;
  }
}

/** The delivery notes that need review, oldest first, into `list`: number, supplier and the
 * match exceptions that sent each here. */
export async function loadNoteQueue(list) {
  const query = new URLSearchParams({ review_status: "needs_review", order: "oldest", limit: String(QUEUE_LIMIT) });
  const notes = (await api("GET", `/api/delivery-notes?${query}`)).items;
  list.replaceChildren(
    ...(notes.length
      ? notes.map((note) =>
          el(
            "li",
            { "data-note-id": String(note.id) },
            el("a", { href: `/delivery-notes/${note.id}` }, note.dn_number),
            el("span", { class: "hint" }, ` ${note.supplier_name ?? "—"} · ${note.exceptions.join(", ") || "no exceptions"} · ${formatDateTime(note.created_at)}`),
          ),
        )
      : [el("li", { class: "hint" }, "No delivery note needs review.")]),
  );
}
