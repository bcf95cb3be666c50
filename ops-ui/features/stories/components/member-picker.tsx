import { Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { describeApiError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type MemberRef, useMemberLookup } from '../api/stories';

export interface MemberPickerProps {
  label: string;
  value: MemberRef | null;
  onChange: (member: MemberRef | null) => void;
  error?: string;
}

/** Finds a member by name or username (GET /api/ops/members/lookup) and holds the one picked. */
export function MemberPicker({ label, value, onChange, error }: MemberPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim().toLowerCase(), 250);
  const lookup = useMemberLookup(q);
  const errorId = `${id}-error`;

  if (value) {
    return (
      <div className="ops-field">
        <span className="ops-field__label" id={`${id}-label`}>
          {label}
        </span>
        {/* biome-ignore lint/a11y/useSemanticElements: the chosen member and its Change button, named by the field's label; not a set of form fields */}
        <div className="ops-picked" role="group" aria-labelledby={`${id}-label`}>
          <span className="ops-picked__name">{value.fullName}</span>
          <span className="ops-cell-muted">@{value.username}</span>
          <Button size="sm" variant="ghost" aria-label={`Change ${label.toLowerCase()}`} onClick={() => onChange(null)}>
            <X aria-hidden="true" size={14} />
            Change
          </Button>
        </div>
      </div>
    );
  }

  const results = q.length >= 2 ? (lookup.data ?? []) : [];
  return (
    <div className="ops-field ops-picker">
      <label className="ops-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="ops-picker__input">
        <Search aria-hidden="true" size={14} />
        <input
          id={id}
          type="search"
          className="ops-field__input"
          placeholder="Type a name or username"
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </div>
      {q.length >= 2 ? (
        <ul className="ops-picker__results" aria-label={`Members matching “${q}”`}>
          {lookup.isError ? (
            <li className="ops-picker__status">{describeApiError(lookup.error, 'The search failed.')}</li>
          ) : results.length === 0 ? (
            <li className="ops-picker__status">{lookup.isFetching ? 'Searching…' : 'No member found'}</li>
          ) : (
            results.map((member) => (
              <li key={member.id}>
                <button
                  type="button"
                  className="ops-picker__option"
                  onClick={() => {
                    onChange(member);
                    setText('');
                  }}
                >
                  <span className="ops-cell-strong">{member.fullName}</span>
                  <span className="ops-cell-muted">@{member.username}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} className="ops-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
