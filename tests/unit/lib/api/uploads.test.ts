import { describe, expect, it } from 'vitest';
import { ApiRequestError, createApiClient, uploadFile } from '~/lib/api';
import { json, SITE } from './fakes';

const UPLOADED = {
  id: '3f0c6a52-8d1e-4b7a-9c2f-5e4d3c2b1a09',
  token: 't'.repeat(43),
  mimeType: 'application/pdf',
  bytes: 5,
  name: 'surat.pdf',
};

/** A client on a fake upload service that keeps each request as it arrived. */
function setup(answer: () => Response = () => json(201, { statusCode: 201, message: 'Berkas diunggah', data: UPLOADED })) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return answer();
  };
  const client = createApiClient({
    bases: { upload: `${SITE}/api/upload/` },
    fetch: fetch as typeof globalThis.fetch,
    credentials: { appToken: 'DEMO.abc', lmsId: 'lms-1', accessToken: 'rahasia' },
  });
  return { client, requests };
}

describe('uploadFile', () => {
  it('posts the file and its purpose as multipart/form-data to the upload base, with the site credentials', async () => {
    const { client, requests } = setup();
    const sent = await uploadFile(client, new Blob(['%PDF-'], { type: 'text/html' }), 'letter', 'Surat Kepala Sekolah.pdf');
    expect(sent).toEqual(UPLOADED);
    const request = requests[0] as Request;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`${SITE}/api/upload/`);
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get('AppToken')).toBe('DEMO.abc');
    expect(request.headers.get('lmsId')).toBe('lms-1');
    expect(request.headers.get('Authorization')).toBe('Bearer rahasia');
    const form = await request.formData();
    expect(form.get('purpose')).toBe('letter');
    const file = form.get('file') as File;
    expect(file.name).toBe('Surat Kepala Sekolah.pdf');
    expect(await file.text()).toBe('%PDF-');
  });

  it("throws the service's refusal as an ApiRequestError naming the field", async () => {
    const refusal = {
      statusCode: 415,
      message: 'Berkas ditolak: jenis berkas tidak didukung',
      fields: [{ field: 'file', message: 'jenis berkas tidak didukung' }],
    };
    const { client } = setup(() => json(415, refusal));
    const failure = await uploadFile(client, new Blob(['<svg/>']), 'image', 'foto.jpg').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ statusCode: 415, fields: refusal.fields });
  });
});
