import { placeholderTarget } from "../../src/placeholder";

/**
 * A restored Chromium tab that is not loaded yet: shows the page's title and icon, and becomes the
 * real page (replacing itself in the tab's history) once the tab is visible.
 */
const target = placeholderTarget(window.location.search);
const title = document.getElementById("title");
const url = document.getElementById("url");
const icon = document.getElementById("icon") as HTMLImageElement | null;
const link = document.getElementById("load") as HTMLAnchorElement | null;

if (target) {
  document.title = target.title || target.url;
  if (title) title.textContent = target.title || target.url;
  if (url) url.textContent = target.url;
  if (target.favicon) {
    const favicon = document.createElement("link");
    favicon.rel = "icon";
    favicon.href = target.favicon;
    document.head.append(favicon);
    if (icon) icon.src = target.favicon;
  }
  if (link) link.href = target.url;
  const load = () => {
    if (document.visibilityState === "visible") window.location.replace(target.url);
  };
  document.addEventListener("visibilitychange", load);
  window.addEventListener("focus", load);
  load();
}
