/** The token of an emailed link, from the address's fragment (which never reaches a server or a log). */
export function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}
