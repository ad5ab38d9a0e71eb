import { captureEmail } from "@common/api/accounts";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { checkEmailOrToast } from "@/features/accounts/email-check";
import { EmailField } from "@/features/accounts/EmailField";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { showFailure } from "@/lib/failure-toast";
import { toast } from "@/lib/use-toast";
import { call } from "@/lib/api-client";
import { PlatformDownloads } from "./PlatformDownloads";

/** spec 1 §4 "Direct download modal": email step, then platform step (only for a verified address). */
export default function DirectDownloadDialog({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState("");
  const [step, setStep] = useState<"email" | "platform">("email");
  const check = useMutation({
    mutationFn: (checked: string) => call(captureEmail, { body: { email: checked, source: "direct_download_modal" } }),
    onSuccess: (result, checked) => {
      if (result.canDownload) {
        setEmail(checked);
        setStep("platform");
      } else {
        toast({ title: "Verification Required", description: "Please check your email for verification before downloading", variant: "destructive" });
      }
    },
    onError: showFailure("Failed to register email. Please try again."),
  });
  const checking = check.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkEmailOrToast(email)?.toLowerCase();
    if (checked) check.mutate(checked);
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{step === "email" ? "Get the TabVault app" : "Choose your platform"}</DialogTitle>
          <DialogDescription>
            {step === "email" ? "Enter your email. Downloads open once your address is confirmed." : `Downloading for ${email}.`}
          </DialogDescription>
        </DialogHeader>
        {step === "email" ? (
          <form onSubmit={submit} noValidate className="space-y-4">
            <EmailField id="direct-download-email" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
            <Button type="submit" className="w-full" disabled={checking}>
              {checking ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Continue
            </Button>
          </form>
        ) : (
          <>
            <PlatformDownloads email={email} />
            <Button variant="ghost" className="mt-4" onClick={() => setStep("email")}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
