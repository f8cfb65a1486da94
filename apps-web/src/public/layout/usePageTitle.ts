import { useEffect } from 'react';

/** Sets the document title for the current page. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
