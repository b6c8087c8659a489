import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { PAYOUT_STATE_LABELS, PAYOUT_STATES, type Payout, type PayoutState } from '~/contract/payments';
import { formatRupiah } from '~/lib/format/money';
import { momentText } from '~/lib/payments/countdown';
import type { Bank } from './use-banks';
import type { PayoutList as List } from './use-payout-list';

interface Props {
  list: List;
  banks: Bank[];
  /** Names the list for assistive technology. */
  label: string;
  /** Admins see whose request each is. */
  showMentor?: boolean;
  empty: string;
  /** A row's own controls (approve, reject), below its facts. */
  actions?: (payout: Payout) => ReactNode;
}

/** Status, bank and search filters: the selects apply at once, the search on 'Cari' (or Enter). */
function Filters({ list, banks }: Pick<Props, 'list' | 'banks'>) {
  const id = useId();
  const [search, setSearch] = useState(list.filters.search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.filter({ search: search.trim() });
  };
  return (
    <form className="payout-filters" aria-label="Saring pencairan" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={list.filters.status}
          onChange={(event) => list.filter({ status: event.target.value as PayoutState | '' })}
        >
          <option value="">Semua status</option>
          {PAYOUT_STATES.map((state) => (
            <option key={state} value={state}>
              {PAYOUT_STATE_LABELS[state]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-bank`}>Bank</label>
        <select id={`${id}-bank`} value={list.filters.bank} onChange={(event) => list.filter({ bank: event.target.value })}>
          <option value="">Semua bank</option>
          {banks.map((bank) => (
            <option key={bank.code} value={bank.code}>
              {bank.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-search`}>Cari nama atau email</label>
        <input id={`${id}-search`} type="search" value={search} maxLength={100} onChange={(event) => setSearch(event.target.value)} />
      </div>
      <div>
        <button className="btn btn--secondary" type="submit">
          Cari
        </button>
      </div>
    </form>
  );
}

/** One payout request: amount and state, then who, where and when. */
function PayoutRow({ payout, showMentor, actions }: { payout: Payout; showMentor: boolean; actions: Props['actions'] }) {
  const facts: [string, string][] = [
    ...(showMentor ? ([['Mentor', payout.mentorName]] as [string, string][]) : []),
    ['Penerima', `${payout.name} (${payout.email})`],
    ['Bank', payout.bankName],
    ['Nomor rekening', payout.accountNumber],
    ['Diajukan', momentText(payout.requestedAt)],
  ];
  if (payout.decidedAt) facts.push([payout.status === 'rejected' ? 'Ditolak' : 'Disetujui', momentText(payout.decidedAt)]);
  if (payout.decidedBy) facts.push(['Diputuskan oleh', payout.decidedBy]);
  if (payout.reason) facts.push(['Alasan', payout.reason]);
  return (
    <li className="payout-item" data-payout={payout.id} data-state={payout.status}>
      <div className="payout-item__head">
        <p className="payout-item__amount">{formatRupiah(payout.amount)}</p>
        <span className="payout-state" data-state={payout.status}>
          {PAYOUT_STATE_LABELS[payout.status]}
        </span>
      </div>
      <dl className="payout-item__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {actions?.(payout)}
    </li>
  );
}

/** A filtered, paged list of payout requests (10 a page) with its loading, failure and empty states. */
export function PayoutList({ list, banks, label, showMentor = false, empty, actions }: Props) {
  const { load } = list;
  let body: ReactNode;
  if (load.state === 'loading') body = <p role="status">Memuat daftar pencairan…</p>;
  else if (load.state === 'failed')
    body = (
      <div className="form-alert" role="alert">
        <p>{load.message}</p>
        <button className="btn btn--secondary" type="button" onClick={list.reload}>
          Coba lagi
        </button>
      </div>
    );
  else {
    const { items, page, totalPages, totalItems } = load.result;
    body = (
      <>
        <p className="form__counter" role="status">
          {totalItems === 0 ? empty : `${totalItems} permintaan · halaman ${page} dari ${Math.max(1, totalPages)}`}
        </p>
        {items.length > 0 && (
          <ul className="payout-list" aria-label={label}>
            {items.map((payout) => (
              <PayoutRow key={payout.id} payout={payout} showMentor={showMentor} actions={actions} />
            ))}
          </ul>
        )}
        {totalPages > 1 && (
          <nav className="payout-pages" aria-label={`Halaman ${label.toLowerCase()}`}>
            <button className="btn btn--ghost" type="button" disabled={page <= 1} onClick={() => list.filter({ page: page - 1 })}>
              ‹ Sebelumnya
            </button>
            <button className="btn btn--ghost" type="button" disabled={page >= totalPages} onClick={() => list.filter({ page: page + 1 })}>
              Berikutnya ›
            </button>
          </nav>
        )}
      </>
    );
  }
  return (
    <>
      <Filters list={list} banks={banks} />
      {body}
    </>
  );
}
