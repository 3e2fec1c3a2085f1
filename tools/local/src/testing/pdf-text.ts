/**
 * Reads a PDF back as the words a reader would see, one string per page (pdf.js, Mozilla's PDF reader), so tests prove
 * what a generated PDF says rather than that some bytes came back. Lines are joined with newlines, words with spaces.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; text: string; title?: string }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js may take ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      let page = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        page += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(page);
    }
    const info = (await pdf.getMetadata()).info as { Title?: string };
    return { pages, text: pages.join('\n'), ...(info.Title ? { title: info.Title } : {}) };
  } finally {
    await pdf.destroy();
  }
}
