// A reviewer's decisions on the delivery-note page: Approve (asking why when the note
// over-delivered), Reject (with a reason), each line's order line changed by hand (a select
// of the lines of the orders the note names), and the note's history.
import { api, el } from "./api.js";
import { historyItem } from "./history.js";

const $ = (id) => document.getElementById(id);
const NONE = "none";

const ASK = {
  approve: {
    title: "Accept the over-delivery",
    hint: "This note delivered more than was ordered. Say why it is accepted.",
    confirm: "Approve",
  },
  reject: { title: "Reject this delivery note", hint: "It will count as delivering nothing. Say why.", confirm: "Reject" },
};

const changeable = (note) =>
  note.review_status === "needs_review" || (note.review_status === "verified" && note.verified_by === "auto");

/** Wires the buttons and the dialog; `show(note)` after each render, `matchCell(note, line)` per line. */
export function mountDecisions({ render, showError }) {
  let note = null;
  let asking = null;

  async function decide(path, options) {
    showError("");
    try {
      render(await api(options.method || "POST", `/api/delivery-notes/${note.id}${path}`, options));
      return true;
    } catch (error) {
      if (asking && error.status === 422) {
        $("decision-error").textContent = error.message;
        $("decision-error").hidden = false;
        return false;
      }
      showError(error.status === 409 ? `${error.message} — reload the page.` : error.message);
      render(note);
      return true;
    }
  }

  function ask(action) {
    asking = action;
    $("decision-title").textContent = ASK[action].title;
    $("decision-hint").textContent = ASK[action].hint;
    $("decision-confirm").textContent = ASK[action].confirm;
    $("decision-error").hidden = true;
    $("decision-form").reset();
    $("decision-dialog").showModal();
    $("decision-reason").focus();
  }

  $("approve").addEventListener("click", () => {
    if (note.exceptions.includes("over_delivery")) ask("approve");
    else decide("/approve", { body: {} });
  });
  $("reject").addEventListener("click", () => ask("reject"));
  $("decision-cancel").addEventListener("click", () => $("decision-dialog").close());
  $("decision-dialog").addEventListener("close", () => {
    asking = null;
  });
  $("decision-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const reason = $("decision-reason").value.trim();
    if (await decide(`/${asking}`, { body: { reason } })) $("decision-dialog").close();
  });

  function matchCell(current, line) {
    if (!changeable(current)) return "";
    const chosen = line.method === "manual_none" ? NONE : line.order_item_id == null ? "" : String(line.order_item_id);
    const select = el(
      "select",
      {
        "aria-label": `Order line for line ${line.line_number}`,
        "data-field": "change-match",
        onchange: () =>
          decide(`/lines/${line.id}/match`, {
            method: "PUT",
            body: { order_item_id: select.value === NONE ? null : Number(select.value) },
          }),
      },
      chosen === "" ? el("option", { value: "", disabled: true }, "choose…") : "",
      el("option", { value: NONE }, "none of these lines"),
      ...current.order_lines.map((o) =>
        el("option", { value: String(o.id) }, `${o.po_number} line ${o.line_number} · ${o.description}`),
      ),
    );
    select.value = chosen;
    return select;
  }

  function show(current) {
    note = current;
    $("approve").hidden = note.review_status !== "needs_review";
    $("reject").hidden = note.review_status === "rejected";
    $("note-history").replaceChildren(
      ...(note.history.length ? note.history.map(historyItem) : [el("li", { class: "hint" }, "no decisions yet")]),
    );
  }

  return { show, matchCell };
}
