import { describe, expect, it } from "vitest";
import { MAX_SUGGESTED_GROUPS, suggestTabGroups } from "./suggested-groups";

const tab = (url: string, title: string) => ({ url, title });

describe("suggested tab groups (decision 172)", () => {
  it("groups by site first, then the rest by the word their titles share", () => {
    const groups = suggestTabGroups([
      tab("https://github.com/a/issues/1", "Restore bug"),
      tab("https://docs.example/restore", "How restore works"),
      tab("https://www.github.com/a/pulls", "Pull requests"),
      tab("https://blog.example/restore-tips", "Restore tips and tricks"),
      tab("https://news.example/", "Morning news"),
      tab("https://bank.example/invoices", "Invoices 2026"),
      tab("https://shop.example/invoices", "Your invoices"),
      tab("https://forum.example/t/1", "Restore failed"),
    ]);
    expect(groups.map((group) => [group.kind, group.name, group.tabs])).toEqual([
      ["site", "github.com", [0, 2]],
      ["topic", "restore", [1, 3, 7]],
      ["topic", "invoices", [5, 6]],
    ]);
    expect(new Set(groups.map((group) => group.color)).size).toBe(3);
  });

  it("puts each tab in one group at most and leaves lone tabs ungrouped", () => {
    const groups = suggestTabGroups([tab("https://a.example/", "Alpha report"), tab("https://b.example/", "Beta report"), tab("https://c.example/", "Gamma")]);
    expect(groups).toEqual([{ name: "report", kind: "topic", color: "blue", tabs: [0, 1] }]);
    expect(suggestTabGroups([tab("https://a.example/", "One"), tab("https://b.example/", "Two")])).toEqual([]);
    expect(suggestTabGroups([])).toEqual([]);
  });

  it("gives the same groups whatever order the tabs come in, equal counts alphabetically", () => {
    const tabs = [tab("https://z.example/1", "x"), tab("https://a.example/1", "y"), tab("https://a.example/2", "y"), tab("https://z.example/2", "x")];
    const names = (list: typeof tabs) => suggestTabGroups(list).map((group) => group.name);
    expect(names(tabs)).toEqual(["a.example", "z.example"]);
    expect(names([...tabs].reverse())).toEqual(["a.example", "z.example"]);
  });

  it("makes at most MAX_SUGGESTED_GROUPS groups", () => {
    const tabs = Array.from({ length: 40 }, (_, index) => tab(`https://site${Math.floor(index / 2)}.example/${index}`, "Page"));
    expect(suggestTabGroups(tabs)).toHaveLength(MAX_SUGGESTED_GROUPS);
  });
});
