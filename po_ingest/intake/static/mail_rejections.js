// Mail the mailbox intake did not import, and why, for reviewers and admins: others are
// refused /api/mail-rejections and see nothing.
import { api, el, formatDateTime } from "./api.js";

export async function showMailRejections(section) {
  let body;
  try {
    body = await api("GET", "/api/mail-rejections?limit=20");
  } catch {
    section.hidden = true;
    return;
  }
  section.hidden = body.items.length === 0;
  section.querySelector("tbody").replaceChildren(
    ...body.items.map((r) =>
      el(
        "tr",
        { "data-message-id": r.message_id },
        el("td", {}, formatDateTime(r.created_at)),
        el("td", {}, r.sender ?? "—"),
        el("td", {}, r.subject ?? "—"),
        el("td", {}, r.filename ?? "—"),
        el("td", {}, r.reason),
      ),
    ),
  );
}
