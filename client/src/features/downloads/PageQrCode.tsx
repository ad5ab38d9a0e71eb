import { QrCode } from "lucide-react";
import { useEffect, useState } from "react";

/** A QR code of this page's address, drawn in the browser; a placeholder if that fails. */
export function PageQrCode({ url }: { url: string }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    import("qrcode")
      .then((qrcode) => qrcode.toDataURL(url, { margin: 1, width: 176, color: { dark: "#1e1b4b", light: "#ffffff" } }))
      .then((data) => !cancelled && setImage(data))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [url]);
  if (image && !failed) return <img src={image} width={176} height={176} alt="QR code of this page's address" className="rounded-lg border border-slate-200" />;
  return (
    <div className="flex size-44 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 text-center text-xs text-slate-500" role="img" aria-label="QR code unavailable">
      <QrCode className="size-10 text-slate-400" aria-hidden="true" />
      {failed ? "QR code unavailable" : "Drawing QR code…"}
    </div>
  );
}
