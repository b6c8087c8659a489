import { useState } from 'react';
import type { ControlProps } from './Field';

interface Props extends ControlProps {
  value: string;
  autoComplete: 'current-password' | 'new-password';
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** A password input with a show/hide toggle (a button tied to it with `aria-controls` and `aria-pressed`). */
export function PasswordInput({ value, onChange, onBlur, ...control }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <div className="password">
      <input
        {...control}
        type={shown ? 'text' : 'password'}
        value={value}
        maxLength={200}
        required
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <button type="button" aria-controls={control.id} aria-pressed={shown} onClick={() => setShown(!shown)}>
        {shown ? 'Sembunyikan' : 'Tampilkan'}
        <span className="visually-hidden"> kata sandi</span>
      </button>
    </div>
  );
}
