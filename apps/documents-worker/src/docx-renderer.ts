import HTMLtoDOCX from '@turbodocx/html-to-docx';
import { PRINT_PAGE } from '@quotebook/domain';
import type { RenderAsset } from './pdf-renderer';

const TWIPS_PER_CM = 1440 / 2.54;
const twips = (cm: number) => Math.round(cm * TWIPS_PER_CM);

/** The printed page in Word's terms: A4, 2 cm margins, the serif font at 12 pt (Word counts half-points). */
const WORD_PAGE = {
  orientation: 'portrait' as const,
  pageSize: { width: twips(PRINT_PAGE.widthCm), height: twips(PRINT_PAGE.heightCm) },
  margins: {
    top: twips(PRINT_PAGE.marginCm),
    right: twips(PRINT_PAGE.marginCm),
    bottom: twips(PRINT_PAGE.marginCm),
    left: twips(PRINT_PAGE.marginCm),
  },
  font: PRINT_PAGE.fontFamily.split(',')[0].trim(),
  fontSize: PRINT_PAGE.fontSizePt * 2,
  lang: 'it-IT',
};

const IMG_TAG = /<img\b[^>]*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * The HTML with each image that names one of the document's files carrying that file as a `data:` URI
 * (the Word converter embeds those). An image that is neither is left out: nothing is fetched to make
 * a Word file.
 */
export function inlineImages(html: string, assets: RenderAsset[]): string {
  const inline = new Map(assets.map((asset) => [asset.name, `data:${asset.contentType};base64,${asset.body.toString('base64')}`]));
  return html.replace(IMG_TAG, (tag) => {
    const match = SRC_ATTRIBUTE.exec(tag);
    const source = match ? (match[1] ?? match[2] ?? match[3]) : '';
    const data = inline.get(source);
    if (data) return tag.replace(SRC_ATTRIBUTE, ` src="${data}"`);
    return source.startsWith('data:') ? tag : '';
  });
}

/** The same HTML as the PDF's, as a Word document. */
export async function renderDocx(html: string, assets: RenderAsset[]): Promise<Buffer> {
  const document = await HTMLtoDOCX(inlineImages(html, assets), null, WORD_PAGE);
  if (Buffer.isBuffer(document)) return document;
  if (document instanceof ArrayBuffer) return Buffer.from(document);
  return Buffer.from(await document.arrayBuffer());
}
