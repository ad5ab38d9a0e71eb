import { browser } from "wxt/browser";
import { ALL_SITES, type Status } from "../../src/messages";
import { DEFAULT_SERVER_URL, SERVER_URL_KEY, serverOrigin } from "../../src/server-config";
import { h } from "../../src/ui/dom";

/**
 * Options: the server to talk to (when the package does not name one) and the opt-in form capture,
 * whose access to every site is asked for here, at the moment the person turns it on.
 */
const app = document.getElementById("app") as HTMLElement;
let message: { ok: boolean; text: string } | null = null;

async function status(): Promise<Status> {
  return (await browser.runtime.sendMessage({ kind: "status" })) as Status;
}

async function saveServer(value: string): Promise<void> {
  const origin = serverOrigin(value.trim());
  if (!origin) {
    message = { ok: false, text: "Enter an address starting with http:// or https://" };
    return render();
  }
  const local = ["localhost", "127.0.0.1"].includes(new URL(origin).hostname);
  // The request must come from this click; localhost is granted by the manifest.
  if (!local && !(await browser.permissions.request({ origins: [`${origin}/*`] }))) {
    message = { ok: false, text: `TabVault needs access to ${origin} to back up there.` };
    return render();
  }
  await browser.storage.local.set({ [SERVER_URL_KEY]: origin });
  await browser.runtime.sendMessage({ kind: "settings-changed" });
  message = { ok: true, text: `Saved: ${origin}. Connect again from the toolbar button if this is a new server.` };
  await render();
}

async function setFormCapture(enabled: boolean): Promise<void> {
  if (enabled) {
    const granted = await browser.permissions.request({ origins: [ALL_SITES] });
    if (!granted) {
      message = { ok: false, text: "Form capture stays off: it needs access to the sites you type on." };
      return render();
    }
  } else {
    await browser.permissions.remove({ origins: [ALL_SITES] }).catch(() => false);
  }
  await browser.storage.local.set({ formCapture: enabled });
  await browser.runtime.sendMessage({ kind: "settings-changed" });
  message = { ok: true, text: enabled ? "Form capture is on for newly loaded pages." : "Form capture is off." };
  await render();
}

async function render(): Promise<void> {
  const current = await status();
  const input = h("input", { type: "url", id: "server", value: current.serverUrl, disabled: current.serverSource === "package", placeholder: DEFAULT_SERVER_URL });
  app.replaceChildren(
    h("header", {}, h("img", { src: "/icons/32.png", alt: "" }), h("h1", {}, "TabVault options"), h("span", { class: "version" }, `v${current.version}`)),
    h(
      "section",
      {},
      h("h2", {}, "Server"),
      h("label", { htmlFor: "server" }, "TabVault address"),
      input,
      current.serverSource === "package"
        ? h("p", { class: "muted" }, "Set by the TabVault server this extension was downloaded from.")
        : h(
            "div",
            { class: "row", style: "margin-top:6px" },
            h("button", { class: "primary", onclick: () => void saveServer(input.value) }, "Save"),
            h("span", { class: "muted" }, current.serverSource === "default" ? "Default: this computer." : ""),
          ),
    ),
    h(
      "section",
      {},
      h("h2", {}, "Form data and scroll"),
      h(
        "div",
        { class: "switch" },
        h("input", {
          type: "checkbox",
          id: "form-capture",
          checked: current.formCapture,
          onchange: (event: Event) => void setFormCapture((event.target as HTMLInputElement).checked),
        }),
        h(
          "div",
          {},
          h("label", { htmlFor: "form-capture" }, "Keep what I type and how far I scrolled, on every site"),
          h(
            "p",
            { class: "muted" },
            "Restored tabs get their text back. Never kept: passwords, hidden fields, fields marked autocomplete=off, one-time codes, card numbers, and values you did not change.",
          ),
        ),
      ),
    ),
    message ? h("section", {}, h("p", { class: message.ok ? "notice" : "notice bad", role: "status" }, message.text)) : "",
  );
}

void render();
