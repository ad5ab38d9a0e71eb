import { createHmac, timingSafeEqual } from "node:crypto";
import { strFromU8, unzipSync } from "fflate";
import { z } from "zod";
import { signLikeMozilla } from "../../server/test/signed-xpi";
import { formOf, type RecordedRequest, type StandInHandler, type StandInReply } from "./stand-in-server";

/**
 * addons.mozilla.org's add-on submission API (v5) as web-ext uses it for an unlisted version, checked as AMO
 * checks it: a JWT signed with HS256 by the API secret, `iss` the API key, `iat` and `exp` at most 5 minutes apart
 * and not expired; the upload as multipart with a channel and a zip whose manifest has the add-on's id. It
 * validates, creates the version, takes the source archive, signs on the second poll, and serves the signed file.
 */
export function amoStandIn(keys: { apiKey: string; apiSecret: string; addonId: string }) {
  const uploads = new Map<string, { bytes: Uint8Array; polls: number }>();
  const versions = new Map<number, { upload: Uint8Array; polls: number; source: File | null }>();
  const seen: { jwtPayloads: JwtPayload[]; channels: string[]; sources: File[] } = { jwtPayloads: [], channels: [], sources: [] };
  let sequence = 0;

  const handler: StandInHandler = async (request, origin) => {
    const path = request.url.split("?")[0] ?? "";
    if (!path.startsWith("/api/v5/addons/") && !path.startsWith("/downloads/file/")) return null;
    const refused = checkJwt(request, keys, seen.jwtPayloads);
    if (refused) return refused;

    if (request.method === "POST" && path === "/api/v5/addons/upload/") {
      const form = await formOf(request);
      const channel = form.get("channel");
      const upload = form.get("upload");
      if (typeof channel !== "string" || !["listed", "unlisted"].includes(channel)) return { status: 400, json: { channel: ['"" is not a valid choice.'] } };
      if (!(upload instanceof File) || !/\.(zip|xpi|crx)$/.test(upload.name)) return { status: 400, json: { upload: ["Unsupported file type, please upload a supported file (.crx, .xpi, .zip)."] } };
      seen.channels.push(channel);
      const bytes = new Uint8Array(await upload.arrayBuffer());
      const uuid = `upload-${(sequence += 1)}`;
      uploads.set(uuid, { bytes, polls: 0 });
      return { status: 201, json: { uuid, channel, processed: false, submitted: false, url: `${origin}${path}${uuid}/`, valid: false, validation: null, version: null } };
    }
    const uploadPoll = /^\/api\/v5\/addons\/upload\/([^/]+)\/$/.exec(path);
    if (request.method === "GET" && uploadPoll) {
      const upload = uploads.get(uploadPoll[1] ?? "");
      if (!upload) return { status: 404, json: { detail: "Not found." } };
      upload.polls += 1;
      if (upload.polls < 2) return { status: 200, json: { uuid: uploadPoll[1], processed: false, valid: false, validation: null } };
      const problems = validate(upload.bytes, keys.addonId);
      return { status: 200, json: { uuid: uploadPoll[1], processed: true, valid: problems.length === 0, validation: { errors: problems.length, messages: problems.map((message) => ({ type: "error", message })) } } };
    }
    const addon = /^\/api\/v5\/addons\/addon\/([^/]+)\/$/.exec(path);
    if (request.method === "PUT" && addon) {
      if (decodeURIComponent(addon[1] ?? "") !== keys.addonId) return { status: 403, json: { detail: "You do not have permission to perform this action." } };
      const body = versionBodySchema.safeParse(parseJson(request.body.toString()));
      const upload = uploads.get(body.success ? body.data.version.upload : "");
      if (!upload || upload.polls < 2) return { status: 400, json: { version: { upload: ["Upload is not valid or not processed."] } } };
      const id = (sequence += 1);
      versions.set(id, { upload: upload.bytes, polls: 0, source: null });
      return { status: 201, json: { guid: keys.addonId, version: { id, edit_url: `${origin}/en-US/developers/addon/tabvault/versions/${id}`, file: { status: "unreviewed" } } } };
    }
    const version = /^\/api\/v5\/addons\/addon\/([^/]+)\/versions\/(\d+)\/$/.exec(path);
    const stored = version ? versions.get(Number(version[2])) : undefined;
    if (version && !stored) return { status: 404, json: { detail: "Not found." } };
    if (request.method === "PATCH" && stored) {
      const source = (await formOf(request)).get("source");
      if (!(source instanceof File) || !/\.(zip|tar\.gz|tgz|tar\.bz2)$/.test(source.name)) return { status: 400, json: { source: ["Unsupported file type."] } };
      stored.source = source;
      seen.sources.push(source);
      return { status: 200, json: { id: Number(version?.[2]), source: `${origin}/source/${source.name}` } };
    }
    if (request.method === "GET" && stored && version) {
      stored.polls += 1;
      const status = stored.polls < 2 ? "unreviewed" : "public";
      return { status: 200, json: { id: Number(version[2]), file: { status, url: status === "public" ? `${origin}/downloads/file/${version[2]}/tabvault-signed.xpi` : null } } };
    }
    const download = /^\/downloads\/file\/(\d+)\/[^/]+\.xpi$/.exec(path);
    const signed = download ? versions.get(Number(download[1])) : undefined;
    if (request.method === "GET" && signed && signed.polls >= 2) return { status: 200, bytes: signLikeMozilla(signed.upload) };
    return null;
  };
  return { handler, seen };
}

function validate(bytes: Uint8Array, addonId: string): string[] {
  try {
    const files = unzipSync(bytes, { filter: (file) => file.name === "manifest.json" });
    const manifest = manifestSchema.safeParse(parseJson(strFromU8(files["manifest.json"] ?? new Uint8Array())));
    if (!manifest.success) return ["The manifest.json has no browser_specific_settings.gecko.id."];
    const id = manifest.data.browser_specific_settings.gecko.id;
    return id === addonId ? [] : [`The add-on ID in the manifest is ${id}, not ${addonId}.`];
  } catch {
    return ["The file is not a valid zip with a manifest.json."];
  }
}

const versionBodySchema = z.object({ version: z.object({ upload: z.string() }) });
const manifestSchema = z.object({ browser_specific_settings: z.object({ gecko: z.object({ id: z.string() }) }) });
const jwtHeaderSchema = z.object({ alg: z.string() });
const jwtPayloadSchema = z.looseObject({ iss: z.unknown(), iat: z.number(), exp: z.number() });
type JwtPayload = z.infer<typeof jwtPayloadSchema>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function checkJwt(request: RecordedRequest, keys: { apiKey: string; apiSecret: string }, payloads: JwtPayload[]): StandInReply | null {
  const refuse = (detail: string): StandInReply => ({ status: 401, json: { detail } });
  const header = request.headers.authorization ?? "";
  const match = /^JWT ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(header);
  if (!match) return refuse("Authentication credentials were not provided.");
  const [, head = "", body = "", signature = ""] = match;
  const expected = createHmac("sha256", keys.apiSecret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse("Error decoding signature.");
  const algorithm = jwtHeaderSchema.safeParse(parseJson(Buffer.from(head, "base64url").toString()));
  if (!algorithm.success || algorithm.data.alg !== "HS256") return refuse("Error decoding signature.");
  const parsed = jwtPayloadSchema.safeParse(parseJson(Buffer.from(body, "base64url").toString()));
  if (!parsed.success) return refuse("JWT iat and exp are required.");
  const payload = parsed.data;
  if (payload.iss !== keys.apiKey) return refuse("Unknown JWT iss (issuer).");
  const now = Math.floor(Date.now() / 1000);
  if (payload.exp <= now) return refuse("Signature has expired.");
  if (payload.exp - payload.iat > 300) return refuse("JWT exp (expiration) is too long.");
  payloads.push(payload);
  return null;
}
