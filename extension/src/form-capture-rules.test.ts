import { describe, expect, it } from "vitest";
import { looksLikeCardNumber } from "@common/card-number";
import { captureFields, FORM_CAPTURE_LIMITS, type FieldFacts, fieldKey, mayCapture, storableScroll, storableText } from "@common/form-capture";

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

describe("form capture on any site (common/form-capture.ts)", () => {
  it("keeps what a person typed into text fields, textareas and selects", () => {
    expect(mayCapture(field({}))).toBe(true);
    expect(mayCapture(field({ tag: "textarea", type: "" }))).toBe(true);
    expect(mayCapture(field({ tag: "select", type: "", value: "fr" }))).toBe(true);
    expect(mayCapture(field({ type: "search", value: "flights to Oslo" }))).toBe(true);
  });

  it.each([
    ["a password", { type: "password" }],
    ["a field that was ever a password (show-password toggles)", { everPassword: true }],
    ["a hidden field", { type: "hidden" }],
    ["autocomplete=off", { autocomplete: "off" }],
    ["autocomplete=OFF with spaces", { autocomplete: " OFF " }],
    ["a one-time code", { autocomplete: "one-time-code", value: "482913" }],
    ["a one-time code among other tokens", { autocomplete: "section-login one-time-code", value: "482913" }],
    ["a value equal to the page's default", { value: "prefilled", defaultValue: "prefilled" }],
    ["an empty value", { value: "  " }],
    ["a card number", { value: "4242 4242 4242 4242" }],
    ["a card field by autocomplete", { autocomplete: "cc-number", value: "1234" }],
    ["a card security code", { autocomplete: "cc-csc", value: "123" }],
    ["a checkbox", { type: "checkbox", value: "on" }],
    ["a file input", { type: "file", value: "C:\\fakepath\\a.pdf" }],
  ])("never keeps %s", (_label, facts) => {
    expect(mayCapture(field(facts))).toBe(false);
  });

  it("keeps a typed value even when the page mirrors it into the default", () => {
    expect(mayCapture(field({ value: "typed", defaultValue: "typed", userEdited: true }))).toBe(true);
  });

  it("keys values by name, then id, then position, and keeps at most what the server stores", () => {
    expect(fieldKey(field({ name: "q" }), 3)).toBe("q");
    expect(fieldKey(field({ name: "", id: "search" }), 3)).toBe("search");
    expect(fieldKey(field({ name: "", id: "" }), 3)).toBe("field_3");
    expect(captureFields([field({ name: "a" }), field({ name: "b", type: "password" })])).toEqual({ a: "half-written reply" });
    const many = Array.from({ length: 150 }, (_, index) => field({ name: `f${index}` }));
    expect(Object.keys(captureFields(many))).toHaveLength(FORM_CAPTURE_LIMITS.fieldsPerTab);
    expect(captureFields([field({ value: "x".repeat(20_000) })]).comment).toHaveLength(FORM_CAPTURE_LIMITS.valueLength);
  });

  it("keys fields without a name or id by their own kind's index: fields and selects are counted apart (spec 2 §5)", () => {
    const unnamed = { name: "", id: "" };
    const page = [
      field({ ...unnamed, value: "first note" }),
      field({ ...unnamed, tag: "select", type: "", value: "fr" }),
      field({ ...unnamed, tag: "textarea", type: "", value: "second note" }),
      field({ ...unnamed, type: "password", value: "secret" }),
      field({ ...unnamed, tag: "select", type: "", value: "eur" }),
      field({ ...unnamed, value: "third note" }),
    ];
    // A field's index counts every input and textarea before it (the password too), never the selects.
    expect(captureFields(page)).toEqual({ field_0: "first note", select_0: "fr", field_1: "second note", select_1: "eur", field_3: "third note" });
  });

  it("recognises card numbers by Luhn, not by length alone", () => {
    expect(looksLikeCardNumber("4000-0000-0000-0002")).toBe(true);
    expect(looksLikeCardNumber("1234567890123")).toBe(false);
    expect(looksLikeCardNumber("order 4242424242424242")).toBe(false);
  });

  it("makes text and scroll storable", () => {
    expect(storableText("ab😀c", 3)).toBe("ab");
    expect(storableText("a\u0000\uDC00", 10)).toBe("a\uFFFD");
    expect(storableText("a\u0000b", 100)).toBe("ab");
    expect(storableText("x\uD800y\uDC00z 😀", 100)).toBe("x\uFFFDy\uFFFDz 😀");
    expect(storableText("ab😀c", 4)).toBe("ab😀");
    expect(storableText("abcdef", 3)).toBe("abc");
    expect(storableScroll(-5, 12.6)).toEqual({ x: 0, y: 13 });
    expect(storableScroll(Number.NaN, 1e12)).toEqual({ x: 0, y: 10_000_000 });
  });
});
