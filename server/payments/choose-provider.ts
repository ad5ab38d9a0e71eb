import type { Config } from "../config/config";
import type { PaymentProvider } from "./provider";
import { createSandboxProvider } from "./sandbox-provider";
import { createStripeProvider, type StripeEndpoint } from "./stripe-provider";

export type ConfiguredProvider =
  | { kind: "stripe"; provider: PaymentProvider }
  | { kind: "sandbox"; provider: ReturnType<typeof createSandboxProvider> }
  | { kind: "unavailable" };

/** Stripe when its key is set; the sandbox outside production; in production without a key, none. */
export function choosePaymentProvider(
  config: Pick<Config, "stripe" | "nodeEnv" | "sessionSecret">,
  stripeEndpoint?: StripeEndpoint,
): ConfiguredProvider {
  if (config.stripe) return { kind: "stripe", provider: createStripeProvider(config.stripe, stripeEndpoint) };
  if (config.nodeEnv !== "production") return { kind: "sandbox", provider: createSandboxProvider(config.sessionSecret) };
  return { kind: "unavailable" };
}
