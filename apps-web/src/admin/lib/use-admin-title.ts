import { useEffect } from 'react';

/** Sets the document title of an admin screen: "{title} · Admin Portal". */
export function useAdminTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Admin Portal`;
  }, [title]);
}
