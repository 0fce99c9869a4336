import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { PAGE_SIZES } from '../../contract/common';
import { formatNumber } from '../lib/format';
import { useLatest } from '../lib/latest';

/** How long the box waits after the last key before it tells the list (and the address) what to look for. */
const TYPING_PAUSE_MS = 250;

/**
 * A labelled text filter of an admin list. It holds what is typed and passes it on once the typing
 * pauses: the address it is bound to changes a moment after each call, and a box that showed the
 * address would lose the keys typed meanwhile. A change of the address made elsewhere (back,
 * a link) shows in the box.
 */
export function TextFilter({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const [typed, setTyped] = useState(value);
  const [typing, setTyping] = useState(false);
  const [shown, setShown] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The timer calls the newest onChange: the one of its keystroke would write an address that other filters have changed since.
  const latest = useLatest(onChange);
  if (value !== shown) {
    setShown(value);
    if (!typing) setTyped(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <label className="field">
      <span>{label}</span>
      <input
        className="input"
        type="search"
        value={typed}
        placeholder={placeholder}
        onChange={(event) => {
          const next = event.target.value;
          setTyped(next);
          setTyping(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            setTyping(false);
            latest.current(next);
          }, TYPING_PAUSE_MS);
        }}
      />
    </label>
  );
}

/** A labelled choice filter of an admin list; the first option is usually "All". */
export function SelectFilter<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select className="input" value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** How many rows a page of the list shows: 20, 50 or 100, kept in the address with the filters. */
export function PageSizeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const options = PAGE_SIZES.map((size) => ({ value: String(size), label: formatNumber(size) }));
  return <SelectFilter label={t`Per page`} value={value} options={options} onChange={onChange} />;
}
