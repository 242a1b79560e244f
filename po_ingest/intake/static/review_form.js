// The fields of the order under review: the header, the lines (review_lines.js) and the
// totals, with the arithmetic checked again on every keystroke; what the reviewer
// changed, as a JSON merge patch; the server's refusals shown next to their fields.
import { checkArithmetic, formatDecimal } from "./arithmetic.js";
import { el } from "./api.js";
import { LinesEditor } from "./review_lines.js";

const HEADER = [
  ["po_number", "PO number"],
  ["order_date", "Order date", "YYYY-MM-DD"],
  ["supplier_name", "Supplier"],
  ["project_code", "Project code"],
  ["currency", "Currency"],
];
const TOTALS = [
  ["subtotal", "Subtotal"],
  ["tax", "Tax"],
  ["total", "Total"],
];

const text = (value) => (value === null || value === undefined ? "" : String(value));
const orNull = (value) => (value.trim() === "" ? null : value.trim());

export class OrderForm {
  /** `root` holds the form; `onFocusField(field)` runs when a field gains focus. */
  constructor(root, onFocusField, onLinesMoved) {
    this.root = root;
    this.onFocusField = onFocusField;
    this.lines = new LinesEditor(
      () => this.check(),
      () => {
        this.check();
        onLinesMoved();
      },
    );
    root.addEventListener("focusin", (event) => {
      if (event.target.dataset.field) this.onFocusField(event.target.dataset.field);
    });
  }

  render(order) {
    this.order = order;
    this.header = Object.fromEntries([...HEADER, ...TOTALS].map(([name]) => [name, text(order[name])]));
    this.lines.render(order.items);
    this.original = JSON.stringify(this.values());
    this.root.replaceChildren(
      el("div", { class: "field-grid" }, ...HEADER.map(([name, label, hint]) => this.headerField(name, label, hint))),
      el("h3", {}, "Lines"),
      this.lines.table,
      el("p", {}, el("button", { type: "button", class: "small", id: "add-line", onclick: () => this.focus(this.lines.add()) }, "Add a line")),
      el("div", { class: "field-grid" }, ...TOTALS.map(([name, label]) => this.headerField(name, label))),
      el("ul", { id: "arithmetic", class: "arithmetic" }),
    );
    this.check();
  }

  headerField(name, label, placeholder) {
    const input = el("input", { id: `f-${name}`, "data-field": name, value: this.header[name], placeholder, autocomplete: "off", spellcheck: "false" });
    input.addEventListener("input", () => {
      this.header[name] = input.value;
      this.check();
    });
    return el("label", { class: "field" }, label, input, el("span", { class: "field-error", "data-error-for": name }));
  }

  check() {
    const values = { ...this.header, allowances: this.order.allowances, charges: this.order.charges, items: this.lines.texts() };
    const result = checkArithmetic(values);
    this.lines.showChecks(result.lines);
    const rows = [];
    const wrongLines = result.lines.filter((line) => line && !line.ok).length;
    rows.push(["check-lines", wrongLines === 0, wrongLines ? `${wrongLines} line(s): quantity × unit price ≠ line total` : "Every line: quantity × unit price = line total"]);
    if (result.subtotal) {
      const sum = formatDecimal(result.subtotal.expected);
      rows.push(["check-subtotal", result.subtotal.ok, result.subtotal.ok ? `Lines sum to the subtotal (${sum})` : `Lines sum to ${sum}, not the subtotal ${this.header.subtotal}`]);
    }
    if (result.total) {
      const expected = formatDecimal(result.total.expected);
      const formula = "Subtotal − allowances + charges + tax";
      rows.push(["check-total", result.total.ok, result.total.ok ? `${formula} = total (${expected})` : `${formula} = ${expected}, not the total ${this.header.total}`]);
    }
    this.root.querySelector("#arithmetic").replaceChildren(
      ...rows.map(([id, ok, message]) => el("li", { id, class: ok ? "check-ok" : "check-mismatch" }, `${ok ? "✓" : "✗"} ${message}`)),
    );
  }

  values() {
    const header = Object.fromEntries(Object.entries(this.header).map(([name, value]) => [name, orNull(value)]));
    const items = this.lines.values(orNull);
    return { ...header, items };
  }

  /** What changed since the order was shown, as a merge patch (lines as a whole); null if nothing. */
  patch() {
    const now = this.values();
    const before = JSON.parse(this.original);
    const patch = {};
    for (const name of Object.keys(this.header)) if (now[name] !== before[name]) patch[name] = now[name];
    if (JSON.stringify(now.items) !== JSON.stringify(before.items)) patch.items = now.items;
    return Object.keys(patch).length ? patch : null;
  }

  /** The provenance box of each field that has one, under the field's current name. */
  boxes() {
    const header = Object.entries(this.order.provenance).filter(([, box]) => box).map(([field, box]) => ({ field, box }));
    return [...header, ...this.lines.boxes()];
  }

  /** Show the server's refusals next to their fields; returns those that have no field. */
  showErrors(errors) {
    this.clearErrors();
    const unplaced = [];
    for (const error of errors) {
      const slot = this.root.querySelector(`[data-error-for="${CSS.escape(error.field)}"]`);
      if (!slot) {
        unplaced.push(error);
        continue;
      }
      slot.textContent = error.message;
      this.root.querySelector(`[data-field="${CSS.escape(error.field)}"]`)?.setAttribute("aria-invalid", "true");
    }
    return unplaced;
  }

  clearErrors() {
    this.root.querySelectorAll(".field-error").forEach((slot) => (slot.textContent = ""));
    this.root.querySelectorAll("[aria-invalid]").forEach((input) => input.removeAttribute("aria-invalid"));
  }

  inputs() {
    return [...this.root.querySelectorAll("input[data-field]")];
  }

  focus(field) {
    this.root.querySelector(`[data-field="${CSS.escape(field)}"]`)?.focus();
  }
}
