import { appendSystemLog } from "../system-log/append";
import type { OutcomeContext, ReversedPayment } from "./outcomes";
import { type PaymentProvider, ProviderError } from "./provider";

/**
 * After a refund or dispute ended a subscription here, the provider is told to stop it at once, so it
 * charges no more. A provider that cannot be reached leaves a warning in the system log for support:
 * our side has already ended the plan (decision 136).
 */
export async function endSubscriptionAfterReversal(
  context: OutcomeContext,
  provider: PaymentProvider,
  reversed: ReversedPayment | null,
): Promise<void> {
  if (!reversed?.endedSubscription) return;
  try {
    await provider.endSubscriptionNow(reversed.endedSubscription);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    context.log.error({ err: error, subscription: reversed.endedSubscription }, "subscription could not be ended at the provider");
    await appendSystemLog(context.db, "error", `Subscription ${reversed.endedSubscription} could not be ended at ${provider.name} after its payment was reversed: end it by hand`);
  }
}
