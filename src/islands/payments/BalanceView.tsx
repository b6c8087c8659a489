import type { PayoutBalance } from '~/contract/payments';
import { formatRupiah } from '~/lib/format/money';

/** A mentor's money: available to ask for, held for requests, paid out and earned in all. */
export function BalanceView({ balance }: { balance: PayoutBalance }) {
  const figures: [string, number, string | undefined][] = [
    ['Saldo tersedia', balance.available, 'payout-balance__available'],
    ['Ditahan (menunggu persetujuan)', balance.held, undefined],
    ['Sudah dicairkan', balance.paidOut, undefined],
    ['Total pendapatan', balance.earned, undefined],
  ];
  return (
    <dl className="payout-balance">
      {figures.map(([term, amount, className]) => (
        <div key={term} className={className}>
          <dt>{term}</dt>
          <dd>{formatRupiah(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
