import { toastFailure } from "@/lib/failure-toast";
import { type AuthUser, MAX_NAME_LENGTH, updateProfile } from "@common/api/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/use-toast";
import { AUTH_USER_QUERY_KEY } from "./useAuth";
import { call } from "@/lib/api-client";
import { isUnauthorizedError } from "@/lib/queryClient";

/** Lets a signed-in person set the names TabVault greets them with (PATCH /api/auth/user). */
export function ProfileDialog({ user, open, onOpenChange }: { user: AuthUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(user.firstName ?? "");
  const [lastName, setLastName] = useState(user.lastName ?? "");
  const save = useMutation({
    mutationFn: () => call(updateProfile, { body: { firstName, lastName } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, updated);
      toast({ title: "Profile saved", description: "Your name is updated." });
      onOpenChange(false);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return; // the global handler signs in again
      toastFailure(error, "Failed to save your profile.");
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your profile</DialogTitle>
          <DialogDescription>Signed in as {user.email}. Leave a field empty to clear it.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="profile-first-name">First name</Label>
              <Input
                id="profile-first-name"
                autoComplete="given-name"
                maxLength={MAX_NAME_LENGTH}
                value={firstName}
                onChange={(event) => setFirstName(event.target.value)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="profile-last-name">Last name</Label>
              <Input
                id="profile-last-name"
                autoComplete="family-name"
                maxLength={MAX_NAME_LENGTH}
                value={lastName}
                onChange={(event) => setLastName(event.target.value)}
              />
            </div>
          </div>
          <Button type="submit" className="w-full" disabled={save.isPending}>
            {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Save profile
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
