import { useEffect, useState } from 'react';

/**
 * The current time, moved on every `intervalMs` while `running` (a countdown); the first render
 * uses `initial` so the server-rendered markup and the hydrating render agree.
 */
export function useNow(running: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs]);
  return now;
}
