import { notProtectedByEncryption, type ProtectionStatement, protectedByEncryption } from "@/features/site/content/end-to-end-protection";

function Statements({ label, statements }: { label: string; statements: readonly ProtectionStatement[] }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{label}</h3>
      <ul className="mt-3 space-y-3 text-sm leading-6 text-slate-600" aria-label={label}>
        {statements.map(({ claim, text }) => (
          <li key={claim} className="flex gap-2.5">
            <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-400" />
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The Security page's account of end-to-end encryption: what it protects and what it does not (C504–C513). */
export function EndToEndProtection() {
  return (
    <section id="end-to-end-encryption" aria-labelledby="end-to-end-encryption-heading" className="mt-12 scroll-mt-24 rounded-2xl p-6 ring-1 ring-slate-200 sm:p-8">
      <h2 id="end-to-end-encryption-heading" className="text-lg font-semibold text-slate-900">
        What end-to-end encryption protects, and what it does not
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <Statements label="Protected, even from us" statements={protectedByEncryption} />
        <Statements label="Not protected" statements={notProtectedByEncryption} />
      </div>
    </section>
  );
}
