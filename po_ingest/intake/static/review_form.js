// The fields of the order under review: the header, the lines (edit, add, delete, reorder)
// and the totals, with the arithmetic checked again on every keystroke; what the reviewer
// changed, as a JSON merge patch; the server's refusals shown next to their fields.
import { checkArithmetic, formatDecimal } from "./arithmetic.js";
import { el } from "./api.js";

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
const LINE = [
  ["line_number", "#", "num narrow"],
  ["item_code", "Item code", "mono"],
  ["description", "Description", "wide"],
  ["quantity", "Quantity", "num"],
  ["unit", "Unit", "narrow"],
  ["unit_price", "Unit price", "num"],
  ["line_total", "Line total", "num"],
];

const text = (value) => (value === null || value === undefined ? "" : String(value));
const orNull = (value) => (value.trim() === "" ? null : value.trim());

export class OrderForm {
  /** `root` holds the form; `onFocusField(field)` runs when a field gains focus. */
  constructor(root, onFocusField, onLinesMoved) {
    this.root = root;
    this.onFocusField = onFocusField;
    this.onLinesMoved = onLinesMoved;
    root.addEventListener("focusin", (event) => {
      if (event.target.dataset.field) this.onFocusField(event.target.dataset.field);
    });
  }

  render(order) {
    this.order = order;
    this.header = Object.fromEntries([...HEADER, ...TOTALS].map(([name]) => [name, text(order[name])]));
    this.lines = order.items.map((item) => ({
      extracted_index: item.extracted_index,
      provenance: item.provenance,
      values: Object.fromEntries(LINE.map(([name]) => [name, text(item[name])])),
    }));
    this.original = JSON.stringify(this.values());
    this.linesBody = el("tbody");
    this.root.replaceChildren(
      el("div", { class: "field-grid" }, ...HEADER.map(([name, label, hint]) => this.headerField(name, label, hint))),
      el("h3", {}, "Lines"),
      el(
        "table",
        { class: "table lines-editor", id: "lines" },
        el("thead", {}, el("tr", {}, ...LINE.map(([, label, kind]) => el("th", { class: kind }, label)), el("th", {}, ""))),
        this.linesBody,
      ),
      el("p", {}, el("button", { type: "button", class: "small", id: "add-line", onclick: () => this.addLine() }, "Add a line")),
      el("div", { class: "field-grid" }, ...TOTALS.map(([name, label]) => this.headerField(name, label))),
      el("ul", { id: "arithmetic", class: "arithmetic" }),
    );
    this.renderLines();
  }

  headerField(name, label, placeholder) {
    const input = el("input", { id: `f-${name}`, "data-field": name, value: this.header[name], placeholder, autocomplete: "off", spellcheck: "false" });
    input.addEventListener("input", () => {
      this.header[name] = input.value;
      this.check();
    });
    return el("label", { class: "field" }, label, input, el("span", { class: "field-error", "data-error-for": name }));
  }

  renderLines() {
    this.linesBody.replaceChildren(...this.lines.map((line, position) => this.lineRow(line, position)));
    this.check();
  }

  lineRow(line, position) {
    const cells = LINE.map(([name, label, kind]) => {
      const field = `items.${position}.${name}`;
      const input = el("input", { "data-field": field, "aria-label": `${label}, line ${position + 1}`, value: line.values[name], autocomplete: "off", spellcheck: "false", class: kind });
      input.addEventListener("input", () => {
        line.values[name] = input.value;
        this.check();
      });
      const check = name === "line_total" ? el("span", { class: "line-check" }) : "";
      return el("td", { class: kind }, input, check, el("span", { class: "field-error", "data-error-for": field }));
    });
    // Off the Tab order: Tab walks the fields; the mouse moves lines.
    const action = (label, title, onclick) => el("button", { type: "button", class: "small plain", tabindex: "-1", title, onclick }, label);
    return el(
      "tr",
      { "data-position": String(position) },
      ...cells,
      el(
        "td",
        { class: "line-actions" },
        action("↑", "Move up", () => this.moveLine(position, -1)),
        action("↓", "Move down", () => this.moveLine(position, 1)),
        action("×", "Delete the line", () => this.deleteLine(position)),
      ),
    );
  }

  addLine() {
    const values = Object.fromEntries(LINE.map(([name]) => [name, ""]));
    this.lines.push({ extracted_index: null, provenance: {}, values });
    this.linesChanged();
    this.focus(`items.${this.lines.length - 1}.description`);
  }

  deleteLine(position) {
    this.lines.splice(position, 1);
    this.linesChanged();
  }

  moveLine(position, step) {
    const to = position + step;
    if (to < 0 || to >= this.lines.length) return;
    [this.lines[position], this.lines[to]] = [this.lines[to], this.lines[position]];
    this.linesChanged();
  }

  linesChanged() {
    this.renderLines();
    this.onLinesMoved();
  }

  check() {
    const values = { ...this.header, allowances: this.order.allowances, charges: this.order.charges, items: this.lines.map((l) => l.values) };
    const result = checkArithmetic(values);
    [...this.linesBody.rows].forEach((row, position) => {
      const line = result.lines[position];
      const wrong = line && !line.ok;
      row.classList.toggle("mismatch", Boolean(wrong));
      const v = this.lines[position].values;
      row.querySelector(".line-check").textContent = wrong ? `${v.quantity} × ${v.unit_price} = ${formatDecimal(line.expected)}` : "";
    });
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
    const items = this.lines.map((line) => {
      const item = Object.fromEntries(Object.entries(line.values).map(([name, value]) => [name, orNull(value)]));
      const number = item.line_number;
      return { ...item, line_number: number !== null && /^\d+$/.test(number) ? Number(number) : number, extracted_index: line.extracted_index };
    });
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
    const lines = this.lines.flatMap((line, position) =>
      Object.entries(line.provenance).filter(([, box]) => box).map(([name, box]) => ({ field: `items.${position}.${name}`, box })),
    );
    return [...header, ...lines];
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
