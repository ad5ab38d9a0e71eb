import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { LibraryFileError, type LibraryFile } from "./library-file";
import type { ImportRequestBody } from "./read-file";
import type { ReadWorkerAnswer } from "./read-worker";

/**
 * Reading an uploaded file happens in a worker thread, one per import (decision 204): a file that is
 * slow or huge to read costs that worker, which is ended at the time or memory limit, and the server
 * keeps answering everyone else. At most `concurrent` workers run at once; the next imports wait their
 * turn, and past `queued` waiting the import is refused as busy.
 */
export const READ_LIMITS = {
  /** Wall-clock time one file may take to read; real files take well under a second. */
  timeoutMs: 10_000,
  /** The worker's heap: a 24 MB session store parses in about 150 MB. */
  heapMb: 384,
  concurrent: 2,
  queued: 8,
};

export class ImportsBusyError extends Error {
  override name = "ImportsBusyError";
  readonly statusCode = 503;
  /** Answered as `Retry-After` by the one error handler (`server/http/errors.ts`). */
  readonly retryAfterSeconds = 60;
}

/**
 * Where the worker's code is: next to this module when running from source (vitest, tsx), and as its
 * own entry point beside the bundle in production (scripts/build-server.mjs writes library-read-worker.js).
 */
function workerLocation(): { code: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith(".ts")) return { code: new URL("./library-read-worker.js", import.meta.url), eval: false };
  // From source, the worker registers tsx's loader before importing the TypeScript (an `--import tsx`
  // in the worker's execArgv is not in place in time on Node 20).
  // The package's ESM entry (require.resolve names its CommonJS twin, which does not load in a worker).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  const source = new URL("./read-worker.ts", import.meta.url).href;
  return { code: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`, eval: true };
}

let running = 0;
const waiting: (() => void)[] = [];

async function turn(limits: typeof READ_LIMITS): Promise<() => void> {
  if (running >= limits.concurrent) {
    if (waiting.length >= limits.queued) throw new ImportsBusyError("Many files are being imported right now; try again in a minute. Nothing was imported.");
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

const tooHeavy = (limits: typeof READ_LIMITS, why: string) =>
  new LibraryFileError(
    `This file ${why} (a real session file takes well under a second and ${limits.heapMb} MB), so it was not read; nothing was imported.`,
    413,
  );

/** Reads the file in a worker; throws {@link LibraryFileError} with the person's message when it cannot. */
export async function readLibraryFileOffThread(body: ImportRequestBody, limits: typeof READ_LIMITS = READ_LIMITS): Promise<LibraryFile> {
  const done = await turn(limits);
  try {
    return await runWorker(body, limits);
  } finally {
    done();
  }
}

function runWorker(body: ImportRequestBody, limits: typeof READ_LIMITS): Promise<LibraryFile> {
  const location = workerLocation();
  return new Promise<LibraryFile>((resolve, reject) => {
    const worker = new Worker(location.code, {
      eval: location.eval,
      workerData: { encoding: body.encoding, format: body.format, content: body.content, fileName: body.fileName },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(tooHeavy(limits, `takes longer than ${limits.timeoutMs / 1000} seconds to read`))), limits.timeoutMs);
    worker.once("message", (answer: ReadWorkerAnswer) =>
      settle(() => {
        if (answer.ok) resolve(answer.file);
        else if ("message" in answer) reject(new LibraryFileError(answer.message, answer.statusCode));
        else reject(new Error(`library read worker: ${answer.unexpected}`));
      }),
    );
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooHeavy(limits, `needs more than ${limits.heapMb} MB to read`) : error)),
    );
    worker.once("exit", (code) => settle(() => reject(new Error(`library read worker exited with ${code} before answering`))));
  });
}
