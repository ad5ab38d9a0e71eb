import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

/** What `npm audit --json` prints: a report, or the error of an advisory service it could not use. */
export interface AuditOutput {
  metadata?: { vulnerabilities?: Partial<Record<"info" | "low" | "moderate" | "high" | "critical", number>> };
  vulnerabilities?: Record<string, { name: string; severity: string; via: unknown[] }>;
  message?: string;
  error?: { code?: string; summary?: string };
}

export type AuditVerdict =
  | { kind: "clean"; summary: string }
  | { kind: "vulnerable"; summary: string; packages: string[] }
  | { kind: "unavailable"; reason: string };

const blocking = ["high", "critical"];

/**
 * High and critical advisories fail; moderate and low are listed only. When the registry's
 * advisory service cannot be reached (offline, or a mirror without the audit endpoint) the verdict
 * says so instead of failing: CI must not turn red because a service outside the project is down.
 */
export function auditVerdict(output: AuditOutput): AuditVerdict {
  const counts = output.metadata?.vulnerabilities;
  if (!counts) {
    return { kind: "unavailable", reason: output.error?.summary || output.message || output.error?.code || "no report" };
  }
  const summary = Object.entries(counts)
    .filter(([severity]) => severity !== "total")
    .map(([severity, count]) => `${count} ${severity}`)
    .join(", ");
  const packages = Object.values(output.vulnerabilities ?? {})
    .filter((vulnerability) => blocking.includes(vulnerability.severity))
    .map((vulnerability) => `${vulnerability.name} (${vulnerability.severity})`);
  return packages.length > 0 ? { kind: "vulnerable", summary, packages } : { kind: "clean", summary };
}

function main(): void {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 120_000 });
  let output: AuditOutput;
  try {
    output = JSON.parse(run.stdout) as AuditOutput;
  } catch {
    output = { message: (run.stderr || String(run.error ?? "")).trim().split("\n").at(-1) };
  }
  const verdict = auditVerdict(output);
  if (verdict.kind === "unavailable") {
    console.log(`npm audit --omit=dev: skipped, the advisory service could not be used (${verdict.reason})`);
    return;
  }
  console.log(`npm audit --omit=dev: ${verdict.summary}`);
  if (verdict.kind === "vulnerable") {
    console.error(`high or critical advisories in production dependencies: ${verdict.packages.join(", ")}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
