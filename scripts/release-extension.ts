// `npm run release:extension` (and `npm run package:extension`, which builds the store packages only): see
// README "Publishing the extension" and docs/decisions/211-store-packages-built-for-one-server.md.
import { parseArgs } from "node:util";
import { signWithMozilla } from "./release-extension/amo-sign";
import { buildStorePackages } from "./release-extension/build";
import { describeMissing, readReleaseConfig, type Store, stores } from "./release-extension/config";
import { releaseExtension } from "./release-extension/release";

function isStore(value: string): value is Store {
  return stores.some((store) => store === value);
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { store: { type: "string", multiple: true }, "package-only": { type: "boolean", default: false } } });
  const asked = values.store ?? [...stores];
  const unknown = asked.filter((store) => !isStore(store));
  if (unknown.length > 0) {
    console.error(`release:extension: unknown store ${unknown.join(", ")}; the stores are ${stores.join(" and ")}`);
    return 2;
  }
  const wanted = asked.filter(isStore);
  const packageOnly = values["package-only"];
  const result = readReleaseConfig(process.env, wanted, { packageOnly });
  if (!result.ok) {
    console.error(describeMissing(result, packageOnly ? [] : wanted));
    return 1;
  }
  const log = (line: string) => console.log(line);
  const outcome = await releaseExtension(result.config, {
    buildPackages: (serverUrl) => buildStorePackages(serverUrl, log),
    signFirefox: (keys, build) => signWithMozilla(keys, build, log),
    chrome: { fetch, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)), log },
    now: () => new Date(),
    log,
  });
  for (const { store, ok, message } of outcome.results) (ok ? console.log : console.error)(`${store}: ${ok ? "" : "FAILED: "}${message}`);
  return outcome.results.every((item) => item.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
