import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The spec's QR size, in CSS pixels, drawn with no quiet-zone margin. */
export const qrSize = 100;

/** A QR code of `value`, drawn here (no third-party image service sees the link). */
export function QrCode({ value, alt, errorText }: { value: string; alt: string; errorText: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSrc(null);
    setFailed(false);
    QRCode.toDataURL(value, { width: qrSize, margin: 0, errorCorrectionLevel: 'M' }).then(
      (url) => live && setSrc(url),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (failed) return <p className="qr qr--failed">{errorText}</p>;
  return (
    <span className="qr">
      {src ? (
        <img src={src} width={qrSize} height={qrSize} alt={alt} data-testid="download-qr" />
      ) : (
        <span className="qr__placeholder skeleton" />
      )}
    </span>
  );
}
