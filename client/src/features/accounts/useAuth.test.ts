import type { QueryFunctionContext } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCurrentUser } from "@common/api/accounts";
import { toast } from "@/lib/use-toast";
import { fetchAuthUser } from "./useAuth";

vi.mock("@/lib/use-toast", () => ({ toast: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

function stubFetch(response: Response) {
  const fake = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>(async () => response);
  vi.stubGlobal("fetch", fake);
  return fake;
}

const context = { signal: new AbortController().signal } as QueryFunctionContext;
const user = {
  id: "u1",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: null,
  profileImageUrl: null,
  isAdmin: false,
  planType: "free",
  planExpiresAt: null,
  emailVerified: true,
  firstSignIn: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  team: null,
};

describe("fetchAuthUser", () => {
  it("asks the current-user endpoint and returns the user its contract accepts", async () => {
    const fetch = stubFetch(new Response(JSON.stringify(user), { status: 200 }));
    await expect(fetchAuthUser(context)).resolves.toEqual(user);
    expect(fetch.mock.calls[0]![0]).toBe(getCurrentUser.path);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: getCurrentUser.method, credentials: "include", signal: context.signal });
  });

  it("reads a 401 as nobody signed in, without starting sign-in", async () => {
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401, statusText: "Unauthorized" }));
    await expect(fetchAuthUser(context)).resolves.toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it("reads a body that is not a user as signed out, so the shell never breaks on it", async () => {
    stubFetch(new Response(JSON.stringify({ id: "u1" }), { status: 200 }));
    await expect(fetchAuthUser(context)).resolves.toBeNull();
  });

  it("throws other errors", async () => {
    stubFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(fetchAuthUser(context)).rejects.toThrow("500: Internal Server Error");
  });
});
