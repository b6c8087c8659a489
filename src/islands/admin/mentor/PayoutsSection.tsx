import type { AdminViewer } from '~/lib/admin/viewer';
import PayoutApprovals from '../../payments/PayoutApprovals';
import Payouts from '../../payments/Payouts';

/**
 * /Admin/Pencairan: a mentor's own payouts (balance, request form, history) as /Akun/Pencairan has
 * them; for an admin or superadmin, the approval queue of /Akun/Pencairan/Persetujuan. The same
 * islands, each with its own boundary and sign-in check; the API decides who may do what.
 */
export default function PayoutsSection({ viewer }: { viewer: AdminViewer }) {
  return viewer.role === 'mentor' ? <Payouts /> : <PayoutApprovals />;
}
