import type { Config } from "../config/config";
import type { PaymentProvider } from "./provider";
import { createSandboxProvider } from "./sandbox-provider";
import { createStripeProvider, type StripeEndpoint } from "./stripe-provider";

export type ConfiguredProvider =
  | { kind: "stripe"; provider: PaymentProvider }
  | { kind: "sandbox"; provider: ReturnType<typeof createSandboxProvider> }
  | { kind: "unavailable" };

/**
 * Stripe when its key is set; the sandbox outside production, and only where the stand-ins may run (this
 * machine, or ALLOW_STAND_INS=true: `Config.standIns`); otherwise none, and payments answer 503.
 */
export function choosePaymentProvider(
  config: Pick<Config, "stripe" | "nodeEnv" | "sessionSecret" | "standIns">,
  stripeEndpoint?: StripeEndpoint,
): ConfiguredProvider {
  if (config.stripe) return { kind: "stripe", provider: createStripeProvider(config.stripe, stripeEndpoint) };
  if (config.nodeEnv !== "production" && config.standIns !== "off") return { kind: "sandbox", provider: createSandboxProvider(config.sessionSecret) };
  return { kind: "unavailable" };
}
