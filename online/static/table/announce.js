// A live region that reads calls and plays aloud to screen readers, one line at a time, as text.

let region = null;

function live() {
  if (region && region.isConnected) return region;
  region = document.createElement("div");
  region.id = "live";
  region.className = "sr-only";
  region.setAttribute("aria-live", "polite");
  region.setAttribute("role", "log");
  document.body.append(region);
  return region;
}

/** Say `text` (a server line, set as text) to assistive technology; keeps the last five lines. */
export function announce(text) {
  if (!text) return;
  const box = live();
  const line = document.createElement("p");
  line.textContent = String(text);
  box.append(line);
  while (box.childElementCount > 5) box.firstElementChild.remove();
}
