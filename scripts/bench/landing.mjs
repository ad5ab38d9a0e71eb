// The landing page's budget: at most 150 KB of JavaScript (gzip) to open `/`, and a Lighthouse
// performance score of at least 90 under its default mobile emulation, measured on the built app.
import { initialClientSize } from "./client-size.mjs";
import { lighthousePerformance } from "./lighthouse.mjs";

export const LANDING_JS_BUDGET_BYTES = 150 * 1024;
export const LANDING_SCORE_TARGET = 90;

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

export async function measureLanding(appUrl) {
  const lighthouse = await lighthousePerformance(`${appUrl}/`, { runs: RUNS });
  const size = await initialClientSize(lighthouse, new URL(appUrl).origin);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const jsMet = size.jsGzipBytes <= LANDING_JS_BUDGET_BYTES;
  const scoreMet = lighthouse.score >= LANDING_SCORE_TARGET;
  const metrics = Object.entries(lighthouse.metrics)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ");
  const report = `## Landing page

Written by \`npm run bench\` (or \`npm run bench:landing\`) on ${new Date().toISOString().slice(0, 10)}: the built app, its static files
precompressed, and \`/\` opened by Lighthouse ${lighthouse.lighthouseVersion} in Debian's Chromium with its default
${lighthouse.formFactor} configuration (a mid-range phone, slow 4G and a 4× slower CPU, simulated), ${lighthouse.scores.length} runs,
the median kept. Targets from issue 8. The download counts every script and stylesheet that load fetched (no scrolling),
gzip-compressed; the sections below pricing load later, as the visitor scrolls towards them.

| measure | result | target | |
| --- | ---: | ---: | --- |
| Lighthouse performance score (mobile) | ${lighthouse.score} (runs: ${lighthouse.scores.join(", ")}) | at least ${LANDING_SCORE_TARGET} | ${scoreMet ? "met" : "missed"} |
| JavaScript to open \`/\` (gzip) | ${kb(size.jsGzipBytes)} | at most ${kb(LANDING_JS_BUDGET_BYTES)} | ${jsMet ? "met" : "missed"} |
| CSS to open \`/\` (gzip) | ${kb(size.cssGzipBytes)} | | |

Median run: ${metrics}.
`;
  return { report, met: jsMet && scoreMet, score: lighthouse.score, jsGzipBytes: size.jsGzipBytes };
}
