import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@common": fileURLToPath(new URL("./common", import.meta.url)),
  "@": fileURLToPath(new URL("./client/src", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["common/**/*.test.ts", "client/src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "extension",
          include: ["extension/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["server/**/*.test.ts"],
          environment: "node",
          // PGlite costs ~600 MB per instance; two workers fit these 2-core machines. CI runs one beside the
          // browser tests (decision 214).
          maxWorkers: Number(process.env.INTEGRATION_WORKERS) || 2,
          // One module graph per worker, not per file (decision 243): every file builds its own app on its own database
          // and nothing here mocks a module, so nothing is shared but loaded code, and importing the server once per
          // file took more time than many files' tests.
          isolate: false,
          // Vitest requires a group of its own for a project with a different maxWorkers.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ["server/test/global-setup.ts"],
        },
      },
    ],
  },
});
