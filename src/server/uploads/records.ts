import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Uploaded, UploadPurpose } from '~/contract/uploads';
import type { Db, Tx } from '../db/client';
import { uploads } from '../db/schema';
import { hashSecret } from '../platform/hash';
import { type BlobStore, EXTENSIONS } from './blob-store';
import type { AcceptedFile } from './intake';

export type UploadRow = typeof uploads.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `<tenant>/<id>.<ext>`: made here from the tenant's lms id and a fresh id, never from anything sent. */
export function uploadKey(lmsId: string, id: string, mimeType: string): string {
  const tenant = /^[\w-]{1,64}$/.test(lmsId) ? lmsId : createHash('sha256').update(lmsId).digest('hex').slice(0, 32);
  return `${tenant}/${id}.${EXTENSIONS[mimeType] ?? 'bin'}`;
}

export interface NewUpload {
  lmsId: string;
  purpose: UploadPurpose;
  userId: string | undefined;
  /** Already cleaned by `displayName`. */
  name: string;
  file: AcceptedFile;
}

/**
 * Stores the file, then its row, and hands out the capability token (only its hash is kept). A
 * row that cannot be written takes its file with it, so no row ever names a missing file.
 */
export async function saveUpload(db: Db, store: BlobStore, upload: NewUpload): Promise<Uploaded> {
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const { bytes, mimeType } = upload.file;
  const storageKey = uploadKey(upload.lmsId, id, mimeType);
  await store.put(storageKey, bytes, mimeType);
  try {
    await db.insert(uploads).values({
      id,
      lmsId: upload.lmsId,
      storageKey,
      mimeType,
      bytes: bytes.length,
      originalName: upload.name,
      purpose: upload.purpose,
      userId: upload.userId ?? null,
      accessHash: hashSecret(token),
    });
  } catch (error) {
    await store.delete(storageKey).catch(() => {});
    throw error;
  }
  return { id, token, mimeType, bytes: bytes.length, name: upload.name };
}

/** The upload with this id, or undefined (also for a malformed id). */
export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

/** Whether `token` is the capability token handed out for `row` (compared in constant time). */
export function holdsToken(row: Pick<UploadRow, 'accessHash'>, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(hashSecret(token), 'hex');
  const stored = Buffer.from(row.accessHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * The upload a submission may reference: one of tenant `lmsId` whose capability token is `token`,
 * i.e. sent by whoever submits now (the league registration checks its letter this way). Undefined
 * for any other id, tenant or token, alike.
 */
export async function uploadUsableBy(
  db: Db | Tx,
  lmsId: string,
  uploadId: string,
  token: string,
): Promise<{ id: string; purpose: UploadPurpose; mimeType: string } | undefined> {
  if (!UUID.test(uploadId)) return undefined;
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.lmsId, lmsId)))
    .limit(1);
  if (!row || !holdsToken(row, token)) return undefined;
  return { id: row.id, purpose: row.purpose as UploadPurpose, mimeType: row.mimeType };
}
