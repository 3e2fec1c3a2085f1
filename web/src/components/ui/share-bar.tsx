import { useEffect, useId, useState } from 'react';
import { QR_MARGIN, makeQr, qrFile, qrPath, type QrMatrix } from '../../lib/qr-code';
import { saveFile } from '../../lib/save-file';
import { Button } from './button';
import { FormMessage } from './field';
import { Spinner } from './spinner';
import styles from './share-bar.module.css';

export interface ShareTarget {
  /** The page's full address. */
  url: string;
  title: string;
  /** The file name of the downloaded QR, without extension. */
  fileName: string;
}

export interface ShareBarProps extends ShareTarget {
  /** The bar's heading, e.g. 'Share this role'. */
  heading: string;
}

/** Where each channel shares a page (spec 1 §2 "Share bar": social channels, e-mail, workplace network). */
export function shareLinks({ url, title }: Pick<ShareTarget, 'url' | 'title'>) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: 'WhatsApp', href: `https://wa.me/?text=${t}%20${u}` },
    { label: 'E-mail', href: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n\n${url}`)}` },
    { label: 'Workplace', href: `https://work.workplace.com/sharer.php?display=popup&u=${u}` },
  ];
}

/** The share bar of the volunteer and fundraise pages (spec 1 §2): the channels, and a QR code to print or show. */
export function ShareBar({ heading, ...target }: ShareBarProps) {
  const [qrOpen, setQrOpen] = useState(false);
  const panelId = useId();
  return (
    <section className={styles.share} aria-label="Share">
      <h2 className={styles.shareTitle}>{heading}</h2>
      <ul className={styles.shareList}>
        {shareLinks(target).map((link) => (
          <li key={link.label}>
            <a className={styles.shareLink} href={link.href} target={link.href.startsWith('mailto:') ? undefined : '_blank'} rel="noopener noreferrer">
              {link.label}
              <span className="visually-hidden">{link.href.startsWith('mailto:') ? ' (opens your e-mail)' : ' (opens in a new tab)'}</span>
            </a>
          </li>
        ))}
        <li>
          <button type="button" className={styles.shareLink} aria-expanded={qrOpen} aria-controls={panelId} onClick={() => setQrOpen((open) => !open)}>
            QR code
          </button>
        </li>
      </ul>
      <div id={panelId}>{qrOpen ? <QrPanel {...target} /> : null}</div>
    </section>
  );
}

/** The QR panel: the page's QR code, and 'Download QR', which shows loading while the file is made (spec 1 §4). */
function QrPanel({ url, title, fileName }: ShareTarget) {
  const [matrix, setMatrix] = useState<QrMatrix>();
  const [failed, setFailed] = useState(false);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    let live = true;
    makeQr(url).then(
      (made) => live && setMatrix(made),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url]);

  const download = async () => {
    if (!matrix) return;
    setDownloading(true);
    try {
      const file = await qrFile(matrix, fileName);
      saveFile(file.blob, file.filename);
    } finally {
      setDownloading(false);
    }
  };

  if (failed) return <FormMessage>We couldn’t make the QR code. Please try again.</FormMessage>;
  if (!matrix) return <Spinner label="Making the QR code" />;
  const full = matrix.size + QR_MARGIN * 2;
  return (
    <div className={styles.qrPanel}>
      <svg
        role="img"
        aria-label={`QR code for ${title}`}
        viewBox={`${-QR_MARGIN} ${-QR_MARGIN} ${full} ${full}`}
        className={styles.qr}
        shapeRendering="crispEdges"
      >
        <rect x={-QR_MARGIN} y={-QR_MARGIN} width={full} height={full} fill="#fff" />
        <path d={qrPath(matrix)} fill="#000" />
      </svg>
      <Button variant="secondary" loading={downloading} onClick={() => void download()}>
        Download QR
      </Button>
    </div>
  );
}
