import { Home, SearchX } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

/** Any path that is not a route. */
export default function NotFoundPage() {
  return (
    <section className="flex min-h-[60vh] items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <SearchX className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-6 text-sm font-semibold text-slate-500">404</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
        <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Button asChild className="mt-8">
          <Link href="/">
            <Home />
            Go to home page
          </Link>
        </Button>
      </div>
    </section>
  );
}
