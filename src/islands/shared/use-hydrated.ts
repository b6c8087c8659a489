import { useEffect, useState } from 'react';

/**
 * False in the server-rendered markup and until hydration, true after: forms keep their submit
 * button disabled until then, so a click before the island runs never posts the password as a
 * plain form (islands README "Before hydration").
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
