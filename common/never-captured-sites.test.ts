import { describe, expect, it } from "vitest";
import { isNeverCaptured, siteOf, uniqueSites } from "./never-captured-sites";

describe("sites never captured (decision 186)", () => {
  it("keeps what a person types as its lower-case ASCII host, or refuses it", () => {
    expect(siteOf(" Example.COM ")).toBe("example.com");
    expect(siteOf("https://Mail.Example.com:8443/inbox?q=1#top")).toBe("mail.example.com");
    expect(siteOf("*.payroll.example")).toBe("payroll.example");
    expect(siteOf("bücher.example")).toBe("xn--bcher-kva.example");
    expect(siteOf("127.0.0.2")).toBe("127.0.0.2");
    expect(siteOf("example.com.")).toBe("example.com");
    for (const bad of ["", "   ", "not a site!", "ftp://files.example", "javascript:alert(1)", "a..b", "-bad.example"]) expect(siteOf(bad), bad).toBeNull();
  });

  it("a site covers itself and its subdomains, nothing that merely ends like it", () => {
    const sites = ["example.com", "127.0.0.2"];
    expect(isNeverCaptured("https://example.com/", sites)).toBe(true);
    expect(isNeverCaptured("https://mail.example.com/inbox", sites)).toBe(true);
    expect(isNeverCaptured("http://127.0.0.2:8080/page", sites)).toBe(true);
    expect(isNeverCaptured("https://notexample.com/", sites)).toBe(false);
    expect(isNeverCaptured("https://example.com.evil.example/", sites)).toBe(false);
    expect(isNeverCaptured("http://127.0.0.1:8080/page", sites)).toBe(false);
    expect(isNeverCaptured("not a url", sites)).toBe(false);
    expect(isNeverCaptured("https://example.com/", [])).toBe(false);
  });

  it("lists each site once, in the order first given", () => {
    expect(uniqueSites(["b.example", "a.example", "b.example"])).toEqual(["b.example", "a.example"]);
  });
});
