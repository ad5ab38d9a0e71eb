import { useMemo } from "react";
import { appModeBadge, browserCapabilities, isInstallableAsApp, type AppModeBadgeLabel } from "./app-badge";
import { type InstallState, useInstallState } from "./install-state";
import { currentPlatform, type InstallPlatform, isStandaloneDisplay } from "./platform";

export interface AppInstallation extends InstallState {
  platform: InstallPlatform;
  /** Running from the home screen (display-mode: standalone). */
  standalone: boolean;
  /** Standalone, or the browser reported the installation during this visit. */
  installed: boolean;
  badge: AppModeBadgeLabel | null;
}

/** Everything the install aids show, from the store plus what this browser and display mode are. */
export function useAppInstallation(): AppInstallation {
  const state = useInstallState();
  // The platform and the display mode do not change while a page is open.
  const environment = useMemo(() => {
    const platform = currentPlatform();
    const standalone = isStandaloneDisplay();
    return { platform, standalone, badge: appModeBadge(standalone, isInstallableAsApp(platform, browserCapabilities())) };
  }, []);
  return { ...state, ...environment, installed: environment.standalone || state.installedThisVisit };
}
