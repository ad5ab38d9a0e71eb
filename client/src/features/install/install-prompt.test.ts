import { afterEach, describe, expect, it, vi } from "vitest";
import { type BeforeInstallPromptEvent, promptToInstall } from "./install-prompt";

function offer(behaviour: { prompt?: () => Promise<void>; outcome?: "accepted" | "dismissed" }): BeforeInstallPromptEvent {
  const event = new Event("beforeinstallprompt") as BeforeInstallPromptEvent;
  return Object.assign(event, {
    prompt: behaviour.prompt ?? (async () => undefined),
    userChoice: Promise.resolve({ outcome: behaviour.outcome ?? "accepted", platform: "web" }),
  });
}

describe("promptToInstall", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is unavailable without an offer from the browser", async () => {
    expect(await promptToInstall(null)).toBe("unavailable");
  });

  it("shows the browser's prompt and reports the person's answer", async () => {
    const accepted = offer({ outcome: "accepted" });
    const prompt = vi.spyOn(accepted, "prompt");
    expect(await promptToInstall(accepted)).toBe("accepted");
    expect(prompt).toHaveBeenCalledOnce();
    expect(await promptToInstall(offer({ outcome: "dismissed" }))).toBe("dismissed");
  });

  it("reports a prompt that throws as failed (the caller falls back to manual steps)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const used = offer({
      prompt: async () => {
        throw new DOMException("The prompt() method must be called with a user gesture", "NotAllowedError");
      },
    });
    expect(await promptToInstall(used)).toBe("failed");
    expect(logged).toHaveBeenCalledOnce();
  });
});
