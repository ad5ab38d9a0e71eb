import { defineConfig, minimal2023Preset } from "@vite-pwa/assets-generator/config";

// `npm run icons` redraws the app icons in client/public from the logo; the PNGs are committed.
export default defineConfig({
  headLinkOptions: { preset: "2023" },
  preset: {
    ...minimal2023Preset,
    // The shield sits on white in the maskable and Apple icons, whose corners the launcher crops.
    maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: "#ffffff" } },
    apple: { ...minimal2023Preset.apple, resizeOptions: { background: "#ffffff" } },
  },
  images: ["client/public/favicon.svg"],
});
