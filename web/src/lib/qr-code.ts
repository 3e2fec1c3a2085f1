/**
 * QR codes for the share bar, made in the browser with qrcode-generator. The library is loaded only when a QR panel
 * opens (a dynamic import: its own small chunk).
 */
export interface QrMatrix {
  size: number;
  isDark: (row: number, col: number) => boolean;
}

export async function makeQr(text: string): Promise<QrMatrix> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return { size: qr.getModuleCount(), isDark: (row, col) => qr.isDark(row, col) };
}

/** The dark modules as one SVG path ('M x,y h1v1h-1z' per module), in module units. */
export function qrPath({ size, isDark }: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) for (let col = 0; col < size; col += 1) if (isDark(row, col)) parts.push(`M${col},${row}h1v1h-1z`);
  return parts.join('');
}

/** A quiet zone of 4 modules all round, as the standard asks. */
export const QR_MARGIN = 4;

export function qrSvgText(matrix: QrMatrix): string {
  const full = matrix.size + QR_MARGIN * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-QR_MARGIN} ${-QR_MARGIN} ${full} ${full}" width="${full * 8}" height="${full * 8}" shape-rendering="crispEdges"><rect x="${-QR_MARGIN}" y="${-QR_MARGIN}" width="${full}" height="${full}" fill="#fff"/><path d="${qrPath(matrix)}" fill="#000"/></svg>`;
}

/** The QR as a PNG (8 pixels a module), or as an SVG file where the browser cannot draw one. */
export async function qrFile(matrix: QrMatrix, baseName: string): Promise<{ blob: Blob; filename: string }> {
  const cell = 8;
  const pixels = (matrix.size + QR_MARGIN * 2) * cell;
  const canvas = document.createElement('canvas');
  canvas.width = pixels;
  canvas.height = pixels;
  const context = typeof canvas.toBlob === 'function' ? canvas.getContext('2d') : null;
  if (context) {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, pixels, pixels);
    context.fillStyle = '#000';
    for (let row = 0; row < matrix.size; row += 1)
      for (let col = 0; col < matrix.size; col += 1) if (matrix.isDark(row, col)) context.fillRect((col + QR_MARGIN) * cell, (row + QR_MARGIN) * cell, cell, cell);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (png) return { blob: png, filename: `${baseName}.png` };
  }
  return { blob: new Blob([qrSvgText(matrix)], { type: 'image/svg+xml' }), filename: `${baseName}.svg` };
}
