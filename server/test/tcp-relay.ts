import { createServer, connect, type AddressInfo, type Server, type Socket } from "node:net";

/**
 * A TCP relay in front of PostgreSQL that the test can stop (connections cut, new ones refused: a
 * stopped or restarting server) or freeze (connections accepted and held, nothing forwarded: a
 * host that vanished without closing anything), then open again.
 */
export class Relay {
  private server: Server | undefined;
  private pairs = new Set<[Socket, Socket | undefined]>();
  private frozen = false;
  port = 0;
  constructor(private target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.frozen = false;
    if (this.server) return;
    const server = createServer((client) => {
      client.on("error", () => undefined);
      if (this.frozen) {
        this.pairs.add([client, undefined]);
        return;
      }
      const upstream = connect(this.target.port, this.target.host);
      upstream.on("error", () => undefined);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      for (const socket of pair) socket.on("close", () => this.pairs.delete(pair));
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.cutEveryConnection();
    const server = this.server;
    this.server = undefined;
    await new Promise((resolve) => server?.close(resolve));
  }

  /** Bytes stop flowing both ways; connections stay open and new ones are accepted but never answered. */
  freeze(): void {
    this.frozen = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe();
      upstream?.unpipe();
      client.pause();
      upstream?.pause();
    }
  }

  /** After a freeze: the stuck connections end (as their TCP timeouts would), new ones go through. */
  async thaw(): Promise<void> {
    this.cutEveryConnection();
    await this.open();
  }

  private cutEveryConnection(): void {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream?.destroy();
    }
    this.pairs.clear();
  }
}
