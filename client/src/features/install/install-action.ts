import { toast } from "@/lib/use-toast";
import { dismissHomeScreenPrompts } from "./home-screen-dismissal";
import { promptToInstall } from "./install-prompt";
import { closeInstallDialog, getInstallState, offerUsed, openInstallDialog } from "./install-state";

/**
 * What every Install button does: the browser's own prompt when it offered one, otherwise
 * the dialog with the add-to-home-screen steps; a prompt that fails says so and shows the steps as well.
 */
export async function installTabVault(): Promise<void> {
  const { offer } = getInstallState();
  if (!offer) {
    openInstallDialog({ reason: "request", manual: true });
    return;
  }
  const outcome = await promptToInstall(offer);
  offerUsed(outcome === "accepted");
  switch (outcome) {
    case "accepted":
      toast({ title: "Installing TabVault...", description: "It will be on your home screen in a moment." });
      return;
    case "dismissed":
      // A "no" in the browser's own prompt counts as a "no" to our banner and automatic dialog too.
      dismissHomeScreenPrompts();
      closeInstallDialog();
      return;
    default:
      toast({ title: "Installation Failed", description: "Please try again or install manually", variant: "destructive" });
      openInstallDialog({ reason: "request", manual: true });
  }
}
