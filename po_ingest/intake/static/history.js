// A record's history as the order and delivery-note pages list it: who did what, when, why,
// and each value changed (old → new).
import { el, formatDateTime } from "./api.js";

const shown = (value) => (value === null || value === undefined ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value));

export function historyItem(rev) {
  return el(
    "li",
    { "data-revision": String(rev.revision) },
    el("strong", {}, `${rev.action} by ${rev.user_name}`),
    ` · ${formatDateTime(rev.created_at)} · revision ${rev.revision}`,
    rev.reason ? ` · ${rev.reason}` : "",
    rev.changes.length
      ? el("ul", { class: "changes" }, ...rev.changes.map((c) => el("li", {}, `${c.field}: ${shown(c.old)} → ${shown(c.new)}`)))
      : "",
  );
}
