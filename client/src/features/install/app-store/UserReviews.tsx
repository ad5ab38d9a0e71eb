import { sampleReviews } from "./listing";
import { Stars } from "./Stars";

/** The sample reviews (spec 2 §1: first name and initial, five stars), the first `limit` of them. */
export function ReviewList({ className, limit }: { className?: string; limit?: number }) {
  return (
    <ul className={className}>
      {sampleReviews.slice(0, limit).map((review) => (
        <li key={review.name} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              <span aria-hidden="true" className="inline-flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm text-brand-700">
                {review.name[0]}
              </span>
              {review.name}
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Sample</span>
            </p>
            <span className="flex items-center gap-2 text-xs text-slate-500">
              <Stars />
              <span className="sr-only">5 out of 5 stars,</span>
              {review.date}
            </span>
          </div>
          <p className="mt-3 text-sm leading-6 text-slate-700">{review.text}</p>
        </li>
      ))}
    </ul>
  );
}
