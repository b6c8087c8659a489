import sharp from 'sharp';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits text into lines of at most `width` characters, breaking at spaces. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

/**
 * The default share image of a tenant (1200×630 PNG): brand gradient, site title and tagline.
 * Used as og:image / twitter:image when the tenant's meta names no image of its own.
 */
export async function renderShareImage(input: { title: string; tagline: string; primary: string; secondary: string }): Promise<Buffer> {
  const tagline = wrapText(input.tagline, 44, 3)
    .map((line, i) => `<text x="80" y="${400 + i * 52}" font-size="40" fill="#ffffff" fill-opacity="0.9">${escapeXml(line)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${input.primary}"/><stop offset="1" stop-color="${input.secondary}"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="1080" cy="90" r="220" fill="#ffffff" fill-opacity="0.08"/>
  <text x="80" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="76" fill="#ffffff">${escapeXml(input.title)}</text>
  <g font-family="DejaVu Sans, Arial, sans-serif">${tagline}</g>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
