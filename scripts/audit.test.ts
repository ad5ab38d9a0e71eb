import { describe, expect, it } from "vitest";
import { auditVerdict } from "./audit";

describe("the production audit's verdict", () => {
  it("fails on a high or critical advisory and names the package", () => {
    const verdict = auditVerdict({
      metadata: { vulnerabilities: { info: 0, low: 1, moderate: 0, high: 1, critical: 0 } },
      vulnerabilities: { "left-pad": { name: "left-pad", severity: "high", via: [] }, tiny: { name: "tiny", severity: "low", via: [] } },
    });
    expect(verdict).toEqual({ kind: "vulnerable", summary: "0 info, 1 low, 0 moderate, 1 high, 0 critical", packages: ["left-pad (high)"] });
  });

  it("passes with only moderate and low advisories", () => {
    const verdict = auditVerdict({
      metadata: { vulnerabilities: { low: 2, moderate: 1, high: 0, critical: 0 } },
      vulnerabilities: { a: { name: "a", severity: "moderate", via: [] } },
    });
    expect(verdict.kind).toBe("clean");
  });

  it("says the service was unavailable rather than failing when npm got no report", () => {
    expect(auditVerdict({ message: "405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk" })).toEqual({
      kind: "unavailable",
      reason: "405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk",
    });
    expect(auditVerdict({ error: { code: "ENOTFOUND", summary: "request to the registry failed" } }).kind).toBe("unavailable");
  });
});
