// Passkeys in the browser: the server's options (JSON, binary fields as base64url) turned into what
// navigator.credentials.create/get take (ArrayBuffers), and the browser's answer turned back into JSON for the
// server, which checks it with py_webauthn (docs/accounts.md, "Passkeys"). No cryptography happens here.

import { api } from "/static/api.js";

/** base64url text (no padding) to an ArrayBuffer. */
export function fromBase64url(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes.buffer;
}

/** An ArrayBuffer (or view) to base64url text without padding. */
export function toBase64url(buffer) {
  const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let raw = "";
  for (const byte of bytes) raw += String.fromCharCode(byte);
  return btoa(raw).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Whether this browser can make and use passkeys at all (a page over plain http on another host cannot). */
export function passkeysAvailable() {
  return Boolean(window.PublicKeyCredential && navigator.credentials && window.isSecureContext);
}

function descriptors(list) {
  return (list || []).map((item) => ({ ...item, id: fromBase64url(item.id) }));
}

function creationOptions(options) {
  return {
    ...options,
    challenge: fromBase64url(options.challenge),
    user: { ...options.user, id: fromBase64url(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
}

function requestOptions(options) {
  return { ...options, challenge: fromBase64url(options.challenge), allowCredentials: descriptors(options.allowCredentials) };
}

function answer(credential, response) {
  return {
    id: credential.id, rawId: toBase64url(credential.rawId), type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment || undefined,
    clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
    response,
  };
}

/** Make a passkey for the logged-in account and have the server keep it under `name`. */
export async function addPasskey(name) {
  const asked = await api("POST", "/api/account/passkeys/options");
  const credential = await navigator.credentials.create({ publicKey: creationOptions(asked.options) });
  const response = credential.response;
  const transports = response.getTransports ? response.getTransports() : [];
  return api("POST", "/api/account/passkeys", {
    ticket: asked.ticket, name: name || undefined,
    credential: answer(credential, {
      clientDataJSON: toBase64url(response.clientDataJSON),
      attestationObject: toBase64url(response.attestationObject),
      transports,
    }),
  });
}

/** Log in with a passkey this browser or a device near it holds; the server sets the session cookie. */
export async function logInWithPasskey() {
  const asked = await api("POST", "/api/account/passkey-login/options");
  const credential = await navigator.credentials.get({ publicKey: requestOptions(asked.options) });
  const response = credential.response;
  return api("POST", "/api/account/passkey-login", {
    ticket: asked.ticket,
    credential: answer(credential, {
      clientDataJSON: toBase64url(response.clientDataJSON),
      authenticatorData: toBase64url(response.authenticatorData),
      signature: toBase64url(response.signature),
      userHandle: response.userHandle ? toBase64url(response.userHandle) : undefined,
    }),
  });
}
