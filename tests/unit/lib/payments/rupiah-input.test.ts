import { describe, expect, it } from 'vitest';
import { PayoutRequestSchema } from '~/contract/payments';
import { groupRupiah } from '~/lib/payments/rupiah-input';

describe('groupRupiah', () => {
  it('groups thousands with dots, as the payout form shows the amount', () => {
    expect(groupRupiah('10000')).toBe('10.000');
    expect(groupRupiah('Rp 250000')).toBe('250.000');
    expect(groupRupiah('rp.1500000')).toBe('1.500.000');
    expect(groupRupiah('1.5000')).toBe('15.000');
    expect(groupRupiah(' 007500 ')).toBe('7.500');
    expect(groupRupiah('999')).toBe('999');
  });

  it('leaves anything else as typed, for the schema to say what is wrong', () => {
    expect(groupRupiah('')).toBe('');
    expect(groupRupiah('10.000,50')).toBe('10.000,50');
    expect(groupRupiah('sepuluh ribu')).toBe('sepuluh ribu');
  });

  it('gives what the contract reads as the same whole rupiah', () => {
    const parsed = PayoutRequestSchema.safeParse({
      name: 'Rizky Pratama',
      email: 'rizky@contoh.id',
      bank: '014',
      accountNumber: '1234567890',
      amount: groupRupiah('Rp 1250000'),
    });
    expect(parsed.success && parsed.data.amount).toBe(1_250_000);
  });
});
