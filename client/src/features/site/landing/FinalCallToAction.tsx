import { Download } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useAuthActions } from "@/features/accounts/useAuthActions";

export function FinalCallToAction() {
  const { getStarted } = useAuthActions();
  return (
    <section className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-brand-700 px-6 py-14 text-center shadow-xl sm:px-16">
          <div aria-hidden="true" className="absolute -right-20 -top-20 size-64 rounded-full bg-brand-500/40 blur-3xl" />
          <div aria-hidden="true" className="absolute -bottom-24 -left-16 size-64 rounded-full bg-sky-400/20 blur-3xl" />
          <h2 className="relative text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            Protect your tabs before the next Clear All
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg leading-8 text-brand-100">
            Create a free account with just your email, then add the TabVault extension to your browser.
          </p>
          <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button size="lg" variant="inverse" onClick={getStarted}>
              Get Started Free
            </Button>
            <Button asChild size="lg" className="bg-brand-600 ring-1 ring-inset ring-white/30 hover:bg-brand-500">
              <Link href="/download">
                <Download />
                Get the extension
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
