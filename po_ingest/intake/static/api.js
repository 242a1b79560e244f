// Shared by the upload, order, delivery-note and review pages: the API token, calls to /api, DOM helpers.
// The token lives in localStorage and travels only in the Authorization header, never in a URL.

const TOKEN_KEY = "po_ingest.apiToken";
const UNAUTHORIZED = "po-ingest:unauthorized";

export class ApiError extends Error {
  constructor(status, message, body = null) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export function getToken() {
  return localStorage.getItem(TOKEN_KEY) || "";
}

function authHeaders() {
  return { Authorization: `Bearer ${getToken()}` };
}

function detailOf(body, fallback) {
  if (body && typeof body.detail === "string") return body.detail;
  if (body && Array.isArray(body.detail)) return body.detail.map((d) => d.msg).join("; ");
  return fallback;
}

function refused(status, message, body = null) {
  if (status === 401) document.dispatchEvent(new CustomEvent(UNAUTHORIZED));
  return new ApiError(status, message, body);
}

async function errorFrom(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: keep the status line
  }
  return refused(response.status, detailOf(body, `${response.status} ${response.statusText}`), body);
}

/**
 * A JSON call to the API; throws ApiError with the server's message (and its body).
 * `body` is sent as JSON (`contentType` says which kind), `headers` are added.
 */
export async function api(method, path, { body, headers = {}, contentType = "application/json" } = {}) {
  const sent = { ...authHeaders(), Accept: "application/json", ...headers };
  if (body !== undefined) sent["Content-Type"] = contentType;
  let response;
  try {
    response = await fetch(path, { method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "the server cannot be reached");
  }
  if (!response.ok) throw await errorFrom(response);
  return response.json();
}

/** A file from the API (with the token): the Response, once it is known to be good. */
export async function fetchFile(path) {
  const response = await fetch(path, { headers: authHeaders() });
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** A file from the API (with the token), as a Blob. */
export async function fetchBlob(path) {
  return (await fetchFile(path)).blob();
}

/**
 * Open a stored file from the API in a new tab, as a blob: URL (the token never goes in a URL).
 * The tab is opened at once, while the click still counts as the user's: after the fetch the
 * popup blocker would refuse it.
 */
export async function openFile(url, button) {
  const tab = window.open("", "_blank");
  button.disabled = true;
  try {
    const objectUrl = URL.createObjectURL(await fetchBlob(url));
    if (tab) tab.location.href = objectUrl;
    else window.location.href = objectUrl;
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    if (tab) tab.close();
    throw error;
  } finally {
    button.disabled = false;
  }
}

/** POST a form with XMLHttpRequest, which reports upload progress (fetch does not). */
export function upload(path, form, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Authorization", `Bearer ${getToken()}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response);
      else reject(refused(xhr.status, detailOf(xhr.response, `upload failed (${xhr.status})`)));
    });
    xhr.addEventListener("error", () => reject(new ApiError(0, "the upload did not reach the server")));
    xhr.send(form);
  });
}

/** Build an element: el("a", {href: "/x", class: "link"}, "text", otherNode). Text stays text. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null && child !== false) node.append(child);
  }
  return node;
}

/** A <dt>/<dd> pair for a list of facts; a missing value shows as a dash. */
export function fact(label, value) {
  return [el("dt", {}, label), el("dd", {}, value ?? "—")];
}

export function formatDateTime(iso) {
  return iso ? new Date(iso).toLocaleString() : "—";
}

export function formatTime(iso) {
  return iso ? new Date(iso).toLocaleTimeString() : "—";
}

export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The token box: a form until a token is saved, then "saved · change". Asks again when the
 * server refuses the token. `onChange` runs after a token is saved.
 */
export function mountTokenBox(root, onChange) {
  let message = "";

  function showForm() {
    const input = el("input", {
      id: "token-input",
      type: "password",
      autocomplete: "off",
      spellcheck: "false",
      placeholder: "paste the API token",
      required: true,
    });
    const form = el(
      "form",
      { class: "token-form", onsubmit: save },
      el("label", { for: "token-input" }, "API token"),
      input,
      el("button", { id: "token-save", type: "submit" }, "Save"),
    );
    function save(event) {
      event.preventDefault();
      const token = input.value.trim();
      if (!token) return;
      localStorage.setItem(TOKEN_KEY, token);
      message = "";
      showSaved();
      onChange();
    }
    root.replaceChildren(
      form,
      el(
        "p",
        { class: message ? "hint error" : "hint" },
        message || "Ask your administrator for it (make run prints it once and keeps it in var/api_token).",
      ),
    );
    input.focus();
  }

  function showSaved() {
    root.replaceChildren(
      el(
        "p",
        { class: "token-saved" },
        el("span", { class: "ok" }, "✓"),
        " API token saved in this browser · ",
        el("button", { type: "button", class: "link", id: "token-change", onclick: showForm }, "change"),
      ),
    );
  }

  document.addEventListener(UNAUTHORIZED, () => {
    localStorage.removeItem(TOKEN_KEY);
    message = "The server refused the token: enter it again.";
    showForm();
  });
  if (getToken()) showSaved();
  else showForm();
}
