import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, UPLOAD_TOKEN_HEADER, type UploadPurpose } from '~/contract/uploads';
import type { ApiDeps, ApiEnv } from '../context';
import { accessTokenOf } from '../http/credentials';
import { domainErrorResponse } from '../http/errors';
import { enforceLimit, rateLimit } from '../http/rate-limit';
import { created } from '../http/respond';
import { requireAppToken, userOfToken } from '../identity';
import { fail } from '../platform/errors';
import { fileError } from './file-error';
import { acceptFile, tooLarge } from './intake';
import { contentDisposition, displayName } from './names';
import { findUpload, holdsToken, saveUpload } from './records';

/** Uploads per address and hour: a registration sends a letter and a few photos, retries included. */
const UPLOADS_PER_ADDRESS = { name: 'upload-address', limit: 30, windowMs: 3_600_000 };
/** Uploads per tenant and hour: bounds what many addresses together can store for one tenant (5 GB at most). */
const UPLOADS_PER_TENANT = { name: 'upload-tenant', limit: 1000, windowMs: 3_600_000 };
/** Reads per address and minute: a page of thumbnails is far less. */
const READS_PER_ADDRESS = { name: 'upload-read', limit: 300, windowMs: 60_000 };

/** This route's body limit (the API's is 64 KB): the largest file and room for the multipart framing. */
export const UPLOAD_BODY_BYTES = Math.max(UPLOAD_MAX_BYTES.image, UPLOAD_MAX_BYTES.pdf) + 64 * 1024;

/** Served files run nothing: no scripts, no plugins, no same-origin powers even when opened directly. */
const SERVED_CSP = "default-src 'none'; sandbox";

/**
 * The file upload service (SPEC §7), mounted at `/api/upload/`: `POST /` takes one file
 * (multipart/form-data: `file`, `purpose`) from a site with its app token, and answers an id and
 * a capability token; `GET /{id}` serves it back to that token's holder or to an admin of the
 * tenant, and answers 404 to everyone else, as if it did not exist.
 */
export function uploadRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const limitBody = bodyLimit({
    maxSize: UPLOAD_BODY_BYTES,
    onError: (c) => domainErrorResponse(c, tooLarge()),
  });

  // `/api/upload` and `/api/upload/` alike: the client calls the base itself, which ends in a slash.
  app.on(
    'POST',
    ['/', '/:root{^$}'],
    rateLimit(deps, UPLOADS_PER_ADDRESS),
    requireAppToken(deps),
    async (c, next) => {
      await enforceLimit(deps, UPLOADS_PER_TENANT, c.get('tenant').lmsId);
      await next();
    },
    limitBody,
    async (c) => {
      const tenant = c.get('tenant');
      const { file, purpose } = await readForm(c);
      const accepted = await acceptFile(new Uint8Array(await file.arrayBuffer()), purpose);
      const user = await signedInUser(c);
      const uploaded = await saveUpload(deps.db, deps.uploads, {
        lmsId: tenant.lmsId,
        purpose,
        userId: user && user.lmsId === tenant.lmsId ? user.id : undefined,
        name: displayName(file.name),
        file: accepted,
      });
      return created(c, uploaded, 'Berkas diunggah');
    },
  );

  app.get('/:id', rateLimit(deps, READS_PER_ADDRESS), async (c) => {
    const row = await findUpload(deps.db, c.req.param('id'));
    const token = c.req.header(UPLOAD_TOKEN_HEADER) ?? c.req.query('token');
    if (!row || !(holdsToken(row, token) || (await isAdminOf(c, row.lmsId)))) throw fail('uploadNotFound');
    const blob = await deps.uploads.get(row.storageKey);
    if (!blob) {
      console.error(`[upload] berkas ${row.id} (${row.storageKey}) hilang dari penyimpanan ${deps.uploads.name}`);
      throw fail('uploadNotFound');
    }
    c.header('Cache-Control', 'private, no-store');
    return c.body(blob.bytes, 200, {
      'Content-Type': row.mimeType,
      'Content-Length': String(row.bytes),
      'Content-Disposition': contentDisposition(row.originalName, row.mimeType),
      'Content-Security-Policy': SERVED_CSP,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  /** The signed-in user behind the request's access token, if any (any tenant: callers compare). */
  const signedInUser = async (c: Context<ApiEnv>) => {
    const credential = accessTokenOf(c);
    return credential ? await userOfToken(deps.db, credential.value) : undefined;
  };
  const isAdminOf = async (c: Context<ApiEnv>, lmsId: string) => {
    const user = await signedInUser(c);
    return user?.lmsId === lmsId && (user.role === 'admin' || user.role === 'superadmin');
  };

  return app;
}

/** The form's one `file` and its `purpose`; 400 naming the field otherwise. */
async function readForm(c: Context<ApiEnv>): Promise<{ file: File; purpose: UploadPurpose }> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('Content-Type') ?? ''))
    throw fileError('fileInvalid', 'kirim berkas sebagai multipart/form-data');
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw fileError('fileInvalid', 'isi multipart/form-data tidak dapat dibaca');
  }
  const files = form.getAll('file');
  const [file] = files;
  if (files.length !== 1 || !(file instanceof File)) throw fileError('fileInvalid', 'kirim tepat satu berkas di field file');
  const purpose = form.get('purpose');
  if (typeof purpose !== 'string' || !(UPLOAD_PURPOSES as readonly string[]).includes(purpose)) {
    const message = `purpose harus salah satu dari: ${UPLOAD_PURPOSES.join(', ')}`;
    throw fail('invalid', { fields: [{ field: 'purpose', message }] });
  }
  return { file, purpose: purpose as UploadPurpose };
}
