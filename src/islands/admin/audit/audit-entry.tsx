import type { AuditEntry } from '~/contract/audit';
import { formatStamp } from '../kit';
import { actionLabel, actorRoleLabel, fieldLabel, targetLabel, valueText } from './audit-labels';

/** The fields an entry changed: both sides' keys, in the order they came. */
const changedFields = (entry: AuditEntry): string[] => [
  ...new Set([...Object.keys(entry.summary.before ?? {}), ...Object.keys(entry.summary.after ?? {})]),
];

/** The before/after summary folded: each field with its value before and after. */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry);
  if (fields.length === 0) return <span className="admin-cell-note">Tanpa rincian</span>;
  const { before = {}, after = {} } = entry.summary;
  return (
    <details className="audit-changes">
      <summary>
        Lihat perubahan ({fields.length === 1 ? fieldLabel(fields[0] as string) : `${fields.length} kolom`})
        <span className="visually-hidden"> pada entri {entry.id}</span>
      </summary>
      <dl>
        {fields.map((field) => (
          <div key={field}>
            <dt>{fieldLabel(field)}</dt>
            <dd>
              <span className="audit-changes__side">Sebelum:</span> {valueText(field, before[field])}
            </dd>
            <dd>
              <span className="audit-changes__side">Sesudah:</span> {valueText(field, after[field])}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** One staff write: when, who (name and role as they were), what, on what, and what changed. */
export function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr>
      <td>{formatStamp(entry.createdAt)}</td>
      <td>
        {entry.actorName}
        <span className="admin-cell-note">{actorRoleLabel(entry.actorRole)}</span>
      </td>
      <th scope="row">
        {actionLabel(entry.action)}
        <span className="admin-cell-note">
          <code>{entry.action}</code>
        </span>
      </th>
      <td>{targetLabel(entry.target)}</td>
      <td>
        <Changes entry={entry} />
      </td>
    </tr>
  );
}
