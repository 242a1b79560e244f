// The delivery-note page: header, the note's lines each with the order line it matched (a
// link to the order), how it matched, its exceptions highlighted, the note's pages, and a
// reviewer's decisions (note_decisions.js).
import { api, el, fact, formatDateTime, mountTokenBox, openFile } from "./api.js";
import { NOTE_STATUS, exceptionChips, statusPill } from "./delivery_status.js";
import { mountDecisions } from "./note_decisions.js";
import { DocumentView } from "./review_document.js";

const $ = (id) => document.getElementById(id);
const noteId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop());
const documentView = new DocumentView($("note-document"), () => {});
const decisions = mountDecisions({ render, showError });

const METHOD_TEXT = {
  po_line_ref: "order line number",
  item_code: "item code",
  description: "description",
  manual: "a person",
  manual_none: "a person: none",
};

function showError(message) {
  $("note-error").textContent = message;
  $("note-error").hidden = !message;
}

const chipsOr = (chips) => (chips.length ? chips : [el("li", { class: "hint" }, "none")]);

function weight(note) {
  if (note.net_weight == null) return null;
  const unit = note.weight_unit ? ` ${note.weight_unit}` : "";
  return `${note.net_weight}${unit} net (gross ${note.gross_weight ?? "—"}, tare ${note.tare_weight ?? "—"})`;
}

function orderLine(matched) {
  if (!matched) return el("span", { class: "hint" }, "not matched");
  return el(
    "a",
    { href: matched.order_url, "data-order-id": String(matched.order_id) },
    `${matched.po_number} line ${matched.line_number}`,
    el("span", { class: "hint" }, ` · ${matched.description}`),
  );
}

function matchedBy(line) {
  if (!line.method) return "—";
  const score = line.method === "description" && line.score != null ? ` (${Math.round(line.score)})` : "";
  return `${METHOD_TEXT[line.method] || line.method}${score}`;
}

function lineRow(note, line) {
  return el(
    "tr",
    { "data-line": String(line.line_number), class: line.exceptions.length ? "has-exception" : "" },
    el("td", { class: "num" }, String(line.line_number)),
    el("td", { class: "mono" }, line.item_code ?? ""),
    el("td", {}, line.description),
    el("td", { class: "num" }, line.quantity),
    el("td", {}, line.unit ?? ""),
    el("td", {}, line.batch_or_lot ?? ""),
    el("td", { "data-field": "order-line" }, orderLine(line.matched_order_line)),
    el("td", { "data-field": "method" }, matchedBy(line)),
    el("td", {}, el("ul", { class: "chips" }, ...exceptionChips(line.exceptions))),
    el("td", {}, decisions.matchCell(note, line)),
  );
}

function render(note) {
  document.title = `${note.dn_number} · Delivery note`;
  $("note-title").replaceChildren(
    `Delivery note ${note.dn_number}`,
    el("span", { class: note.review_status === "verified" ? "badge badge-ok" : "badge" }, note.review_status.replace("_", " ")),
  );
  $("match-status").replaceWith(statusPill(NOTE_STATUS, note.match_status, { id: "match-status" }));
  const site = note.site ? note.site.name : "no matching site";
  $("note-header").replaceChildren(
    ...fact("Note id", `#${note.id}`),
    ...fact("Supplier", note.supplier_name),
    ...fact("Orders named", note.po_refs.length ? note.po_refs.join(", ") : null),
    ...fact("Note date", note.dn_date),
    ...fact("Delivered on", note.delivery_date),
    ...fact("Project code", note.project_code),
    ...fact("Site", site),
    ...fact("Delivered to", note.delivered_to),
    ...fact("Received by", note.received_by),
    ...fact("Verified by", note.verified_by && `${note.verified_by} · ${formatDateTime(note.verified_at)}`),
    ...fact("Signed", note.signature_present == null ? null : note.signature_present ? "yes" : "no"),
    ...fact("Vehicle", note.vehicle),
    ...fact("Carrier", note.carrier),
    ...fact("Weight", weight(note)),
    ...fact("Imported", formatDateTime(note.created_at)),
    ...fact("Batch", el("code", {}, note.batch_id)),
  );
  $("note-exceptions").replaceChildren(...chipsOr(exceptionChips(note.exceptions)));
  $("note-warnings").replaceChildren(...chipsOr(note.warnings.map((w) => el("li", { class: "chip" }, w))));
  $("note-lines").tBodies[0].replaceChildren(...note.lines.map((line) => lineRow(note, line)));
  const button = $("open-file");
  button.hidden = !note.file_url;
  button.onclick = () =>
    openFile(note.file_url, button).catch((error) => showError(`Could not open the file: ${error.message}`));
  decisions.show(note);
  $("note").hidden = false;
  if (note.file_url) {
    documentView.show(`/api/delivery-notes/${note.id}`, []).catch((error) => {
      $("note-document").replaceChildren(el("p", { class: "hint" }, `The pages cannot be shown: ${error.message}`));
    });
  } else {
    $("note-document").replaceChildren(el("p", { class: "hint" }, "No stored file."));
  }
}

async function load() {
  showError("");
  if (!/^\d+$/.test(noteId)) {
    showError(`"${noteId}" is not a delivery note id.`);
    return;
  }
  try {
    render(await api("GET", `/api/delivery-notes/${noteId}`));
  } catch (error) {
    showError(error.status === 401 ? "Enter the API token to see this delivery note." : error.message);
  }
}

mountTokenBox($("token-box"), load);
load();
