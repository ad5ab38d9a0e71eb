import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { useListeningTestApp } from "../test/listening-app";
import { serverLimits } from "../app";

describe("a slow client", () => {
  const server = useListeningTestApp();

  it("sending its body a byte at a time does not stall anyone else", async () => {
    const socket = connect(server.port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    const body = JSON.stringify({ name: "pwa_launch", path: "/slow" });
    socket.write(`POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    let sent = 0;
    const dribble = setInterval(() => {
      if (sent < body.length - 1) socket.write(body[sent++]!);
    }, 50);
    try {
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${server.port}/api/health`)));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      clearInterval(dribble);
      socket.destroy();
    }
  });

  it("has the header, body and timeout limits set", () => {
    expect(server.app.server.requestTimeout).toBe(serverLimits.requestTimeout);
    expect(server.app.initialConfig.bodyLimit).toBe(1024 * 1024);
    expect(server.app.initialConfig.connectionTimeout).toBe(serverLimits.connectionTimeout);
  });

  it("answers a header block over 16 KB with 431 and stays up", async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/health`, { headers: { "x-padding": "a".repeat(20 * 1024) } });
    expect(response.status).toBe(431);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
  });
});
