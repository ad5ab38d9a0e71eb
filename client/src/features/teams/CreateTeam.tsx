import type { AuthUser } from "@common/api/accounts";
import { createTeam, TEAM_LIMITS } from "@common/api/teams";
import { PREMIUM_TEAM_SEATS, planHasFeature, plans } from "@common/plan-catalogue";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Loader2, Users } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { subscribeHref, usePriceIds } from "@/lib/plan-links";
import { call } from "@/lib/api-client";
import { errorMessage } from "@/lib/queryClient";
import { SectionCard } from "@/components/ui/section-card";
import { refreshTeam } from "./team-queries";

/** For someone in no team: create one on Premium, or learn that it needs Premium and how to join one. */
export function CreateTeam({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: () => call(createTeam, { body: { name } }),
    onSuccess: () => refreshTeam(queryClient),
  });
  const canCreate = planHasFeature(user.planType, "teamManagement");
  const priceIds = usePriceIds(!canCreate);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <SectionCard
      id="create-team"
      icon={Users}
      title="Create a team"
      description={`A team has up to ${PREMIUM_TEAM_SEATS} people, you included. Members get Premium while they belong to it; their own backups stay private unless they share one.`}
    >
      {canCreate ? (
        <form className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
          <div className="flex-1">
            <Label htmlFor="team-name">Team name</Label>
            <Input id="team-name" className="mt-1" value={name} maxLength={TEAM_LIMITS.nameLength} onChange={(event) => setName(event.target.value)} autoComplete="organization" />
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Users aria-hidden="true" />}
            Create team
          </Button>
        </form>
      ) : (
        <div className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
          <p>Teams come with the Premium plan. To join someone's team, open the invitation they sent to your email address.</p>
          <Button asChild className="mt-3" size="sm">
            <Link href={subscribeHref(plans.premium, priceIds.premium)}>Get Teams with Premium</Link>
          </Button>
        </div>
      )}
      {create.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(create.error, "The team could not be created.")}
        </p>
      ) : null}
    </SectionCard>
  );
}
