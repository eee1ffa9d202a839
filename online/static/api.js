// HTTP calls to the cartas server, the seat tokens kept in localStorage, and a tiny DOM builder that only ever
// sets text with textContent, so no server or player string is read as markup. Every call says the reader's
// language (X-Cartas-Language), so the server's refusals come back in it.

import { language } from "/static/i18n.js";

/** An element `tag` with attributes/properties `props` and children (strings become text nodes). */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A failed request: `message` is the server's one-line `error`, or the HTTP status. */
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** JSON request to the server; throws ApiError with the server's message on a 4xx/5xx. */
export async function api(method, path, body = undefined, token = undefined) {
  const headers = { Accept: "application/json", "X-Cartas-Language": language() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await response.json(); } catch (_) { data = null; }
  if (!response.ok) {
    const message = data && typeof data.error === "string" ? data.error : `${response.status} ${response.statusText}`;
    throw new ApiError(message, response.status);
  }
  return data;
}

/** What this browser holds for table `code`: {token, seat, host_token?, name?}, or null. */
export function loadSeat(code) {
  try {
    const raw = localStorage.getItem(`cartas:${code}`);
    const seat = raw ? JSON.parse(raw) : null;
    return seat && typeof seat.token === "string" ? seat : null;
  } catch (_) {
    return null;
  }
}

export function saveSeat(code, seat) {
  localStorage.setItem(`cartas:${code}`, JSON.stringify(seat));
}

export function forgetSeat(code) {
  localStorage.removeItem(`cartas:${code}`);
}

/** The player's name from the last form they filled, to prefill the next one. */
export function lastName() {
  try { return localStorage.getItem("cartas:name") || ""; } catch (_) { return ""; }
}

export function rememberName(name) {
  try { localStorage.setItem("cartas:name", name); } catch (_) { /* not remembered */ }
}

/** The absolute invite link of table `code` (it carries the code only, never a token). */
export function inviteLink(code) {
  return `${window.location.origin}/t/${encodeURIComponent(code)}`;
}

/** Copy `text` to the clipboard, falling back to selecting it in `input` where the clipboard API is missing. */
export async function copyText(text, input = null) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    if (input) {
      input.select();
      try { return document.execCommand("copy"); } catch (__) { return false; }
    }
    return false;
  }
}
