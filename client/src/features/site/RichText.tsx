import type { InlineLink, RichText as RichTextValue } from "@/features/site/content/long-form";
import { Link } from "wouter";

const linkClass = "font-medium text-brand-700 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700";

function TextLink({ link }: { link: InlineLink }) {
  // Site routes go through the router; mail and outside addresses are ordinary links.
  if (link.href.startsWith("/")) {
    return (
      <Link href={link.href} className={linkClass}>
        {link.label}
      </Link>
    );
  }
  const external = link.href.startsWith("http");
  return (
    <a href={link.href} className={linkClass} {...(external ? { target: "_blank", rel: "noreferrer" } : {})}>
      {link.label}
    </a>
  );
}

/** Running text from a content module: plain strings with the odd link. */
export function RichText({ value }: { value: RichTextValue }) {
  if (typeof value === "string") return <>{value}</>;
  return (
    <>
      {value.map((part, index) => (typeof part === "string" ? part : <TextLink key={index} link={part} />))}
    </>
  );
}
