import type { ExtensionApi, PermissionsApi, ScriptingApi } from "../../src/browser-api";
import type { FakeWorld } from "./world";

/** `scripting`: the content scripts registered in the world, refusing an id registered twice as the browsers do. */
export function scriptingApi(world: FakeWorld): ScriptingApi {
  return {
    registerContentScripts: async (scripts) => {
      for (const script of scripts) {
        if (world.scripts.some((item) => item.id === script.id)) throw new Error(`Duplicate script ID '${script.id}'`);
        world.scripts.push(script);
      }
    },
    getRegisteredContentScripts: async () => world.scripts.map((script) => ({ ...script })),
    unregisterContentScripts: async (filter) => {
      const ids = filter?.ids;
      for (let index = world.scripts.length - 1; index >= 0; index -= 1) {
        if (!ids || ids.includes(world.scripts[index]?.id ?? "")) world.scripts.splice(index, 1);
      }
    },
  };
}

/** `permissions`: the host origins the test granted. */
export function permissionsApi(world: FakeWorld): PermissionsApi {
  return {
    contains: async ({ origins }) => (origins ?? []).every((origin) => world.grantedOrigins.has(origin)),
  };
}

/** `extension`: whether the person allowed the extension in private windows. */
export function extensionApi(world: FakeWorld): ExtensionApi {
  return { isAllowedIncognitoAccess: async () => world.allowedInPrivate };
}
