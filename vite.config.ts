import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { WEB_APP_BUILD_TARGETS } from "./common/browser-support.ts";
import { serverPathPatterns } from "./common/server-paths.ts";

const apiPort = process.env.PORT ?? "3000";

export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // The client registers the worker itself (client/src/features/install/service-worker.ts), after the page has
      // loaded, and asks before a new version takes over.
      injectRegister: false,
      registerType: "prompt",
      // The icons are in client/public, so the glob below already precaches them once.
      includeManifestIcons: false,
      manifest: {
        id: "/",
        name: "TabVault",
        short_name: "TabVault",
        description: "Blocks the browser's accidental Clear All, or backs up your open tabs so the whole session comes back.",
        lang: "en",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: "#4f46e5",
        background_color: "#ffffff",
        categories: ["productivity", "utilities"],
        icons: [
          { src: "/pwa-64x64.png", sizes: "64x64", type: "image/png" },
          { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png" },
          { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png" },
          { src: "/maskable-icon-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // The app shell and every screen's chunk, so TabVault opens (and moves between pages) offline.
        globPatterns: ["**/*.{js,css,html,svg,png,ico}"],
        navigateFallback: "index.html",
        // The API and signed download links always go to the network: never cached, never answered.
        navigateFallbackDenylist: [...serverPathPatterns],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // The first install takes the open page at once; later versions wait for "Update Now".
        clientsClaim: true,
        skipWaiting: false,
      },
    }),
  ],
  resolve: {
    alias: {
      "@common": fileURLToPath(new URL("./common", import.meta.url)),
      "@": fileURLToPath(new URL("./client/src", import.meta.url)),
    },
  },
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    // The browsers /documentation promises (C126); the same as Vite's default today, named so a change shows.
    target: [...WEB_APP_BUILD_TARGETS],
  },
  server: {
    // `npm run dev` runs the API on PORT and Vite on PORT+1; the browser talks to Vite only.
    port: Number(apiPort) + 1,
    proxy: { "/api": `http://127.0.0.1:${apiPort}`, "/download/": `http://127.0.0.1:${apiPort}` },
  },
});
