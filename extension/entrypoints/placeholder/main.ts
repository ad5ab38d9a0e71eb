import { browser } from "wxt/browser";
import { placeholderTarget } from "../../src/placeholder";
import { maybeById } from "../../src/ui/dom";

/**
 * A restored Chromium tab that is not loaded yet: shows the page's title and icon, and becomes the
 * real page (replacing itself in the tab's history) once its tab is the selected one. Selection, not
 * visibility, decides: headless and some window managers report background tabs as visible, and a
 * thousand placeholders loading their pages at once is what this page exists to prevent.
 */
const target = placeholderTarget(window.location.search);
const title = document.getElementById("title");
const url = document.getElementById("url");
const icon = maybeById("icon", HTMLImageElement);
const link = maybeById("load", HTMLAnchorElement);

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
  const load = () => window.location.replace(target.url);
  void browser.tabs
    .getCurrent()
    .then((tab) => {
      if (!tab?.id) return;
      if (tab.active) return load();
      browser.tabs.onActivated.addListener((info) => {
        if (info.tabId === tab.id) load();
      });
      // Drawn: the background may unload this tab; selecting it later loads this page again, which
      // then finds itself selected and opens the real page.
      // (Not in requestAnimationFrame: background tabs get no frames.)
      void browser.runtime.sendMessage({ kind: "placeholder-ready" }).catch(() => undefined);
    })
    .catch(() => {
      // No tabs API here: fall back to the page being shown.
      if (document.visibilityState === "visible") load();
      document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && load());
    });
}
