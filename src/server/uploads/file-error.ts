import { type DomainError, fail } from '../platform/errors';

/** How the `file` field is refused: missing, empty or broken (`fileInvalid`), too large (`fileTooLarge`), a type not taken (`fileUnsupported`). */
export type FileRefusal = 'fileInvalid' | 'fileTooLarge' | 'fileUnsupported';

/** A refusal of the `file` field: `Berkas ditolak: <reason>`, the reason also the field's message. */
export function fileError(refusal: FileRefusal, reason: string): DomainError {
  return fail(refusal, { reason }, { fields: [{ field: 'file', message: reason }] });
}
