import { rolldown } from 'rolldown';
import { afterEach, describe, expect, it, vi } from 'vitest';
import config from '../vite.config.js';

describe('the web build options', () => {
  afterEach(() => vi.restoreAllMocks());

  it('bundle with no deprecation warning, the typed client in a chunk of its own', async () => {
    const said: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void said.push(args.join(' ')));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => {
      said.push(String(chunk));
      return true;
    });
    const bundle = await rolldown({
      input: 'entry',
      plugins: [
        {
          name: 'virtual',
          resolveId: (id) => id,
          load: (id) =>
            id === 'entry'
              ? "import('/x/shared/src/client/api.ts').then((m) => m.f());"
              : 'export const f = () => 1;',
        },
      ],
      onLog: (_level, log) => void said.push(log.message),
    });
    const output = (config as { build: { rolldownOptions: { output: object } } }).build.rolldownOptions
      .output;
    const { output: chunks } = await bundle.generate(output);
    await bundle.close();
    stderr.mockRestore();
    expect(said.filter((text) => /deprecat/i.test(text))).toEqual([]);
    expect(chunks.map((chunk) => chunk.name)).toContain('api-client');
  });
});
