// The order's lines as editable rows: add, delete, move up and down; each line keeps the
// extracted line it came from, so its boxes follow it when it moves.
import { formatDecimal } from "./arithmetic.js";
import { el } from "./api.js";

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

export class LinesEditor {
  /** `onEdit()` runs on every keystroke, `onMoved()` when lines are added, deleted or moved. */
  constructor(onEdit, onMoved) {
    this.onEdit = onEdit;
    this.onMoved = onMoved;
    this.body = el("tbody");
    this.table = el(
      "table",
      { class: "table lines-editor", id: "lines" },
      el("thead", {}, el("tr", {}, ...LINE.map(([, label, kind]) => el("th", { class: kind }, label)), el("th", {}, ""))),
      this.body,
    );
  }

  render(items) {
    this.lines = items.map((item) => ({
      extracted_index: item.extracted_index,
      provenance: item.provenance,
      values: Object.fromEntries(LINE.map(([name]) => [name, text(item[name])])),
    }));
    this.renderRows();
  }

  renderRows() {
    this.body.replaceChildren(...this.lines.map((line, position) => this.row(line, position)));
  }

  row(line, position) {
    const cells = LINE.map(([name, label, kind]) => {
      const field = `items.${position}.${name}`;
      const input = el("input", { "data-field": field, "aria-label": `${label}, line ${position + 1}`, value: line.values[name], autocomplete: "off", spellcheck: "false", class: kind });
      input.addEventListener("input", () => {
        line.values[name] = input.value;
        this.onEdit();
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
        action("↑", "Move up", () => this.move(position, -1)),
        action("↓", "Move down", () => this.move(position, 1)),
        action("×", "Delete the line", () => this.delete(position)),
      ),
    );
  }

  /** A new empty line at the end; the name of its description field. */
  add() {
    const values = Object.fromEntries(LINE.map(([name]) => [name, ""]));
    this.lines.push({ extracted_index: null, provenance: {}, values });
    this.moved();
    return `items.${this.lines.length - 1}.description`;
  }

  delete(position) {
    this.lines.splice(position, 1);
    this.moved();
  }

  move(position, step) {
    const to = position + step;
    if (to < 0 || to >= this.lines.length) return;
    [this.lines[position], this.lines[to]] = [this.lines[to], this.lines[position]];
    this.moved();
  }

  moved() {
    this.renderRows();
    this.onMoved();
  }

  /** The texts as typed, for the arithmetic. */
  texts() {
    return this.lines.map((line) => line.values);
  }

  /** The lines as a PATCH sends them: empty is null, a line number a number when it is one. */
  values(orNull) {
    return this.lines.map((line) => {
      const item = Object.fromEntries(Object.entries(line.values).map(([name, value]) => [name, orNull(value)]));
      const number = item.line_number;
      return { ...item, line_number: number !== null && /^\d+$/.test(number) ? Number(number) : number, extracted_index: line.extracted_index };
    });
  }

  boxes() {
    return this.lines.flatMap((line, position) =>
      Object.entries(line.provenance)
        .filter(([, box]) => box)
        .map(([name, box]) => ({ field: `items.${position}.${name}`, box })),
    );
  }

  /** Mark the lines whose quantity × unit price is not their total, with the product. */
  showChecks(checks) {
    [...this.body.rows].forEach((row, position) => {
      const check = checks[position];
      const wrong = Boolean(check && !check.ok);
      const { quantity, unit_price } = this.lines[position].values;
      row.classList.toggle("mismatch", wrong);
      row.querySelector(".line-check").textContent = wrong ? `${quantity} × ${unit_price} = ${formatDecimal(check.expected)}` : "";
    });
  }
}
