import { errorMessage, handleUnauthorized, isUnauthorizedError } from "./queryClient";
import { toast } from "./use-toast";

/** How a failure toast reads an error: the API's `{message}`, else `fallback`. */
export type DescribeFailure = (error: unknown, fallback: string) => string;

/** For the few toasts that always say their own words, whatever the server sent. */
export const fallbackOnly: DescribeFailure = (_error, fallback) => fallback;

/**
 * The one failure toast: `title` over the `{message}` the API sent, or `fallback` when it sent none (a network
 * failure, an HTML error page: spec 1 §8). A 401 is no failure to show: it starts sign-in again (a no-op when the
 * query cache already did, as it does for every query and mutation), whose own toast this one would replace.
 * `describe` reads the error another way when a caller has its own errors (a locked browser's save, a download's).
 */
export function toastFailure(error: unknown, fallback: string, title = "Error", describe: DescribeFailure = errorMessage): void {
  if (isUnauthorizedError(error)) return handleUnauthorized(error);
  toast({ title, description: describe(error, fallback), variant: "destructive" });
}

/** A mutation's `onError` that shows {@link toastFailure}. */
export function showFailure(fallback: string, title = "Error"): (error: unknown) => void {
  return (error) => toastFailure(error, fallback, title);
}
