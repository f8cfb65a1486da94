import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.js';
import { ContentCache, contentWriter } from '../../db/content-cache.js';
import { saveSettings } from '../settings/settings-service.js';
import { testDatabaseKinds, type TestDatabase } from '../../test/test-database.js';
import { logoDigest, readBranding, readLogo, removeLogo, saveLogo } from './branding-service.js';

/** A real PNG of `width` × `height` in one colour. */
function pngOf(width: number, height: number, fill: string): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/></svg>`;
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
}

describe.each(testDatabaseKinds)('the branding on $name', (kind) => {
  let database: TestDatabase;
  let config: Config;
  const cache = new ContentCache();
  const write = () => contentWriter(database.db, cache);

  beforeAll(async () => {
    database = await kind.create();
    config = loadConfig({ NODE_ENV: 'test' }, { databaseUrl: database.url });
  });
  afterAll(() => database?.destroy());

  it("starts on the product's own colour and no logo", async () => {
    expect(await readBranding(database.db, cache, config)).toEqual({ accentColor: '#215db0', logo: null });
  });

  it('reads a saved logo and colour once written through the content writer, which clears the cache', async () => {
    // Read before the write, so the cache holds the old branding the write must drop.
    await readBranding(database.db, cache, config);
    const png = pngOf(120, 40, '#c00');
    const stored = await write()((trx) =>
      saveLogo(trx, { png, width: 120, height: 40, uploadedType: 'image/png' }, null),
    );
    expect(stored).toMatchObject({
      width: 120,
      height: 40,
      digest: logoDigest(png),
      uploadedType: 'image/png',
    });
    await write()((trx) => saveSettings(trx, { accentColor: '#00aa77' }, config, null));

    const branding = await readBranding(database.db, cache, config);
    expect(branding.accentColor).toBe('#00aa77');
    expect(branding.logo).toEqual({ png, width: 120, height: 40 });
    expect(Buffer.isBuffer(branding.logo!.png)).toBe(true);
    // Served from memory from now on: the same object, with no second read of the table.
    expect(await readLogo(database.db, cache)).toBe(await readLogo(database.db, cache));
  });

  it('keeps one logo at most: a new one replaces it, and removing it brings back none', async () => {
    const second = pngOf(64, 64, '#00f');
    await write()((trx) =>
      saveLogo(trx, { png: second, width: 64, height: 64, uploadedType: 'image/svg+xml' }, null),
    );
    expect(await database.db('branding_logo').count({ n: '*' })).toEqual([{ n: '1' }]);
    expect((await readBranding(database.db, cache, config)).logo).toEqual({
      png: second,
      width: 64,
      height: 64,
    });

    const removed = await write()((trx) => removeLogo(trx));
    expect(removed?.digest).toBe(logoDigest(second));
    expect((await readBranding(database.db, cache, config)).logo).toBeNull();
    expect(await write()((trx) => removeLogo(trx))).toBeNull();
  });

  it('refuses a second row at the database too', async () => {
    const png = pngOf(8, 8, '#000');
    const row = { png, width: 8, height: 8, digest: logoDigest(png), uploaded_type: 'image/png' };
    await database.db('branding_logo').insert({ id: 1, ...row });
    await expect(database.db('branding_logo').insert({ id: 2, ...row })).rejects.toThrow(
      /branding_logo_one_row/,
    );
  });
});
