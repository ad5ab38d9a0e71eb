import { describe, expect, it } from "vitest";
import { looksLikeCardNumber } from "@common/card-number";
import { captureFields, type FieldFacts, fieldKey, mayCapture } from "./form-fields";

const field = (facts: Partial<FieldFacts>): FieldFacts => ({
  tag: "input",
  type: "text",
  name: "comment",
  id: "",
  value: "half-written reply",
  defaultValue: "",
  autocomplete: "",
  everPassword: false,
  userEdited: false,
  ...facts,
});

describe("form capture", () => {
  it("keeps what a person typed into text fields, textareas and selects", () => {
    expect(mayCapture(field({}))).toBe(true);
    expect(mayCapture(field({ tag: "textarea", type: "" }))).toBe(true);
    expect(mayCapture(field({ tag: "select", type: "", value: "fr" }))).toBe(true);
    expect(mayCapture(field({ type: "email", value: "me@example.com" }))).toBe(true);
  });

  it.each([
    ["a password", { type: "password" }],
    ["a field that was ever a password (show-password toggles)", { everPassword: true }],
    ["a hidden field", { type: "hidden" }],
    ["autocomplete=off", { autocomplete: "off" }],
    ["a value equal to the page's default", { value: "prefilled", defaultValue: "prefilled" }],
    ["an empty value", { value: "  " }],
    ["a card number", { value: "4242 4242 4242 4242" }],
    ["a card field by autocomplete", { autocomplete: "cc-number", value: "1234" }],
    ["a checkbox", { type: "checkbox", value: "on" }],
    ["a file input", { type: "file", value: "C:\\fakepath\\a.pdf" }],
  ])("never keeps %s", (_label, facts) => {
    expect(mayCapture(field(facts))).toBe(false);
  });

  it("keeps a typed value even when the page mirrors it into the default (React's controlled fields)", () => {
    expect(mayCapture(field({ value: "typed", defaultValue: "typed", userEdited: true }))).toBe(true);
  });

  it("recognises card numbers by Luhn, not by length alone", () => {
    expect(looksLikeCardNumber("4000-0000-0000-0002")).toBe(true);
    expect(looksLikeCardNumber("1234567890123")).toBe(false);
    expect(looksLikeCardNumber("order 4242424242424242")).toBe(false);
  });

  it("keys values by name, then id, then position", () => {
    expect(fieldKey(field({ name: "q" }), 3)).toBe("q");
    expect(fieldKey(field({ name: "", id: "search" }), 3)).toBe("search");
    expect(fieldKey(field({ name: "", id: "" }), 3)).toBe("field_3");
    expect(fieldKey(field({ tag: "select", type: "", name: "", id: "" }), 1)).toBe("select_1");
    expect(captureFields([field({ name: "a" }), field({ name: "b", type: "password" })])).toEqual({ a: "half-written reply" });
  });
});
