/**
 * The speculation rules every page carries (same-site links prefetched on hover): one constant, so
 * the script policy can allow exactly this inline script by its hash (script-policy.ts).
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ where: { href_matches: '/*' }, eagerness: 'moderate' }],
});
