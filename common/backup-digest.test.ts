import { describe, expect, it } from "vitest";
import { digestBackup, siteOf } from "./backup-digest";

const takenAt = new Date("2026-03-31T12:00:00Z");
const tab = (url: string, title: string, lastAccessed: string | null = null) => ({ url, title, lastAccessed });

describe("a backup's digest (issue 16 point 2, content analysis)", () => {
  const tabs = [
    tab("https://www.github.com/tabvault/issues/1", "Restore loses tab groups · Issue #1 · tabvault", "2026-03-31T11:00:00Z"),
    tab("https://github.com/tabvault/issues/2", "Restore is slow · Issue #2 · tabvault", "2026-03-01T11:00:00Z"),
    tab("https://github.com/tabvault/issues/2#comment-3", "Restore is slow · Issue #2 · tabvault"),
    tab("https://developer.mozilla.org/en-US/docs/Web/API/Tabs", "Tabs API - Web APIs | MDN", "2026-03-20T12:00:00Z"),
    tab("https://news.example/recipes/", "Ten pasta recipes for the week"),
    tab("https://news.example/recipes", "Ten pasta recipes for the week"),
    tab("chrome://newtab/", "New Tab"),
    tab("not a url", "Broken"),
  ];
  const digest = digestBackup(tabs, takenAt);

  it("counts sites by tab, most first, www left out", () => {
    expect(digest.tabCount).toBe(8);
    expect(digest.sites.slice(0, 2)).toEqual([
      { site: "github.com", tabs: 3 },
      { site: "news.example", tabs: 2 },
    ]);
    expect(siteOf("chrome://newtab/")).toBe("newtab");
    expect(siteOf("about:blank")).toBe("about:");
    expect(digest.sites.reduce((sum, site) => sum + site.tabs, 0) + digest.otherSiteTabs).toBe(8);
  });

  it("finds topics as words shared by two or more titles, without stop words, numbers or the site's own name", () => {
    const words = digest.topics.map((topic) => topic.word);
    expect(words).toContain("restore");
    expect(digest.topics.find((topic) => topic.word === "restore")?.tabs).toBe(3);
    expect(words).toContain("recipes");
    for (const word of ["the", "for", "tab", "tabs", "2", "github"]) expect(words).not.toContain(word);
  });

  it("lists duplicates, ignoring a #fragment and a trailing slash", () => {
    expect(digest.duplicates).toEqual([
      { url: "https://github.com/tabvault/issues/2", title: "Restore is slow · Issue #2 · tabvault", copies: 2 },
      { url: "https://news.example/recipes/", title: "Ten pasta recipes for the week", copies: 2 },
    ]);
  });

  it("lists tabs not shown for 7 days or more before the backup, longest first", () => {
    expect(digest.unvisited).toEqual([
      { url: "https://github.com/tabvault/issues/2", title: "Restore is slow · Issue #2 · tabvault", lastAccessed: "2026-03-01T11:00:00Z", days: 30 },
      { url: "https://developer.mozilla.org/en-US/docs/Web/API/Tabs", title: "Tabs API - Web APIs | MDN", lastAccessed: "2026-03-20T12:00:00Z", days: 11 },
    ]);
  });

  it("an empty backup has an empty digest", () => {
    expect(digestBackup([], takenAt)).toEqual({ tabCount: 0, encryptedTabs: 0, sites: [], otherSiteTabs: 0, topics: [], duplicates: [], unvisited: [] });
  });
});
