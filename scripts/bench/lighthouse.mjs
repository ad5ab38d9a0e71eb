// Lighthouse's performance score for a page under its default mobile configuration (a mid-range phone on a
// slow 4G network, both simulated), run in Debian's Chromium.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const metricAudits = {
  "First Contentful Paint": "first-contentful-paint",
  "Largest Contentful Paint": "largest-contentful-paint",
  "Total Blocking Time": "total-blocking-time",
  "Cumulative Layout Shift": "cumulative-layout-shift",
  "Speed Index": "speed-index",
};

function summarise(lhr) {
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${lhr.requestedUrl}: ${lhr.runtimeError.message}`);
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    metrics: Object.fromEntries(Object.entries(metricAudits).map(([name, id]) => [name, lhr.audits[id]?.displayValue ?? "n/a"])),
    lighthouseVersion: lhr.lighthouseVersion,
    formFactor: lhr.configSettings.formFactor,
    // What the page fetched while loading, without scrolling or clicking: the landing page's initial download.
    scripts: requests.filter((request) => request.resourceType === "Script").map((request) => request.url),
    stylesheets: requests.filter((request) => request.resourceType === "Stylesheet").map((request) => request.url),
  };
}

/**
 * Runs Lighthouse `runs` times on `url` in one Chromium and keeps the run with the median score, since the
 * score moves from run to run (more so on a busy machine); every run's score is returned too.
 */
export async function lighthousePerformance(url, { runs = 3 } = {}) {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: "silent" });
  try {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      results.push(summarise(lhr));
    }
    const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
    return { ...median, scores: results.map((result) => result.score) };
  } finally {
    chrome.kill();
  }
}
