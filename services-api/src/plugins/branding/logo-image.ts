import { crc32 } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE } from '@msp/shared';
import { SaxesParser } from 'saxes';
import { InvalidFieldError } from '../../domain/errors.js';
import type { BrandingLogo } from './branding-service.js';

/**
 * The widest or tallest PNG taken in: its pixels are held in memory four bytes each while it is
 * scaled, so a small file that claims a huge image (a decompression bomb) is refused on its header.
 */
const PNG_MAX_SIDE = 4096;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The SVG elements that never draw and may run or pull in something: dropped with all they hold. */
const DROPPED_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'audio', 'video', 'canvas']);
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

const refuse = (message: string) => new InvalidFieldError('data', message);

/** A PNG's size from its header, after checking it is one: signature, IHDR first, every chunk's CRC, IEND last. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw refuse('is not a PNG file');
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw refuse('is not a PNG file: its header is missing');
  let offset = 8;
  let ended = false;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > png.length) break;
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    if (crc32(typeAndData) !== png.readUInt32BE(offset + 8 + length))
      throw refuse('is a damaged PNG file: a checksum does not match');
    offset = end;
    if (typeAndData.toString('latin1', 0, 4) === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended) throw refuse('is a damaged PNG file: it is cut short');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (width === 0 || height === 0) throw refuse('is an empty PNG image');
  if (width > PNG_MAX_SIDE || height > PNG_MAX_SIDE)
    throw refuse(`is ${width} × ${height} pixels: a logo may be at most ${PNG_MAX_SIDE} pixels on each side`);
  return { width, height };
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An embedded image kept in the SVG: a PNG in a data URL, whose size is checked like an upload's. */
function isSafeEmbeddedPng(href: string): boolean {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/i.exec(href.trim());
  if (!match) return false;
  pngSize(Buffer.from(match[1]!, 'base64'));
  return true;
}

/** Whether an attribute may stay: no event handler, and no reference out of the document. */
function keepsAttribute(name: string, value: string): boolean {
  const local = name.toLowerCase().split(':').pop()!;
  if (local.startsWith('on')) return false;
  if (local === 'href' || local === 'src') return value.trim().startsWith('#') || isSafeEmbeddedPng(value);
  return true;
}

/** Entities an SVG's DOCTYPE declares, as illustration programs write them for namespace URLs. */
function declaredEntities(doctype: string): Record<string, string> {
  const entities: Record<string, string> = {};
  for (const [, name, value] of doctype.matchAll(/<!ENTITY\s+([\w.-]+)\s+(?:"([^"]*)"|'([^']*)')\s*>/g))
    entities[name!] = value ?? '';
  return entities;
}

/**
 * The SVG rewritten from its parsed elements, with only what draws: no scripts, no event
 * handlers, no references to files or addresses outside it (resvg would read a local path), no
 * DOCTYPE (its entities are put in place). The renderer never sees the uploaded text itself.
 */
export function sanitizeSvg(svg: string): string {
  const parser = new SaxesParser({ xmlns: false });
  const out: string[] = [];
  let dropping = 0;
  let root: string | null = null;
  parser.on('doctype', (doctype) => Object.assign(parser.ENTITIES, declaredEntities(doctype)));
  parser.on('opentag', (tag) => {
    const local = tag.name.toLowerCase().split(':').pop()!;
    if (root === null) root = local;
    if (dropping > 0 || DROPPED_ELEMENTS.has(local)) {
      if (!tag.isSelfClosing) dropping++;
      return;
    }
    const attributes = Object.entries(tag.attributes as Record<string, string>)
      .filter(([name, value]) => keepsAttribute(name, value))
      .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
      .join('');
    out.push(`<${tag.name}${attributes}${tag.isSelfClosing ? '/>' : '>'}`);
  });
  parser.on('closetag', (tag) => {
    if (tag.isSelfClosing) return;
    if (dropping > 0) dropping--;
    else out.push(`</${tag.name}>`);
  });
  parser.on('text', (text) => {
    if (dropping === 0) out.push(escapeXml(text));
  });
  parser.on('cdata', (text) => {
    if (dropping === 0) out.push(escapeXml(text));
  });
  try {
    parser.write(svg).close();
  } catch (error) {
    throw refuse(`is not a readable SVG file: ${(error as Error).message.split('\n')[0]}`);
  }
  if (root !== 'svg') throw refuse('is not an SVG file: it does not start with <svg>');
  const text = out.join('');
  // A file without the namespace is still meant as SVG: give it the one the renderer needs.
  return text.includes(SVG_NAMESPACE) ? text : text.replace(/^<svg/, `<svg xmlns="${SVG_NAMESPACE}"`);
}

/** Draws an SVG text with nothing from the machine: no system fonts, no files. */
function render(svg: string, width: number, height: number): BrandingLogo {
  const fitTo =
    width >= height ? { mode: 'width' as const, value: width } : { mode: 'height' as const, value: height };
  let image;
  try {
    image = new Resvg(svg, { fitTo, font: { loadSystemFonts: false }, logLevel: 'off' }).render();
  } catch (error) {
    throw refuse(`could not be drawn: ${(error as Error).message}`);
  }
  // A picture with no pixel showing is a file that failed to draw (or would show nothing anyway).
  const { pixels } = image;
  let visible = false;
  for (let alpha = 3; alpha < pixels.length && !visible; alpha += 4) visible = pixels[alpha]! > 0;
  if (!visible) throw refuse('draws nothing visible');
  return { png: image.asPng(), width: image.width, height: image.height };
}

/** Scales `width` × `height` down, never up, so the longer side is at most `max`. */
function fitWithin(width: number, height: number, max: number) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The logo as a PNG from an upload: an SVG is cleaned and drawn with its longer side at
 * LOGO_MAX_SIDE; a PNG is checked and drawn again (at most LOGO_MAX_SIDE), which drops every
 * chunk but its pixels. Anything else, too big, damaged or drawing nothing is refused naming `data`.
 */
export function logoFromUpload(type: 'image/png' | 'image/svg+xml', bytes: Buffer): BrandingLogo {
  if (bytes.length > LOGO_MAX_BYTES) throw refuse(`must be at most ${LOGO_MAX_BYTES / 1024} KB`);
  if (type === 'image/png') {
    const source = pngSize(bytes);
    const { width, height } = fitWithin(source.width, source.height, LOGO_MAX_SIDE);
    const svg = `<svg xmlns="${SVG_NAMESPACE}" width="${source.width}" height="${source.height}"><image width="${source.width}" height="${source.height}" preserveAspectRatio="none" href="data:image/png;base64,${bytes.toString('base64')}"/></svg>`;
    return render(svg, width, height);
  }
  const text = bytes.toString('utf8');
  const clean = sanitizeSvg(text);
  let size;
  try {
    const sized = new Resvg(clean, { font: { loadSystemFonts: false }, logLevel: 'off' });
    size = { width: sized.width, height: sized.height };
  } catch (error) {
    throw refuse(`is not a readable SVG file: ${(error as Error).message}`);
  }
  if (!(size.width > 0 && size.height > 0)) throw refuse('has no size: give the <svg> a viewBox');
  const scale = LOGO_MAX_SIDE / Math.max(size.width, size.height);
  return render(
    clean,
    Math.max(1, Math.round(size.width * scale)),
    Math.max(1, Math.round(size.height * scale)),
  );
}
