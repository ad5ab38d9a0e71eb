import type { InstallPlatform } from "./platform";

const steps: Record<InstallPlatform, { heading: string; steps: string[] }> = {
  ios: {
    heading: "On iPhone or iPad (Safari)",
    steps: ["Tap the Share button in Safari's toolbar.", "Scroll down and tap “Add to Home Screen”.", "Tap “Add”. TabVault appears on your home screen."],
  },
  android: {
    heading: "On Android (Chrome, Samsung Internet, Edge)",
    steps: ["Open the browser menu (⋮).", "Tap “Install app” or “Add to Home screen”.", "Confirm with “Install”. TabVault appears with your apps."],
  },
  other: {
    heading: "On a computer (Chrome or Edge)",
    steps: [
      "Click the install icon at the right end of the address bar, or open the browser menu.",
      "Choose “Install TabVault” (in Chrome: Cast, save and share → Install page as app).",
      "TabVault opens in its own window and gets a shortcut with your apps.",
    ],
  },
};

/** Add-to-home-screen steps for the visitor's platform: the fallback whenever the browser offers no prompt. */
export function ManualInstallSteps({ platform }: { platform: InstallPlatform }) {
  const { heading, steps: list } = steps[platform];
  return (
    <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="text-sm font-semibold text-slate-900">{heading}</p>
      <ol className="mt-3 space-y-2">
        {list.map((step, index) => (
          <li key={step} className="flex gap-3 text-sm text-slate-700">
            <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700">
              {index + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
