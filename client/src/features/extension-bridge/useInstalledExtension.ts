import { useEffect, useState } from "react";
import { detectExtension, type InstalledExtension } from "./bridge";

/** The TabVault extension in this browser, once it answered; null while asking and when there is none. */
export function useInstalledExtension(): InstalledExtension | null {
  const [installed, setInstalled] = useState<InstalledExtension | null>(null);
  useEffect(() => {
    let current = true;
    void detectExtension().then((found) => {
      if (current) setInstalled(found);
    });
    return () => {
      current = false;
    };
  }, []);
  return installed;
}
