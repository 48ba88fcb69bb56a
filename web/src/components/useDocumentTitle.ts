import { useEffect } from 'react';

/** The tab title (and what a screen reader announces on navigation): "<page> · Moba". */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Moba` : 'Moba';
  }, [title]);
}
