import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { paymentsCsv, paymentsCsvFileName } from "./payments-csv";

const payment = (name: string | null, email: string) => ({
  id: "p1",
  createdAt: "2026-11-23T10:00:00.000Z",
  planType: "pro" as const,
  amount: 14,
  status: "succeeded" as const,
  stripePaymentIntentId: "pi_1",
  user: { name, email },
});

describe("payments CSV", () => {
  it("quotes commas, quotes and newlines so the file parses back to the same cells", () => {
    const csv = paymentsCsv([payment('Lee, "Ada"\nLovelace', "ada@example.com")]);
    const parsed = Papa.parse<string[]>(csv).data;
    expect(parsed[0]).toEqual(["id", "createdAt", "planType", "amount", "status", "stripePaymentIntentId", "userName", "userEmail"]);
    expect(parsed[1]).toEqual(["p1", "2026-11-23T10:00:00.000Z", "pro", "14.00", "succeeded", "pi_1", 'Lee, "Ada"\nLovelace', "ada@example.com"]);
    expect(parsed).toHaveLength(2);
  });

  it.each(["=HYPERLINK(\"http://evil\")", "+1+1", "-2+3", "@SUM(A1)"])("neutralises a leading formula character: %s", (name) => {
    const parsed = Papa.parse<string[]>(paymentsCsv([payment(name, "x@example.com")])).data;
    expect(parsed[1]?.[6]).toBe(`'${name}`);
  });

  it.each([
    ["a formula with a line break in it", '=HYPERLINK("http://evil")\nAda'],
    ["a formula after a carriage return", "\r=1+1"],
    ["a leading tab", "\t=cmd|' /C calc'!A0"],
    ["a formula with CRLF", "-2+3\r\nLovelace"],
  ])("neutralises %s (Papa Parse's own check missed the line breaks)", (_label, name) => {
    const parsed = Papa.parse<string[]>(paymentsCsv([payment(name, "x@example.com")])).data;
    expect(parsed[1]?.[6]).toBe(`'${name}`);
  });

  it("neutralises every column, the email too", () => {
    const parsed = Papa.parse<string[]>(paymentsCsv([payment(null, "=1+1@example.com")])).data;
    expect(parsed[1]?.[7]).toBe("'=1+1@example.com");
  });

  it("is the header alone when there are no payments", () => {
    expect(paymentsCsv([])).toBe("id,createdAt,planType,amount,status,stripePaymentIntentId,userName,userEmail");
  });

  it("names the file tabvault-payments-{date}.csv, the date in UTC", () => {
    expect(paymentsCsvFileName(new Date("2026-11-23T23:00:00Z"))).toBe("tabvault-payments-2026-11-23.csv");
  });
});
