import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EndpointAnswerError, defineEndpoint, endpointUrl, parseEndpointAnswer } from "./endpoint";

const getBackup = defineEndpoint({
  method: "GET",
  path: "/api/backups/:id/tabs/:position",
  params: z.object({ id: z.string(), position: z.coerce.number() }),
  query: z.object({ format: z.string().optional(), page: z.number().optional() }),
  responses: { 200: z.object({ url: z.string() }), 204: z.null(), 404: z.object({ message: z.string() }) },
});

describe("endpointUrl", () => {
  it("fills each parameter as one encoded segment and appends the query, leaving out empty values", () => {
    expect(endpointUrl(getBackup, { params: { id: "a/b c", position: 3 }, query: { format: "full & more", page: undefined } })).toBe(
      "/api/backups/a%2Fb%20c/tabs/3?format=full+%26+more",
    );
  });

  it("refuses to build a URL with a parameter missing", () => {
    expect(() => endpointUrl(getBackup, { params: { id: "x" } })).toThrow("missing parameter position");
  });
});

describe("parseEndpointAnswer", () => {
  it("returns the body parsed by the schema declared for its status", () => {
    expect(parseEndpointAnswer(getBackup, 200, { url: "https://example.com", extra: 1 })).toEqual({ url: "https://example.com" });
    expect(parseEndpointAnswer(getBackup, 204, "ignored")).toBeNull();
  });

  it("reports a body that does not match, naming the field, instead of casting it", () => {
    expect(() => parseEndpointAnswer(getBackup, 200, { url: 42 })).toThrow(EndpointAnswerError);
    expect(() => parseEndpointAnswer(getBackup, 200, { url: 42 })).toThrow("Unexpected answer from GET /api/backups/:id/tabs/:position (200): url:");
  });

  it("reports a status the contract does not declare", () => {
    expect(() => parseEndpointAnswer(getBackup, 202, {})).toThrow("(202): status not declared");
  });
});
