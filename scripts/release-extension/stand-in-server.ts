import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface StandInReply {
  status: number;
  json?: unknown;
  bytes?: Uint8Array;
}

export type StandInHandler = (request: RecordedRequest, origin: string) => Promise<StandInReply | null> | StandInReply | null;

/**
 * One local HTTP server in place of the stores' APIs for the release tests: each handler answers the requests it
 * knows (null passes the request on), every request is recorded, and an unknown one answers 404 as the APIs do.
 */
export async function startStandInServer(handlers: StandInHandler[]): Promise<{ origin: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  let origin = "";
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request: RecordedRequest = { method: incoming.method ?? "", url: incoming.url ?? "", headers: incoming.headers, body: Buffer.concat(chunks) };
      requests.push(request);
      void (async () => {
        let reply: StandInReply = { status: 404, json: { detail: "Not found." } };
        for (const handler of handlers) {
          const answered = await handler(request, origin);
          if (answered) {
            reply = answered;
            break;
          }
        }
        if (reply.bytes) {
          response.writeHead(reply.status, { "content-type": "application/x-xpinstall" }).end(Buffer.from(reply.bytes));
        } else {
          response.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.json ?? {}));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === "string") throw new Error("the stand-in is not listening on a TCP port");
  const { port } = address;
  origin = `http://127.0.0.1:${port}`;
  return { origin, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A multipart or urlencoded body read the way a server framework would, through the Fetch API's parser. */
export function formOf(request: RecordedRequest): Promise<FormData> {
  return new Response(new Uint8Array(request.body), { headers: { "content-type": request.headers["content-type"] ?? "" } }).formData();
}
