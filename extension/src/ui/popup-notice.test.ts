import { describe, expect, it } from "vitest";
import type { Status } from "../messages";
import { type ConnectionFacts, noticeAfter, noticeStillTrue } from "./popup-notice";

const status = (state: Status["connection"]["state"], userCode: string | null = null): ConnectionFacts => ({
  connection: { state, email: null, planType: null, automaticBackups: false, message: null },
  pairing: userCode ? { userCode, verificationUrl: "http://localhost:3000/connect", expiresAt: 0 } : null,
});

describe("the popup's notices", () => {
  it("says no started connection or restore (their sections do), only their refusals", () => {
    expect(noticeAfter("connect", { ok: true, message: "Confirm the code ABCD-EFGH in the tab that opened." })).toBeNull();
    expect(noticeAfter("restore-backup", { ok: true, message: "Restoring 3 tabs" })).toBeNull();
    expect(noticeAfter("connect", { ok: false, message: "TabVault at http://localhost:3000 cannot be reached" })).toMatchObject({ ok: false });
    expect(noticeAfter("back-up-now", { ok: true, message: "Backed up 6 tabs." })).toMatchObject({ ok: true, message: "Backed up 6 tabs." });
    expect(noticeAfter("back-up-now", undefined)).toMatchObject({ ok: false, message: "The extension did not answer." });
  });

  it("drops a notice once the connection it was said about has moved on", () => {
    let notice = noticeAfter("cancel-connect", { ok: true, message: "Connection cancelled." });
    notice = noticeStillTrue(notice, status("not-connected"));
    expect(noticeStillTrue(notice, status("not-connected"))?.message).toBe("Connection cancelled.");
    expect(noticeStillTrue(notice, status("not-connected", "ABCD-EFGH"))).toBeNull();
    expect(noticeStillTrue(notice, status("connected"))).toBeNull();
  });
});
