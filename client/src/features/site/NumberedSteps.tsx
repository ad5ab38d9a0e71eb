import { cn } from "@/lib/class-names";

/** "How it works": numbered steps side by side from md up, stacked on phones. */
export function NumberedSteps({ steps, className }: { steps: { title: string; text: string }[]; className?: string }) {
  return (
    <ol className={cn("grid gap-8 md:grid-cols-3", className)}>
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4">
          <span aria-hidden="true" className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
            {index + 1}
          </span>
          <div>
            <h3 className="font-semibold text-slate-900">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-1 leading-7 text-slate-600">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
