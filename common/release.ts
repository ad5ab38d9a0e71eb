import { version } from "../package.json";

/**
 * TabVault's version: the web app's (package.json) and the browser extension's, whose manifest takes it from here
 * (`extension/wxt.config.ts`). Read at build time, so /changelog names the release that is running.
 */
export const TABVAULT_VERSION: string = version;

