import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { useListeningTestApp } from "../test/listening-app";
import { REFUSED_BODY_DRAIN } from "./refused-body";

/**
 * A request refused before its body is read (a 413 on Content-Length, a 401 from a hook) reaches the
 * client whole: the server reads and discards a bounded remainder before it closes (decision 204),
 * instead of closing on unread data, which resets the connection and loses the answer.
 */
describe("a refused request body", () => {
  const server = useListeningTestApp();

  /**
   * Sends the whole body and reads whatever comes back until the socket ends: as fast as the socket takes it, or
   * `paced`, a chunk per timer tick, as a body arrives over a real network. Over loopback on an idle machine 96 MB
   * arrive before the server's first look at how much it has read (every 50 ms), so only a paced body shows the cut.
   */
  function postOverPlainSocket(path: string, bodyBytes: number, paced = false): Promise<{ text: string; error: string | null; sent: number }> {
    return new Promise((resolve) => {
      const socket = connect(server.port, "127.0.0.1");
      let text = "";
      let error: string | null = null;
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (text += chunk));
      socket.on("error", (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
      let sent = 0;
      socket.on("close", () => resolve({ text, error, sent }));
      socket.once("connect", () => {
        socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bodyBytes}\r\n\r\n`);
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = () => {
          while (sent < bodyBytes && !socket.destroyed) {
            const size = Math.min(chunk.length, bodyBytes - sent);
            sent += size;
            if (!socket.write(chunk.subarray(0, size))) return void socket.once("drain", pump);
            if (paced) return void setTimeout(pump, 1);
          }
          if (!socket.destroyed) socket.end();
        };
        pump();
      });
    });
  }

  it("an 8 MB POST to a 1 MB route gets its 413 JSON over a plain socket, every time", async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const { text, error } = await postOverPlainSocket("/api/capture-email", 8 * 1024 * 1024);
      expect(error, `attempt ${attempt + 1}`).toBeNull();
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text.slice(text.indexOf("\r\n\r\n") + 4)).toBe(JSON.stringify({ message: "Request body is too large" }));
    }
  });

  it("a body past the bound the server drains is cut off after its answer was sent, not read forever", async () => {
    const started = performance.now();
    const total = REFUSED_BODY_DRAIN.bytes * 4;
    const { sent, error } = await postOverPlainSocket("/api/capture-email", total, true);
    expect(performance.now() - started).toBeLessThan(REFUSED_BODY_DRAIN.ms + 5_000);
    // The server stopped reading: the client could not send it all. The cut reaches the client as a reset when
    // unread bytes were waiting at the server, or as a plain end when a paced body had all been read.
    expect([null, "ECONNRESET", "EPIPE"]).toContain(error);
    expect(sent).toBeLessThan(total);
  });
});
