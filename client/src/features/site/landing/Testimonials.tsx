import { Quote, Star } from "lucide-react";
import { cn } from "@/lib/class-names";
import { TESTIMONIALS_SHOWN, testimonials } from "./testimonials";

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} aria-hidden="true" className={cn("size-4", star <= rating ? "fill-amber-400 text-amber-400" : "fill-slate-200 text-slate-200")} />
      ))}
      <span className="sr-only">Rated {rating} out of 5</span>
    </p>
  );
}

const initialsOf = (name: string) =>
  name
    .split(" ")
    .map((part) => part.charAt(0))
    .slice(0, 2)
    .join("");

/** spec 1 §2: testimonials, the first six of eight. Sample stories, and the section says so. */
export function Testimonials() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="scroll-mt-16 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Stories</p>
          <h2 id="testimonials-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Who TabVault is for
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            Researchers, nurses, students and teams: anyone whose open tabs are work in progress.
          </p>
          <p className="mt-3 text-sm text-slate-600">These are sample stories that show typical uses. They are not reviews from verified customers.</p>
        </div>
        <ul aria-label="Sample stories" className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {testimonials.slice(0, TESTIMONIALS_SHOWN).map((story) => (
            <li key={story.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex items-center justify-between gap-3">
                  <Stars rating={story.rating} />
                  <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800">
                    {story.tabsSaved.toLocaleString("en-US")} tabs saved
                  </span>
                </div>
                <blockquote className="mt-4 flex-1 leading-7 text-slate-700">
                  <p>{story.content}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
                  <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
                    {initialsOf(story.name)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-900">{story.name}</span>
                    <span className="block text-sm text-slate-600">
                      {story.role}, {story.company}
                    </span>
                  </span>
                  <Quote className="size-6 shrink-0 text-brand-200" aria-hidden="true" />
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
