import { CheckCircle2, Download, LoaderCircle, MonitorSmartphone } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { dismissHomeScreenPrompts } from "./home-screen-dismissal";
import { installTabVault } from "./install-action";
import { closeInstallDialog } from "./install-state";
import { AppModeBadge } from "./AppModeBadge";
import { ManualInstallSteps } from "./ManualInstallSteps";
import { useAppInstallation } from "./useAppInstallation";
import { useInstallCompletion } from "./useInstallCompletion";

/**
 * The one install dialog: opened by the browser's offer (Android, after 1 s), by any Install
 * button without an offer, and after a payment with `install=true`. It asks the browser to install when it
 * can, and shows the add-to-home-screen steps when it cannot.
 */
export function InstallDialog() {
  const { dialog, offer, installing, installed, installedThisVisit, platform } = useAppInstallation();
  useInstallCompletion(installedThisVisit && dialog !== null, closeInstallDialog);

  function later() {
    // "Later" to the browser's own offer is the person's answer to the home-screen prompts as well.
    if (dialog?.reason === "offer") dismissHomeScreenPrompts();
    closeInstallDialog();
  }

  const showPrompt = !installed && !installing && offer !== null && !(dialog?.reason === "request" && dialog.manual);
  const showSteps = !installed && !installing && !showPrompt;

  return (
    <Dialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : later())}>
      <DialogContent>
        <DialogHeader>
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-emerald-100 text-emerald-700">
            <MonitorSmartphone className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>Install TabVault</DialogTitle>
          <DialogDescription>
            {dialog?.reason === "payment" ? `${dialog.planName} is active. ` : null}
            {installed
              ? "TabVault is installed. Open it from your home screen or your apps, like any other app."
              : "Put TabVault on your home screen: it opens in its own window, starts faster and works offline."}
          </DialogDescription>
        </DialogHeader>

        {installed ? (
          <p role="status" className="flex items-center gap-2 rounded-xl bg-emerald-50 p-4 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200">
            <CheckCircle2 className="size-5 text-emerald-600" aria-hidden="true" />
            {installedThisVisit ? "App Installed!" : "You are using the installed app."}
          </p>
        ) : installing ? (
          <p role="status" className="flex items-center gap-2 rounded-xl bg-brand-50 p-4 text-sm font-medium text-brand-900 ring-1 ring-brand-200">
            <LoaderCircle className="size-5 animate-spin text-brand-600" aria-hidden="true" />
            Installing TabVault...
          </p>
        ) : showSteps ? (
          <ManualInstallSteps platform={platform} />
        ) : null}

        <AppModeBadge className="mt-4" />

        {dialog?.reason === "payment" ? (
          <p className="mt-4 text-sm text-slate-600">
            The Android app blocks Clear All in your browser itself; the Windows app protects files and applications.
          </p>
        ) : null}

        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {showPrompt ? (
            <Button className="flex-1" onClick={() => void installTabVault()}>
              <Download />
              Install
            </Button>
          ) : null}
          {dialog?.reason === "payment" ? (
            <Button asChild variant={showPrompt ? "secondary" : "default"} className="flex-1">
              <Link href="/download" onClick={closeInstallDialog}>
                <Download />
                Download the apps
              </Link>
            </Button>
          ) : null}
          <Button variant="secondary" className="flex-1" onClick={later}>
            {installed ? "Close" : "Later"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
