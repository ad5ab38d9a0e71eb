import { defineUnlistedScript } from "wxt/utils/define-unlisted-script";
import { placeholderDrawing } from "../src/placeholder";

/**
 * The whole of a restored Chromium tab that is not loaded yet (placeholder.html): one plain script that draws the
 * page's title, address and, when the backup has one, its icon, all read from its own address. It makes no call to
 * the extension at all (decision 218): Chromium hands every `runtime.sendMessage` to every open page of the extension,
 * so a thousand placeholders each sending one stalled the very renderer that draws them. The background opens the
 * real page when the tab is selected and unloads the placeholder once drawn (background/placeholders.ts).
 */
export default defineUnlistedScript(() => {
  const target = placeholderDrawing(window.location.search);
  if (!target) return;
  document.title = target.title;
  const title = document.getElementById("title");
  if (title) title.textContent = target.title;
  const url = document.getElementById("url");
  if (url) url.textContent = target.url;
  const load = document.getElementById("load");
  if (load instanceof HTMLAnchorElement) load.href = target.url;
  if (target.favicon) {
    // The site's own icon (or one kept in the backup): never a request to the extension.
    const favicon = document.createElement("link");
    favicon.rel = "icon";
    favicon.href = target.favicon;
    document.head.append(favicon);
    const icon = document.getElementById("icon");
    if (icon instanceof HTMLImageElement) {
      icon.src = target.favicon;
      icon.hidden = false;
    }
  }
});
