import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import type { ErrorBody, LogoState, PublicConfig } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const LOGO = '/api/admin/branding/logo';

const svg = (body: string, size = 'width="200" height="80"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${size}>${body}</svg>`;

/** A real PNG of `width` × `height` in one colour. */
function pngOf(width: number, height: number, fill = '#c00'): Buffer {
  return new Resvg(
    svg(`<rect width="100%" height="100%" fill="${fill}"/>`, `width="${width}" height="${height}"`),
    {
      font: { loadSystemFonts: false },
    },
  )
    .render()
    .asPng();
}

/** The colour of a PNG's pixel at (x, y), as #rrggbbaa, read by drawing it again. */
function pixelOf(png: Buffer, x: number, y: number): string {
  const image = new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><image href="data:image/png;base64,${png.toString('base64')}" x="${-x}" y="${-y}" width="${pngWidth(png)}" height="${pngHeight(png)}"/></svg>`,
  ).render();
  return `#${[...image.pixels.subarray(0, 4)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
const pngWidth = (png: Buffer) => png.readUInt32BE(16);
const pngHeight = (png: Buffer) => png.readUInt32BE(20);
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'));

describe.each(testDatabaseKinds)('the logo on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  /** A local web server an SVG points at: it must never be asked for anything. */
  let peer: http.Server;
  const peerRequests: string[] = [];
  let peerUrl: string;

  const upload = (type: string, bytes: Buffer | string) =>
    app.request<LogoState & ErrorBody>({
      method: 'PUT',
      url: LOGO,
      headers: admin.headers,
      payload: { type, data: Buffer.from(bytes).toString('base64') },
    });
  const audits = () => app.db('audit_events').where('action', 'like', 'branding.%').orderBy('id');
  const served = (url: string, headers: Record<string, string> = {}) => app.server.inject({ url, headers });

  beforeAll(async () => {
    peer = http.createServer((request, response) => {
      peerRequests.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/png' }).end(pngOf(10, 10, '#0f0'));
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
    app = await startTestApp(kind, { seed: false, env: { PUBLIC_URL: 'https://assess.msp.example' } });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => peer?.close(resolve));
  });

  it('has none at first: the admin read says null and the public address answers 404', async () => {
    const { status, body } = await app.request<LogoState>({ url: LOGO, headers: admin.headers });
    expect(status).toBe(200);
    expect(body).toEqual({ logo: null });
    expect((await served(`/api/branding/logo/${'0'.repeat(64)}`)).statusCode).toBe(404);
  });

  it('takes a PNG, keeps it as a PNG at its size, and serves it at its versioned address with an ETag', async () => {
    const { status, body } = await upload('image/png', pngOf(300, 100));
    expect(status).toBe(200);
    const logo = body.logo!;
    expect(logo).toMatchObject({ width: 300, height: 100, uploadedType: 'image/png' });
    expect(logo.url).toBe(`/api/branding/logo/${logo.digest}`);

    const answer = await served(logo.url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.etag).toBe(`"${logo.digest}"`);
    expect(isPng(answer.rawPayload)).toBe(true);
    expect(pixelOf(answer.rawPayload, 150, 50)).toBe('#cc0000ff');

    const again = await served(logo.url, { 'if-none-match': `"${logo.digest}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const [record] = await audits();
    expect(record).toMatchObject({
      action: 'branding.logo_upload',
      target_type: 'settings',
      target_id: 'logo',
    });
    expect(record.summary).toMatchObject({ uploadedType: 'image/png', width: 300, height: 100 });
  });

  it('scales a PNG larger than 1024 pixels down to 1024 on its longer side', async () => {
    const { body } = await upload('image/png', pngOf(2048, 512));
    expect(body.logo).toMatchObject({ width: 1024, height: 256 });
    const png = (await served(body.logo!.url)).rawPayload;
    expect([pngWidth(png), pngHeight(png)]).toEqual([1024, 256]);
  });

  it('draws an SVG into a PNG; its script, event handlers and outside references are gone, and the outside is never asked', async () => {
    peerRequests.length = 0;
    const hostile = svg(
      `<script>fetch('${peerUrl}/script')</script>` +
        `<rect width="200" height="80" fill="#215db0" onload="fetch('${peerUrl}/onload')"/>` +
        `<image href="${peerUrl}/image.png" width="200" height="80"/>` +
        `<image xlink:href="/etc/hostname" width="200" height="80"/>` +
        `<foreignObject width="200" height="80"><iframe xmlns="http://www.w3.org/1999/xhtml" src="${peerUrl}/frame"/></foreignObject>`,
      `width="200" height="80" onload="fetch('${peerUrl}/root')"`,
    );
    const { status, body } = await upload('image/svg+xml', hostile);
    expect(status).toBe(200);
    // Drawn at 1024 pixels on its longer side, so the PDF and large screens get it sharp.
    expect(body.logo).toMatchObject({ width: 1024, height: 410, uploadedType: 'image/svg+xml' });

    const row = await app.db('branding_logo').first();
    expect(isPng(row.png)).toBe(true);
    const answer = await served(body.logo!.url);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(isPng(answer.rawPayload)).toBe(true);
    expect(answer.rawPayload.includes('script')).toBe(false);
    expect(answer.rawPayload.includes('onload')).toBe(false);
    expect(answer.rawPayload.includes(peerUrl)).toBe(false);
    // The blue square is drawn; the green the outside would have sent is not.
    expect(pixelOf(answer.rawPayload, 500, 200)).toBe('#215db0ff');
    // Given time to call out, had anything tried.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(peerRequests).toEqual([]);
  });

  it('takes an SVG from a drawing program: a DOCTYPE with entities, a viewBox and no size', async () => {
    const drawn =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n' +
      '<!ENTITY ns_svg "http://www.w3.org/2000/svg">\n]>\n' +
      '<svg xmlns="&ns_svg;" viewBox="0 0 40 20"><!-- a comment --><circle cx="10" cy="10" r="8" fill="#ff8800"/></svg>';
    const { status, body } = await upload('image/svg+xml', drawn);
    expect(status).toBe(200);
    expect(body.logo).toMatchObject({ width: 1024, height: 512 });
  });

  it.each([
    [
      'a GIF',
      { type: 'image/gif', data: 'R0lGODlhAQABAAAAACw=' },
      'type',
      'must be image/png or image/svg+xml',
    ],
    [
      'text that is not base64',
      { type: 'image/png', data: 'not base64!' },
      'data',
      'must be the file in base64',
    ],
    ['an empty file', { type: 'image/png', data: '' }, 'data', 'is empty'],
    [
      'a file over 512 KB',
      { type: 'image/svg+xml', data: 'A'.repeat(700_000) },
      'data',
      'must be at most 512 KB',
    ],
    [
      'a JPEG sent as PNG',
      { type: 'image/png', data: Buffer.from('ffd8ffe000104a464946', 'hex').toString('base64') },
      'data',
      'is not a PNG file',
    ],
    [
      'a cut-short PNG',
      { type: 'image/png', data: pngOf(50, 50).subarray(0, 60).toString('base64') },
      'data',
      'damaged PNG',
    ],
    [
      'a PNG claiming 20000 pixels',
      { type: 'image/png', data: hugePng().toString('base64') },
      'data',
      'at most 4096 pixels',
    ],
    [
      'an SVG that is not XML',
      { type: 'image/svg+xml', data: Buffer.from('<svg><rect>').toString('base64') },
      'data',
      'is not a readable SVG file',
    ],
    [
      'HTML sent as SVG',
      { type: 'image/svg+xml', data: Buffer.from('<html><body/></html>').toString('base64') },
      'data',
      'is not an SVG file',
    ],
    [
      'an SVG that draws nothing',
      { type: 'image/svg+xml', data: Buffer.from(svg('<script>alert(1)</script>')).toString('base64') },
      'data',
      'draws nothing visible',
    ],
    [
      'a PNG sent as SVG',
      { type: 'image/svg+xml', data: pngOf(8, 8).toString('base64') },
      'data',
      'is not a readable SVG file',
    ],
    ['an extra field', { type: 'image/png', data: pngOf(8, 8).toString('base64'), name: 'x' }, 'body', null],
  ])(
    'refuses %s with a 400 naming the field, and keeps the logo as it was',
    async (_, payload, field, message) => {
      const before = await app.db('branding_logo').select('digest');
      const auditsBefore = (await audits()).length;
      const { status, body } = await app.request<ErrorBody>({
        method: 'PUT',
        url: LOGO,
        headers: admin.headers,
        payload,
      });
      expect(status).toBe(400);
      expect(body.issues?.[0]?.field ?? 'body').toBe(field);
      if (message) expect(body.message).toContain(message);
      expect(await app.db('branding_logo').select('digest')).toEqual(before);
      expect(await audits()).toHaveLength(auditsBefore);
    },
  );

  it('is carried by the public configuration, and a new logo is read at once (the cache is cleared)', async () => {
    const first = (await upload('image/png', pngOf(64, 32, '#00f'))).body.logo!;
    const config = async () => (await app.request<PublicConfig>({ url: '/api/config' })).body;
    expect((await config()).branding).toEqual({ accentColor: '#215db0', logoUrl: first.url });
    expect(pixelOf((await served(first.url)).rawPayload, 1, 1)).toBe('#0000ffff');

    const second = (await upload('image/png', pngOf(64, 32, '#0f0'))).body.logo!;
    expect(second.digest).not.toBe(first.digest);
    expect((await config()).branding.logoUrl).toBe(second.url);
    // An older address (in an email sent before) shows the current logo, kept only briefly.
    const old = await served(first.url);
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toContain('max-age=60');
    expect(pixelOf(old.rawPayload, 1, 1)).toBe('#00ff00ff');
  });

  it('removes it: audited, gone from the public configuration, the address answers 404', async () => {
    const before = (await app.request<LogoState>({ url: LOGO, headers: admin.headers })).body.logo!;
    const { status, body } = await app.request<LogoState>({
      method: 'DELETE',
      url: LOGO,
      headers: admin.headers,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ logo: null });
    expect((await app.request<PublicConfig>({ url: '/api/config' })).body.branding.logoUrl).toBeNull();
    expect((await served(before.url)).statusCode).toBe(404);
    const record = (await audits()).at(-1);
    expect(record).toMatchObject({ action: 'branding.logo_remove', summary: { removed: before.digest } });
  });

  it('is for approved admins only, and refuses an address that is not a digest', async () => {
    expect((await app.request({ url: LOGO })).status).toBe(401);
    expect((await app.request({ method: 'PUT', url: LOGO, payload: {} })).status).toBe(401);
    const member = await signedInAs(app, await createTestUser(app.db, { role: 'user', status: 'approved' }));
    expect((await app.request({ method: 'DELETE', url: LOGO, headers: member.headers })).status).toBe(403);
    expect((await app.request<ErrorBody>({ url: '/api/branding/logo/abc' })).body.issues?.[0]?.field).toBe(
      'params.digest',
    );
  });
});

/** A valid PNG header claiming 20000 × 20000 pixels, checksums right. */
function hugePng(): Buffer {
  const png = Buffer.from(pngOf(8, 8));
  png.writeUInt32BE(20000, 16);
  png.writeUInt32BE(20000, 20);
  // The header chunk's CRC covers its type and data (bytes 12 to 29).
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
