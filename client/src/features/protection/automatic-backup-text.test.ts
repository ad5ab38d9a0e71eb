import { automaticBackupText } from "@common/product";
import { describe, expect, it } from "vitest";
import { CAPTURE_INTERVAL_MS } from "./capture-engine";

describe("the Automatic Backup switch's words (issue 16 point C)", () => {
  it("state the web app's timer as the capture engine runs it, and the extension's period apart", () => {
    const webSeconds = Number(/every (\d+) seconds/.exec(automaticBackupText)?.[1]);
    expect(webSeconds * 1000).toBe(CAPTURE_INTERVAL_MS);
    expect(automaticBackupText).toMatch(/browser extension backs up all your tabs every 5 minutes/);
  });
});
