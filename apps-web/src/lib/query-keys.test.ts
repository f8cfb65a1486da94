import { describe, expect, it } from 'vitest';
import { queryKey, urlKey } from './query-keys.js';

describe('query keys', () => {
  it('key a read by its path, then what tells its answers apart', () => {
    expect(queryKey('listAdminPillars')).toEqual(['/api/admin/pillars']);
    expect(queryKey('listSubmissions', { page: 2, search: '' })).toEqual([
      '/api/admin/submissions',
      { page: 2, search: '' },
    ]);
  });

  it('key the results by their address, where the admin invalidates them', () => {
    expect(urlKey('getResults', { submissionId: 'abc' })).toEqual(['/api/assessment/results/abc']);
  });
});
