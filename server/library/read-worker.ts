import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { LibraryFileError } from "./library-file";
import { type ImportRequestBody, readLibraryFile } from "./read-file";

/**
 * The worker that recognises and reads one uploaded file (decision 204), off the server's event loop
 * and under the memory limits read-off-thread.ts gives it. It answers one message, then exits: the
 * file as read, or the person's message.
 */
export type ReadWorkerAnswer =
  | { ok: true; file: ReturnType<typeof readLibraryFile> }
  | { ok: false; message: string; statusCode: 400 | 413 }
  | { ok: false; unexpected: string };

function answer(body: ImportRequestBody): ReadWorkerAnswer {
  try {
    return { ok: true, file: readLibraryFile(body) };
  } catch (error) {
    if (error instanceof LibraryFileError) return { ok: false, message: error.message, statusCode: error.statusCode };
    return { ok: false, unexpected: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

// On Linux a priority set from a thread is that thread's own: the reader yields the CPU to the event
// loop that answers everyone else. Elsewhere it would be the whole process's, so it is left alone.
if (process.platform === "linux") {
  try {
    setPriority(10);
  } catch {
    // Not allowed here: the reader runs at the server's priority.
  }
}

parentPort?.postMessage(answer(workerData as ImportRequestBody));
