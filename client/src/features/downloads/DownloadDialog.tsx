import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PlatformDownloads } from "./PlatformDownloads";

/** spec 1 §2, §4: the download dialog for an email that was just captured. */
export default function DownloadDialog({ email, onClose }: { email: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Download TabVault</DialogTitle>
          <DialogDescription>Free for {email}. Confirm your address from the email we sent to unlock the downloads.</DialogDescription>
        </DialogHeader>
        <PlatformDownloads email={email} />
      </DialogContent>
    </Dialog>
  );
}
