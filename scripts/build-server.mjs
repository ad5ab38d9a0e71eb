// Bundles the API server into dist/server so `npm start` runs plain JavaScript with node.
// Packages stay in node_modules (external); our own modules, including common/, are bundled.
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

await rm("dist/server", { recursive: true, force: true });
await build({
  // The library's file reader runs in a worker thread of its own (decision 204): a second entry point,
  // written next to index.js where server/library/read-off-thread.ts looks for it.
  entryPoints: { index: "server/index.ts", "library-read-worker": "server/library/read-worker.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  alias: { "@common": "./common" },
  sourcemap: true,
  logLevel: "warning",
});
// Migrations are read at start-up, next to the bundle.
await cp("server/db/migrations", "dist/server/migrations", { recursive: true });
console.log("built dist/server/index.js");
