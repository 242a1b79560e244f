// How delivery statuses read on the order and delivery-note pages: [label, pill tone].
import { el } from "./api.js";

export const ORDER_STATUS = {
  not_delivered: ["Not delivered", "open"],
  partial: ["Partially delivered", "processing"],
  complete: ["Fully delivered", "done"],
  over: ["Over-delivered", "dead"],
};

export const LINE_STATUS = {
  open: ["Open", "open"],
  partial: ["Partial", "processing"],
  complete: ["Complete", "done"],
  over: ["Over", "dead"],
};

export const NOTE_STATUS = {
  matched: ["Matched", "done"],
  partial: ["Partly matched", "processing"],
  unmatched: ["Unmatched", "dead"],
};

/** A pill for `status` as `labels` names it; `props` go on the element (e.g. an id). */
export function statusPill(labels, status, props = {}) {
  const [label, tone] = labels[status] || [status, "open"];
  return el("span", { ...props, class: `pill pill-${tone}`, "data-status": status }, label);
}

/** The exceptions as chips, highlighted (over_delivery, unknown_item, …). */
export function exceptionChips(exceptions) {
  return exceptions.map((exception) => el("li", { class: "chip chip-exception" }, exception));
}
