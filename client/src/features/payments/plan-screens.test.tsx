import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { catalogueFeatureIds, catalogueFeatures, paidPlanTypes, planHasFeature, planList } from "@common/plan-catalogue";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { AuthDialogsProvider } from "@/AuthDialogsProvider";
import { PlanComparison } from "@/features/site/landing/PlanComparison";
import { PlanCard } from "./PlanCard";
import { PlanSummary } from "./PlanSummary";

/** Issue 16 point 1: the screens that sell plans show only what the catalogue marks available. */
const unavailable = catalogueFeatureIds.map((id) => catalogueFeatures[id]).filter((feature) => !feature.available);
const available = catalogueFeatureIds.filter((id) => catalogueFeatures[id].available);

/** The text a reader sees: tags dropped, entities of the few characters React escapes read back. */
function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"');
}

function expectSellsOnlyWhatExists(text: string, where: string) {
  for (const feature of unavailable) expect(text, `${where} shows "${feature.name}", marked not available`).not.toContain(feature.name);
  expect(text, `${where} calls something AI`).not.toMatch(/\bAI\b/);
}

describe("plan cards, the checkout summary and the comparison read the catalogue", () => {
  it("every plan card lists the features on sale that its plan adds and nothing marked not available", () => {
    const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    for (const plan of planList) {
      const text = textOf(renderToStaticMarkup((
          <QueryClientProvider client={client}>
            <Router ssrPath="/">
              <AuthDialogsProvider>
                <PlanCard plan={plan} loadPriceIds={false} />
              </AuthDialogsProvider>
            </Router>
          </QueryClientProvider>
        )));
      expectSellsOnlyWhatExists(text, `the ${plan.name} card`);
      for (const bullet of plan.bullets) expect(text).toContain(bullet);
    }
  });

  it("the checkout summary of each paid plan shows its bullets and nothing marked not available", () => {
    for (const type of paidPlanTypes) {
      const text = textOf(renderToStaticMarkup(<PlanSummary plan={type} amountCents={100} mode="subscription" />));
      expectSellsOnlyWhatExists(text, `the ${type} checkout summary`);
    }
  });

  it("the comparison has a row for each feature on sale, ticked from its plan up, and none for the rest", () => {
    const text = textOf(renderToStaticMarkup(<PlanComparison />));
    expectSellsOnlyWhatExists(text, "the comparison");
    for (const id of available) {
      if (catalogueFeatures[id].lowest === "free" || id === "automaticBackups" || id === "manualSaves") continue;
      expect(text).toContain(catalogueFeatures[id].name);
      expect(planList.filter((plan) => planHasFeature(plan.type, id)).length).toBeGreaterThan(0);
    }
  });

  it("no page that sells or describes TabVault names a feature marked not available, or calls anything AI", () => {
    const root = path.resolve(__dirname, "..");
    const selling = ["site", "install", "payments", "accounts", "downloads", "dashboard"];
    const files = selling.flatMap((dir) => sourceFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const strings = (readFileSync(file, "utf8").match(/"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`|>[^<>{}\n]+</g) ?? []).join("\n");
      expectSellsOnlyWhatExists(strings, path.relative(root, file));
    }
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}
