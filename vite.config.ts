import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiPort = process.env.PORT ?? "3000";

export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@common": fileURLToPath(new URL("./common", import.meta.url)),
      "@": fileURLToPath(new URL("./client/src", import.meta.url)),
    },
  },
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
  },
  server: {
    // `npm run dev` runs the API on PORT and Vite on PORT+1; the browser talks to Vite only.
    port: Number(apiPort) + 1,
    proxy: { "/api": `http://127.0.0.1:${apiPort}`, "/download/": `http://127.0.0.1:${apiPort}` },
  },
});
