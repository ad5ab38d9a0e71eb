import { toastFailure } from "@/lib/failure-toast";
import { sendContactMessage } from "@common/api/contact";
import { supportPromiseText } from "@common/plan-catalogue";
import { SUPPORT_EMAIL } from "@common/product";
import { useMutation } from "@tanstack/react-query";
import { Loader2, Mail, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/use-toast";
import { useAuth } from "@/features/accounts/useAuth";
import { call } from "@/lib/api-client";

const empty = { name: "", email: "", subject: "", message: "" };

/** `/contact`: every field required; the message is stored for the support team. */
export default function ContactPage() {
  const { user } = useAuth();
  const [form, setForm] = useState({ ...empty, email: user?.email ?? "" });
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const send = useMutation({
    mutationFn: () => call(sendContactMessage, { body: form }),
    // The server's answer names the reply time of the sender's plan.
    onSuccess: (answer) => {
      toast({ title: "Message Sent", description: answer.message });
      setForm({ ...empty, email: user?.email ?? "" });
    },
    onError: (error) => toastFailure(error, "Please try again, or write to us by email.", "Message Not Sent"),
  });
  const complete = Object.values(form).every((value) => value.trim() !== "");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (complete) send.mutate();
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight text-slate-900">
        <Mail className="size-7 text-brand-600" aria-hidden="true" />
        Contact Us
      </h1>
      <p className="mt-2 text-slate-600">
        Questions about your account, a payment or protection on your device? {supportPromiseText} Sign in before you write so that we know your plan. You can also write to{" "}
        <a className="font-medium text-brand-700 underline underline-offset-4" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
      <form onSubmit={submit} className="mt-8 space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="contact-name">Name</Label>
            <Input id="contact-name" name="name" autoComplete="name" required maxLength={100} value={form.name} onChange={set("name")} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="contact-email">Email</Label>
            <Input id="contact-email" name="email" type="email" autoComplete="email" required value={form.email} onChange={set("email")} />
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor="contact-subject">Subject</Label>
          <Input id="contact-subject" name="subject" required maxLength={200} value={form.subject} onChange={set("subject")} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="contact-message">Message</Label>
          <textarea
            id="contact-message"
            name="message"
            required
            maxLength={5000}
            rows={6}
            value={form.message}
            onChange={set("message")}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/30"
          />
        </div>
        <Button type="submit" size="lg" disabled={!complete || send.isPending}>
          {send.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          Send Message
        </Button>
      </form>
    </div>
  );
}
