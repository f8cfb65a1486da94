/** A PDF's text, page by page with its spaces collapsed, and its metadata, as pdf.js reads them. */
export async function readPdf(data: Buffer) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  const { info } = (await doc.getMetadata()) as unknown as { info: Record<string, unknown> };
  await doc.destroy();
  return { pages, text: pages.join('\n').replace(/\s+/g, ' '), info };
}
