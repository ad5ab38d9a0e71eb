import { browser } from "wxt/browser";
import type { FormEncryptionStatus } from "../../src/form-encryption";
import { ALL_SITES, LOCKED_QUEUE_MESSAGE, type Status } from "../../src/messages";
import { DEFAULT_SERVER_URL, SERVER_URL_KEY, serverOrigin } from "../../src/server-config";
import { KEY_CHANGED_MESSAGE, REFUSED_DOWNGRADE_MESSAGES } from "../../src/refused-downgrade";
import { send } from "../../src/send";
import { UNLOCK_PERIODS_MINUTES, unlockPeriodLabel, type UnlockPeriod } from "@common/unlock-period";
import { byId, h } from "../../src/ui/dom";
import { mountUploads } from "./uploads";
import { SET_BY_YOUR_TEAM } from "@common/team-policy-text";

/**
 * Options: the server to talk to (when the package does not name one), what went up and what the server refused
 * (as the popup shows it), and the opt-in form capture, whose access to every site is asked for here, at the moment
 * the person turns it on.
 */
const app = byId("app", HTMLElement);
let message: { ok: boolean; text: string } | null = null;
/** The uploads and refused backups, redrawn on their own (`./uploads.ts`). */
const uploads = h("div", { class: "uploads" });
mountUploads(uploads);

async function status(): Promise<Status> {
  return send("status");
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
  await send("settings-changed");
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
  await send("settings-changed");
  message = { ok: true, text: enabled ? "Form capture is on for newly loaded pages." : "Form capture is off." };
  await render();
}

async function unlock(passphrase: string, minutes: UnlockPeriod): Promise<void> {
  const answer = await send("encryption-unlock", { passphrase, minutes });
  message = { ok: answer.ok, text: answer.message };
  await render();
}

async function lock(): Promise<void> {
  const answer = await send("encryption-lock");
  message = { ok: answer.ok, text: answer.message };
  await render();
}

/** End-to-end encryption (decision 177): unlock this browser with the passphrase set on the Account page. */
function encryptionSection(encryption: FormEncryptionStatus): HTMLElement {
  if (encryption.enabled !== true) {
    return h(
      "section",
      {},
      h("h2", {}, "End-to-end encryption"),
      h("p", { class: "muted" }, encryption.enabled === false ? "Off for this account. Turn it on from the Account page on the TabVault website to seal form entries before they leave this browser." : "Connect this browser to see whether your account encrypts form entries."),
    );
  }
  // A lower answer of the server this browser refused (decision 220): said first, in words the person can act on.
  const refused = encryption.refusedDowngrade ? h("div", { class: "notice warn", role: "alert" }, h("p", {}, REFUSED_DOWNGRADE_MESSAGES[encryption.refusedDowngrade])) : "";
  if (encryption.unlocked) {
    return h(
      "section",
      {},
      h("h2", {}, "End-to-end encryption"),
      refused,
      h(
        "p",
        {},
        encryption.sealsTabLocations
          ? "On, and this browser is unlocked: form entries, tab titles and addresses are sealed with AES-256-GCM before they are sent."
          : "On, and this browser is unlocked: form entries are sealed with AES-256-GCM before they are sent.",
      ),
      h("p", { class: "muted" }, encryption.unlockedUntil === null ? "Unlocked until you lock it." : `Locks by itself at ${new Date(encryption.unlockedUntil).toLocaleString()}.`),
      h("div", { class: "row", style: "margin-top:6px" }, h("button", { onclick: () => void lock() }, "Lock this browser")),
    );
  }
  const passphrase = h("input", { type: "password", id: "passphrase", autocomplete: "current-password" });
  const periods = h("select", { id: "unlock-period" }, ...UNLOCK_PERIODS_MINUTES.map((minutes) => h("option", {}, unlockPeriodLabel(minutes))));
  return h(
    "section",
    {},
    h("h2", {}, "End-to-end encryption"),
    refused,
    encryption.keyChanged ? h("div", { class: "notice warn", role: "alert" }, h("p", {}, KEY_CHANGED_MESSAGE)) : "",
    encryption.sealsTabLocations
      ? h(
          "div",
          { class: "notice warn" },
          h("p", {}, LOCKED_QUEUE_MESSAGE),
          h("p", { class: "muted" }, "Your account encrypts tab titles and addresses too: until this browser is unlocked, its backups and open tabs wait on this device, and encrypted tabs cannot be restored here."),
        )
      : h("p", { class: "muted" }, "On for your account, but this browser is locked: it leaves form entries out of its backups and cannot refill encrypted ones."),
    h("label", { htmlFor: "passphrase" }, "Your passphrase"),
    passphrase,
    // How long the unlock lasts is the person's choice (decision 225): the key is forgotten when it ends.
    h("label", { htmlFor: "unlock-period" }, "Stay unlocked"),
    periods,
    h(
      "div",
      { class: "row", style: "margin-top:6px" },
      h("button", { class: "primary", onclick: () => void unlock(passphrase.value, UNLOCK_PERIODS_MINUTES[periods.selectedIndex] ?? null) }, "Unlock this browser"),
    ),
  );
}

/**
 * The opt-in form capture. A team's policy decides it for its members (decision 187): off, the switch is off and
 * locked; on, it is on and locked once this browser has the access to every site, which only the person can give.
 */
function formCaptureSection(current: Status): HTMLElement {
  const policy = current.team?.policy.formCapture ?? null;
  const locked = policy === "off" || (policy === "on" && current.formCaptureAllowed);
  const note =
    policy === "off"
      ? `${SET_BY_YOUR_TEAM}: form capture is off for ${current.team?.teamName}.`
      : policy === "on"
        ? current.formCaptureAllowed
          ? `${SET_BY_YOUR_TEAM}: form capture is on for ${current.team?.teamName}.`
          : `${SET_BY_YOUR_TEAM}: ${current.team?.teamName} has form capture on. Turn it on to give TabVault the access it needs.`
        : null;
  return h(
    "section",
    {},
    h("h2", {}, "Form data and scroll"),
    h(
      "div",
      { class: "switch" },
      h("input", {
        type: "checkbox",
        id: "form-capture",
        checked: current.formCapture && (policy !== "on" || current.formCaptureAllowed),
        disabled: locked,
        onchange: (event: Event) => {
          if (event.target instanceof HTMLInputElement) void setFormCapture(event.target.checked);
        },
      }),
      h(
        "div",
        {},
        h("label", { htmlFor: "form-capture" }, "Keep what I type and how far I scrolled, on every site"),
        note ? h("p", { class: "notice" }, note) : "",
        h(
          "p",
          { class: "muted" },
          "Restored tabs get their text back. Never kept: passwords, hidden fields, fields marked autocomplete=off, one-time codes, card numbers, and values you did not change.",
        ),
      ),
    ),
  );
}

/** Sites never captured (decision 186): the person's own, set on the website, and their team's. */
function neverCapturedSection(current: Status): HTMLElement {
  const own = current.ownNeverCapturedSites;
  const team = current.team?.policy.neverCapturedSites ?? [];
  return h(
    "section",
    { ariaLabel: "Sites never captured" },
    h("h2", {}, "Sites never captured"),
    h("p", { class: "muted" }, "Tabs of these sites and their subdomains are left out of every snapshot and backup of this browser."),
    team.length > 0 ? h("p", {}, `${SET_BY_YOUR_TEAM} (${current.team?.teamName}): ${team.join(", ")}`) : "",
    h("p", {}, own.length > 0 ? `Yours: ${own.join(", ")}` : "None of your own."),
    h("p", { class: "muted" }, "Change your own list in Protection Settings on the TabVault website."),
  );
}

async function render(): Promise<void> {
  const current = await status();
  const encryption = await send("encryption-status");
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
    uploads,
    formCaptureSection(current),
    neverCapturedSection(current),
    encryptionSection(encryption),
    message ? h("section", {}, h("p", { class: message.ok ? "notice" : "notice bad", role: "status" }, message.text)) : "",
  );
}

void render();
