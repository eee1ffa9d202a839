// The site's service worker, served at /sw.js (scope "/"). For now it only shows Web Push notifications
// (cartas.online.push: the title, the table and its link, never a card) and, on a click, focuses the table's tab
// or opens it. Another part will add offline caching here: keep each job in its own listener.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (_) { data = {}; }
  const title = data.title || "cartas";
  event.waitUntil(self.registration.showNotification(title, {
    body: data.body || "", tag: data.tag, data: { url: data.url || "/" }, icon: "/static/icon.svg",
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin).href;
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of open) {
      if (client.url === url && "focus" in client) return client.focus();
    }
    return self.clients.openWindow(url);
  })());
});
