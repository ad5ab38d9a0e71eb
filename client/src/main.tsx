import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { listenForInstallEvents } from "./features/install/install-state";
import "./index.css";

// Before anything renders: the browser's install offer can come early and is sent only once.
listenForInstallEvents();

const root = document.getElementById("root");
if (root) {
  // As a transition, React renders the first screen in slices between which the browser stays responsive,
  // instead of one long task (Lighthouse's Total Blocking Time on a slow phone).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
} else {
  console.error("TabVault: the #root element is missing from index.html; the app cannot start.");
}
