// Web Push in the pages (cartas.online.push): registering the site's service worker (/sw.js, scope "/"), and the
// account page's section to have this device told, choosing which notifications.

import { api, h } from "/static/api.js";
import { t } from "/static/i18n.js";

/** Register /sw.js once per page load; null where the browser has no service workers. */
export function registerWorker() {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
}

function keyBytes(text) {
  const padded = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

/** The account page's notifications section: a check box per kind and a button to (un)subscribe this device. */
export function pushSection() {
  const section = h("section", { id: "push" }, h("h2", { text: t("push_title") }));
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    section.append(h("p", { class: "hint", text: t("push_unsupported") }));
    return section;
  }
  const boxes = h("div", { class: "push-kinds" });
  const button = h("button", { type: "button", id: "push-toggle", text: t("push_on") });
  const line = h("p", { class: "error", role: "alert" });
  section.append(boxes, button, line);
  (async () => {
    try {
      const { key, kinds } = await api("GET", "/api/push/key");
      for (const [kind, words] of Object.entries(kinds)) {
        boxes.append(h("label", { class: "check" }, h("input", { type: "checkbox", name: kind, checked: true }),
          h("span", { text: words })));
      }
      const worker = await registerWorker();
      if (!worker) throw new Error(t("push_unsupported"));
      let current = await worker.pushManager.getSubscription();
      button.textContent = current ? t("push_off") : t("push_on");
      button.onclick = async () => {
        try {
          if (current) {
            await api("POST", "/api/push/unsubscribe", { endpoint: current.endpoint });
            await current.unsubscribe();
            current = null;
          } else {
            current = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
            const chosen = [...boxes.querySelectorAll("input:checked")].map((box) => box.name);
            await api("POST", "/api/push/subscribe", { subscription: current.toJSON(), kinds: chosen });
          }
          button.textContent = current ? t("push_off") : t("push_on");
          line.textContent = "";
        } catch (error) {
          line.textContent = error.message;
        }
      };
    } catch (error) {
      line.textContent = error.message;
    }
  })();
  return section;
}
