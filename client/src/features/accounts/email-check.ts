import { toast } from "@/lib/use-toast";

/**
 * The client's first line on an email field: non-empty and containing '@', else the
 * 'Invalid Email' toast. The server decides whether the address is real.
 */
export function checkEmailOrToast(value: string): string | null {
  const email = value.trim();
  if (email === "" || !email.includes("@")) {
    toast({ title: "Invalid Email", description: "Please enter a valid email address", variant: "destructive" });
    return null;
  }
  return email;
}

/** Session-storage key under which a chosen plan's email waits for the payment page. */
export const USER_EMAIL_STORAGE_KEY = "userEmail";

export function rememberEmailForPayment(email: string): void {
  try {
    sessionStorage.setItem(USER_EMAIL_STORAGE_KEY, email);
  } catch {
    // Storage can be disabled; the payment page also gets the email in its query.
  }
}
