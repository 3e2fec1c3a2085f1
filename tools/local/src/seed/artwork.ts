/**
 * Demo artwork drawn as SVG, so the seed needs no binary files: a charity logo (a monogram on the charity's
 * colour) and a gift image (a soft landscape in the charity's palette with the gift's motif).
 */
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function logoSvg(name: string, colour: string): string {
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[A-ZĀĒĪŌŪ]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name)} logo">
  <rect width="128" height="128" rx="28" fill="${colour}"/>
  <circle cx="96" cy="30" r="14" fill="#fff" opacity="0.18"/>
  <text x="64" y="80" font-family="Georgia, 'Times New Roman', serif" font-size="48" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
</svg>`;
}

const MOTIFS = {
  leaf: '<path d="M300 150c-60 0-100 40-100 100 60 0 100-40 100-100z" fill="#fff" opacity="0.85"/><path d="M200 250l70-70" stroke="#000" stroke-opacity="0.15" stroke-width="4"/>',
  bowl: '<path d="M190 190h220a110 70 0 0 1-220 0z" fill="#fff" opacity="0.9"/><circle cx="250" cy="175" r="14" fill="#fff" opacity="0.7"/><circle cx="290" cy="168" r="18" fill="#fff" opacity="0.7"/><circle cx="335" cy="176" r="13" fill="#fff" opacity="0.7"/>',
  heart: '<path d="M300 290s-110-62-110-132c0-36 28-60 58-60 24 0 42 14 52 32 10-18 28-32 52-32 30 0 58 24 58 60 0 70-110 132-110 132z" fill="#fff" opacity="0.9"/>',
  book: '<path d="M180 140h110v150H180z M310 140h110v150H310z" fill="#fff" opacity="0.9"/><path d="M300 140v150" stroke="#000" stroke-opacity="0.2" stroke-width="6"/>',
  paw: '<circle cx="300" cy="230" r="48" fill="#fff" opacity="0.9"/><circle cx="240" cy="165" r="22" fill="#fff" opacity="0.9"/><circle cx="285" cy="140" r="22" fill="#fff" opacity="0.9"/><circle cx="330" cy="145" r="22" fill="#fff" opacity="0.9"/><circle cx="365" cy="180" r="22" fill="#fff" opacity="0.9"/>',
  wave: '<path d="M120 250c60-40 120-40 180 0s120 40 180 0v80H120z" fill="#fff" opacity="0.85"/><circle cx="300" cy="160" r="40" fill="#fff" opacity="0.9"/>',
  star: '<path d="M300 110l28 70 75 4-58 47 20 73-65-41-65 41 20-73-58-47 75-4z" fill="#fff" opacity="0.9"/>',
} as const;
export type Motif = keyof typeof MOTIFS;

export function giftSvg(title: string, colour: string, motif: Motif): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 380" role="img" aria-label="${escapeXml(title)}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0.55"/></linearGradient></defs>
  <rect width="600" height="380" fill="url(#g)"/>
  <circle cx="80" cy="70" r="120" fill="#fff" opacity="0.08"/><circle cx="540" cy="340" r="160" fill="#fff" opacity="0.08"/>
  ${MOTIFS[motif]}
</svg>`;
}
