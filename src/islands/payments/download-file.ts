import type { DownloadedFile } from '~/lib/api/download';

/**
 * Hands a fetched file to the browser as a download: an object URL on a temporary link with the
 * file's name (the API may be on another origin, so a plain link could not carry the credential
 * headers). The URL is released once the browser has taken the file.
 */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
