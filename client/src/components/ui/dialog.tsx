import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentProps, type ReactNode, useRef } from "react";
import { cn } from "@/lib/class-names";

export const Dialog = DialogPrimitive.Root;

/**
 * A centred modal card with a close button; full width (minus a margin) on phones.
 *
 * Escape always closes it. Radix gives Escape to the layer opened last, and a toast is one: a toast shown while
 * the dialog is open ("Email Registered!") took the first Escape for itself and left the dialog open.
 * So an Escape pressed in the dialog that its own layer did not get closes it through its close button.
 */
export function DialogContent({
  className,
  children,
  onEscapeKeyDown,
  onKeyDown,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { children: ReactNode }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const escapeSeenByDialog = useRef<KeyboardEvent | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl outline-none animate-fade-in sm:p-8",
          className,
        )}
        {...props}
        onEscapeKeyDown={(event) => {
          escapeSeenByDialog.current = event;
          onEscapeKeyDown?.(event);
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (event.key === "Escape" && escapeSeenByDialog.current !== event.nativeEvent) closeButton.current?.click();
        }}
      >
        {children}
        <DialogPrimitive.Close
          ref={closeButton}
          className="absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          aria-label="Close"
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mb-6 space-y-2 pr-8", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-xl font-bold tracking-tight text-slate-900", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm leading-6 text-slate-600", className)} {...props} />;
}
