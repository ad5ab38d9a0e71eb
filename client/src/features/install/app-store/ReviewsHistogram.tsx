import { Star } from "lucide-react";
import { ratingHistogram, storeFigures } from "./listing";
import { Stars } from "./Stars";

/** Reviews tab: the average and the 5→1 star histogram. */
export function ReviewsHistogram() {
  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:gap-10">
      <div className="text-center sm:w-40">
        <p className="text-5xl font-bold tracking-tight text-slate-900">{storeFigures.rating}</p>
        <Stars className="mt-2 justify-center" />
        <p className="mt-1 text-sm text-slate-500">{storeFigures.reviews} sample reviews</p>
      </div>
      <ol aria-label="Ratings by stars" className="flex-1 space-y-2">
        {ratingHistogram.map(({ stars, percent, count }) => (
          <li key={stars} className="flex items-center gap-3 text-sm">
            <span className="flex w-8 items-center gap-1 font-medium text-slate-700">
              {stars}
              <Star className="size-3.5 fill-slate-400 text-slate-400" aria-hidden="true" />
              <span className="sr-only">{stars === 1 ? "star" : "stars"}</span>
            </span>
            <span
              role="meter"
              aria-label={`${stars} ${stars === 1 ? "star" : "stars"}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`${percent}%`}
              className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100"
            >
              <span className="block h-full rounded-full bg-amber-400" style={{ width: `${percent}%` }} />
            </span>
            <span className="w-10 text-right tabular-nums text-slate-700">{percent}%</span>
            <span className="w-12 text-right tabular-nums text-slate-500">{count ?? ""}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
