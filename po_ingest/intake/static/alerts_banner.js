// The open alert conditions (queue stalled, model down, …) as a banner, for admins: others
// are refused /api/alerts and see nothing.
import { api, el } from "./api.js";

export async function showOpenAlerts(banner) {
  let body;
  try {
    body = await api("GET", "/api/alerts");
  } catch {
    banner.hidden = true;
    return;
  }
  banner.hidden = body.open.length === 0;
  banner.replaceChildren(
    el("strong", {}, `${body.open.length} alert condition(s) open`),
    el(
      "ul",
      {},
      ...body.open.map((alert) => el("li", { "data-kind": alert.kind, "data-subject": alert.subject }, `${alert.title} (${alert.severity})`)),
    ),
  );
}
