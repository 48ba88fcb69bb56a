import { useEffect, useState } from 'react';
import type { OpenByCrop } from '@moba/contracts';

/**
 * How many Open mobas each crop has now, asked for after the page has shown (the page is
 * pre-rendered and carries no API code). Undefined until the answer comes, or if it fails: the
 * page then keeps the counts the gateway wrote into its HTML.
 */
export function useOpenByCrop(): OpenByCrop['crops'] | undefined {
  const [counts, setCounts] = useState<OpenByCrop['crops']>();
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/vacancies/open-by-crop', { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<OpenByCrop>) : Promise.reject(new Error())))
      .then((answer) => setCounts(answer.crops))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return counts;
}
