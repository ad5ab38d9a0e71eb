import { describe, expect, it } from "vitest";
import { RECENT_TABS_LIMIT, type RecentTab, withVisit } from "./recent-tabs";

const visit = (n: number): RecentTab => ({ url: `https://tabvault.test/p/${n}`, title: `Page ${n}`, faviconUrl: null, lastAccessed: new Date(n).toISOString() });

describe("recent tabs", () => {
  it("puts the latest visit first, once per URL, at most 20", () => {
    let list = Array.from({ length: 25 }, (_, n) => visit(n)).reduce((acc, entry) => withVisit(acc, entry), [] as RecentTab[]);
    expect(list).toHaveLength(RECENT_TABS_LIMIT);
    expect(list[0]?.url).toBe("https://tabvault.test/p/24");
    list = withVisit(list, visit(10));
    expect(list[0]?.url).toBe("https://tabvault.test/p/10");
    expect(list.filter((entry) => entry.url.endsWith("/10"))).toHaveLength(1);
  });
});
