import { describe, expect, it } from "vitest";
import { helpCategories } from "./help-center";
import { matchingCategories } from "./help-search";

const categories = [
  { title: "Getting Started", description: "Install the apps and protect your first tabs." },
  { title: "Account & Billing", description: "Plans, payments and refunds." },
  { title: "Windows App", description: "File protection for Windows 10 and 11." },
];

const titles = (found: { title: string }[]) => found.map((category) => category.title);

describe("matchingCategories", () => {
  it("returns every category for an empty or blank query", () => {
    expect(titles(matchingCategories(categories, ""))).toEqual(["Getting Started", "Account & Billing", "Windows App"]);
    expect(titles(matchingCategories(categories, "   "))).toEqual(["Getting Started", "Account & Billing", "Windows App"]);
  });

  it("matches the title, ignoring case", () => {
    expect(titles(matchingCategories(categories, "windows app"))).toEqual(["Windows App"]);
    expect(titles(matchingCategories(categories, "GETTING"))).toEqual(["Getting Started"]);
  });

  it("matches the description, ignoring case and surrounding spaces", () => {
    expect(titles(matchingCategories(categories, "  REFUNDS "))).toEqual(["Account & Billing"]);
  });

  it("matches a word in the title of one category and the description of another", () => {
    // "protect" is in Getting Started's description and in Windows App's ("File protection").
    expect(titles(matchingCategories(categories, "Protect"))).toEqual(["Getting Started", "Windows App"]);
  });

  it("returns nothing when no title or description contains the query", () => {
    expect(matchingCategories(categories, "bluetooth")).toEqual([]);
  });

  it("does not change the list it was given", () => {
    const found = matchingCategories(categories, "");
    found.pop();
    expect(categories).toHaveLength(3);
  });

  it("covers the six categories the Help Center shows", () => {
    expect(helpCategories).toHaveLength(6);
    expect(titles(matchingCategories(helpCategories, "billing"))).toEqual(["Account & Billing"]);
  });
});
