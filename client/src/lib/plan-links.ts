import type { PaidPlanType, Plan } from "@common/plan-catalogue";
import { useQuery } from "@tanstack/react-query";
import { callByRoute, endpointKey } from "@/lib/api-client";
import { loadPaymentsConfigContract, paymentsConfigRoute } from "@/lib/entry-endpoints";

type PriceIds = Partial<Record<PaidPlanType, string | null>>;

/**
 * The provider's price id of each paid plan (GET /api/payments/config), for the links below; empty
 * until it has loaded (or while `enabled` is false), and when no provider is configured. The query is
 * the one `endpointQuery(getPaymentsConfig)` makes: the payment screens share its answer.
 */
export function usePriceIds(enabled = true): PriceIds {
  const config = useQuery({
    queryKey: endpointKey(paymentsConfigRoute),
    queryFn: ({ signal }) => callByRoute(paymentsConfigRoute, loadPaymentsConfigContract, { signal }),
    enabled,
  });
  return (config.data?.priceIds ?? {}) as PriceIds;
}

function withPrice(params: URLSearchParams, plan: Plan, priceId: string | null | undefined): URLSearchParams {
  if (priceId) params.set("price_id", priceId);
  params.set("amount", String(plan.priceCents / 100));
  return params;
}

/** A paid plan's button: /payment?plan=…&price_id=…&amount=…, the price id where the provider has one. */
export function paymentHref(plan: Plan, priceId?: string | null): string {
  return `/payment?${withPrice(new URLSearchParams({ plan: plan.type }), plan, priceId).toString()}`;
}

/** An upgrade link: /subscribe?plan=…&price_id=…&amount=…, or /subscribe?plan=… without a price id. */
export function subscribeHref(plan: Plan, priceId?: string | null): string {
  const params = new URLSearchParams({ plan: plan.type });
  return `/subscribe?${(priceId ? withPrice(params, plan, priceId) : params).toString()}`;
}
