// A bare Fastify route on the same machine: the yardstick the app's endpoints are compared with.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({ status: "ok" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.send?.("ready");
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
