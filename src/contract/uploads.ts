import { miniEnvelope, z } from './mini';

/*
 * The file upload service (SPEC §7: "a POST to the file upload service"): a form sends a file,
 * gets back an id and a capability token, and names both in its own submission (the league's
 * recommendation letter). zod/mini, as the registration islands import it.
 */

/** What a file is for: `letter` (a PDF or a photo of it) or `image` (a photo). */
export const UPLOAD_PURPOSES = ['letter', 'image'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Largest file the service takes, per kind: a phone photo or a scanned letter fits well within it. */
export const UPLOAD_MAX_BYTES = { image: 5 * 1024 * 1024, pdf: 5 * 1024 * 1024 } as const;

/** The types each purpose takes, as recognised from the bytes (never the name). Images are re-encoded. */
export const UPLOAD_TYPES = {
  letter: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
  image: ['image/jpeg', 'image/png', 'image/webp'],
} as const satisfies Record<UploadPurpose, readonly string[]>;

/** The header that carries an upload's capability token when reading it back (or the `token` query parameter). */
export const UPLOAD_TOKEN_HEADER = 'X-Upload-Token';

/** POST on the upload base: the stored file. `token` is shown once; keep it to read or reference the file. */
export const UploadedSchema = z.object({
  id: z.string(),
  token: z.string(),
  /** The type the bytes were recognised as, after re-encoding (an image keeps its format). */
  mimeType: z.string(),
  bytes: z.number(),
  /** The file name the sender gave, cleaned, for display only. */
  name: z.string(),
});
export type Uploaded = z.infer<typeof UploadedSchema>;
export const UploadResponseSchema = miniEnvelope(UploadedSchema);
