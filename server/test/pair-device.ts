import { randomInt } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { DeviceTokenGrant, StartDeviceAuthorizationRequest } from "@common/api/device-authorization";
import { withSession } from "./sign-in";

/**
 * Connects a device to the account signed in with `cookie` through the whole device-authorization
 * flow (start, approve in the browser, poll) and returns the grant: how the extension gets its token.
 */
export async function pairDevice(
  app: FastifyInstance,
  cookie: string,
  request: StartDeviceAuthorizationRequest = { clientName: "Chrome on Linux", platform: "chromium" },
): Promise<DeviceTokenGrant> {
  // An address of its own each time, so tests that pair many devices stay clear of the per-IP limit.
  const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const started = await app.inject({ method: "POST", url: "/api/device-authorizations", payload: request, remoteAddress });
  if (started.statusCode !== 201) throw new Error(`start answered ${started.statusCode}: ${started.body}`);
  const { deviceCode, userCode } = started.json<{ deviceCode: string; userCode: string }>();
  const approved = await app.inject({ method: "POST", url: `/api/device-authorizations/${userCode}/approve`, ...withSession(cookie) });
  if (approved.statusCode !== 200) throw new Error(`approve answered ${approved.statusCode}: ${approved.body}`);
  const polled = await app.inject({ method: "POST", url: "/api/device-authorizations/token", payload: { deviceCode } });
  if (polled.statusCode !== 200) throw new Error(`poll answered ${polled.statusCode}: ${polled.body}`);
  return polled.json<DeviceTokenGrant>();
}

export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
