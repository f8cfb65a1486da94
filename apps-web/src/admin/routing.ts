import { createContext, useCallback, useContext } from 'react';

/** The path the admin routes are mounted under: /admin in the browser. */
export const AdminBasePathContext = createContext('/admin');

/** Absolute link targets for admin screens, whatever path the host mounted the admin app under. */
export function useAdminHref(): (path: string) => string {
  const base = useContext(AdminBasePathContext);
  return useCallback((path: string) => (path ? `${base}/${path}` : base), [base]);
}
